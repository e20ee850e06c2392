import { PLAN_LABELS, type User } from '@zevar/domain';
import { currentPlan } from './vendor-plan';

/** All Products tab: the catalogue available on the vendor's plan (being built). */
export default function AllProductsTab({ vendor }: { vendor: User }) {
  return (
    <div className="card px-6 py-12 text-center">
      <p className="eyebrow">Coming soon</p>
      <p className="mt-3 text-taupe">
        The products available on your {PLAN_LABELS[currentPlan(vendor)]} plan, with your commission and
        WhatsApp sharing, will appear here.
      </p>
    </div>
  );
}
