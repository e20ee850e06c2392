import { SectionComingSoon } from '../SectionComingSoon';

export default function CouponsSection() {
  return <SectionComingSoon what="Coupons" />;
}
