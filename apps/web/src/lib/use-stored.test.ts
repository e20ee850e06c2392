// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setStoredVendorSlug } from './storage';
import { useStoredVendorSlug } from './use-stored';

describe('the stored current vendor slug', () => {
  afterEach(() => window.localStorage.clear());

  it('is followed by the pages that need it', () => {
    const { result } = renderHook(() => useStoredVendorSlug());
    expect(result.current).toBeNull();
    act(() => setStoredVendorSlug('acme'));
    expect(result.current).toBe('acme');
  });

  it('is not followed when the URL names the shop: storing it re-renders nothing', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useStoredVendorSlug(false);
    });
    const before = renders;
    act(() => setStoredVendorSlug('acme'));
    expect(result.current).toBeNull();
    expect(renders).toBe(before);
  });
});
