// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ContactPage from './ContactPage';

describe('contact page', () => {
  it('shows field messages once touched and keeps Send disabled while invalid', async () => {
    const user = userEvent.setup();
    render(<ContactPage />);
    await user.type(screen.getByLabelText('Name'), 'Al');
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(await screen.findByText('Minimum 3 characters required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  });

  it("sends nothing, shows 'Sending...' for 1.5 s, then resets and thanks the shopper for 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<ContactPage />);
    await user.type(screen.getByLabelText('Name'), 'Meera Iyer');
    await user.type(screen.getByLabelText('Email'), 'meera@example.in');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.type(screen.getByLabelText('Subject'), 'Ring size');
    await user.type(screen.getByLabelText('Message'), 'Do you make this ring in size 14 as well?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.getByText("Thank you for your message! We'll get back to you soon.")).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(
      screen.queryByText("Thank you for your message! We'll get back to you soon."),
    ).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
