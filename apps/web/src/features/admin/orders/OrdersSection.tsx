import { SectionComingSoon } from '../SectionComingSoon';

export default function OrdersSection() {
  return <SectionComingSoon what="Orders" />;
}
