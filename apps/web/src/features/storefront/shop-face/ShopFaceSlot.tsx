import { Suspense, lazy } from 'react';
import type { ShopFaceView } from './ShopFace';

// The shop face's code is its own chunk: a shop without a face costs the first load only this slot.
const ShopFace = lazy(() => import('./ShopFace'));

/** Where a reseller's shop face shows (decision 0062): nothing until its code and answer are there. */
export function ShopFaceSlot(props: ShopFaceView) {
  return (
    <Suspense fallback={null}>
      <ShopFace {...props} />
    </Suspense>
  );
}
