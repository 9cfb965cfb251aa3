import { applogStatusName, type ApplogDto } from '@klinik/shared';
import { Badge } from '../../../components/ui/badge';

/** 0 waiting (warning), 1 approved (green), -1 rejected (red), null a plain activity entry. */
export function ApplogStatusBadge({ item }: { item: Pick<ApplogDto, 'status' | 'statusname'> }) {
  const label = item.statusname || applogStatusName(item.status);
  const variant =
    item.status === 0 ? 'warning' : item.status === 1 ? 'success' : item.status === -1 ? 'destructive' : 'secondary';
  return (
    <Badge variant={variant} data-testid="applog-status">
      {label}
    </Badge>
  );
}
