import { SectionComingSoon } from '../SectionComingSoon';

export default function VendorsSection() {
  return <SectionComingSoon what="Vendors" />;
}
