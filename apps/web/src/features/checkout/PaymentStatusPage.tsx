import { ComingSoon } from '../../components/ComingSoon';

export default function PaymentStatusPage() {
  return <ComingSoon title="Payment Status" description="Your payment result will be shown here." />;
}
