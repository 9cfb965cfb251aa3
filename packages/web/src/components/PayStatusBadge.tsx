import { VISIT_PAY_STATUS, type VisitPayStatus } from '@klinik/shared';
import { Badge } from './ui/badge';

const VARIANT: Record<VisitPayStatus, 'success' | 'warning' | 'outline'> = {
  lunas: 'success',
  belum_lunas: 'warning',
  belum_dibayar: 'outline',
};

/**
 * The paid state of a visit ('Lunas' / 'Belum Lunas' / 'Belum Dibayar'), derived by the server from the cashier's
 * payment rows: the cashier's queue, the visit queues and the visit history show the same badge.
 */
export function PayStatusBadge({ status }: { status: VisitPayStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="pay-status">
      {VISIT_PAY_STATUS[status]}
    </Badge>
  );
}
