import { SectionComingSoon } from '../SectionComingSoon';

export default function PlansSection() {
  return <SectionComingSoon what="Vendor plans" />;
}
