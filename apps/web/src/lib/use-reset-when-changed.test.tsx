// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useResetWhenChanged } from './use-reset-when-changed';

describe('useResetWhenChanged', () => {
  it('leaves the first record to the form’s default values and resets once per later record', () => {
    const reset = vi.fn();
    const first = { id: 1 };
    const { rerender } = renderHook(({ record }) => useResetWhenChanged(record, reset), {
      initialProps: { record: first },
    });
    expect(reset).not.toHaveBeenCalled();
    rerender({ record: first });
    expect(reset).not.toHaveBeenCalled();
    rerender({ record: { id: 1 } });
    rerender({ record: { id: 1 } });
    expect(reset).toHaveBeenCalledTimes(2);
  });
});
