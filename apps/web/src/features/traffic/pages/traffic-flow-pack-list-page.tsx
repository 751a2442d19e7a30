import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

export default function TrafficFlowPackListPage() {
  return <ComingSoon />;
}
