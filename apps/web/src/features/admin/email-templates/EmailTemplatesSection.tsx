import { SectionComingSoon } from '../SectionComingSoon';

export default function EmailTemplatesSection() {
  return <SectionComingSoon what="Email templates" />;
}
