import { formatDateTime, SATUSEHAT_STATUS_LABELS, type SatusehatTokenHealth } from '@klinik/shared';
import { Badge } from '../../components/ui/badge';

const TONE: Record<string, 'success' | 'secondary' | 'destructive' | 'warning' | 'outline'> = {
  sent: 'success',
  waiting: 'secondary',
  failed: 'destructive',
  invalid: 'destructive',
  not_configured: 'warning',
  not_applicable: 'outline',
};

/** A SATUSEHAT status as a badge ('Terkirim', 'Gagal'...). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={TONE[status] ?? 'outline'} data-testid={`ss-status-${status}`}>
      {SATUSEHAT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** The credentials' health in words. */
export function tokenText(t: SatusehatTokenHealth): string {
  if (t.state === 'ok') return `Token aktif sampai ${formatDateTime(t.expires_at)}`;
  if (t.state === 'failed')
    return `Permintaan token gagal ${formatDateTime(t.failed_at)}${t.reason ? `: ${t.reason}` : ''}`;
  return 'Belum pernah meminta token';
}
