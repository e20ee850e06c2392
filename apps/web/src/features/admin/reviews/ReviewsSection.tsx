import { SectionComingSoon } from '../SectionComingSoon';

export default function ReviewsSection() {
  return <SectionComingSoon what="Reviews" />;
}
