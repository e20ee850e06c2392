// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isValid, shippingSchema, submitProblem, type ShippingValues } from './shipping-form';

const ok: ShippingValues = {
  fullName: 'Asha Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  street: '12 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560025',
};

describe('shipping form rules', () => {
  it('a filled, well-formed form is valid and passes the submit check', () => {
    expect(isValid(ok)).toBe(true);
    expect(submitProblem(ok)).toBeNull();
  });

  it('format errors make the form invalid and are reported with their own message', () => {
    expect(isValid({ ...ok, email: 'x@y' })).toBe(false);
    expect(isValid({ ...ok, phone: '12345' })).toBe(false);
    expect(isValid({ ...ok, pincode: '5600' })).toBe(false);
    expect(submitProblem({ ...ok, email: 'x@y' })).toEqual({
      title: 'Validation Error',
      message: 'Please enter a valid email address',
    });
    expect(submitProblem({ ...ok, pincode: '5600' })?.message).toBe('Please enter a valid 6-digit PIN code');
  });

  it("'Please fill all required fields' is only for empty fields", () => {
    expect(submitProblem({ ...ok, phone: ' ' })).toEqual({
      title: 'Error',
      message: 'Please fill all required fields',
    });
    expect(submitProblem({ ...ok, city: '' })?.message).toBe('Please fill in all required address fields.');
  });

  it('the state is one of the 36, and the PIN code must be able to be in it (issue 20 item 2)', () => {
    expect(isValid({ ...ok, state: 'MH' })).toBe(false);
    expect(submitProblem({ ...ok, state: 'Maharastra' })).toEqual({
      title: 'Validation Error',
      message: 'Please choose your state from the list',
    });
    expect(isValid({ ...ok, state: 'Maharashtra' })).toBe(false);
    expect(submitProblem({ ...ok, state: 'Maharashtra' })?.message).toBe(
      'This PIN code is not in Maharashtra. Please check the state and PIN code.',
    );
    expect(shippingSchema.safeParse({ ...ok, state: 'Maharashtra' }).error?.issues).toContainEqual(
      expect.objectContaining({ path: ['pincode'] }),
    );
    expect(isValid({ ...ok, state: 'Maharashtra', pincode: '411001' })).toBe(true);
  });
});
