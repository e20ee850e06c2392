import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { isReservedSlug } from '@zevar/domain';
import { setStoredVendorSlug } from '../../lib/storage';

/** Wraps /{vendorSlug}/...: remembers the slug as current-vendor-slug; reserved words go to '/'. */
export function VendorScope() {
  const { vendorSlug = '' } = useParams();
  const reserved = isReservedSlug(vendorSlug);

  useEffect(() => {
    if (vendorSlug && !reserved) setStoredVendorSlug(vendorSlug);
  }, [vendorSlug, reserved]);

  if (reserved) return <Navigate to="/" replace />;
  return <Outlet />;
}
