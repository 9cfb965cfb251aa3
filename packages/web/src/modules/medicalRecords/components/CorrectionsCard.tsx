import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RM_KIND_LABEL, RM_VERSION_ACTION_LABEL } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate, formatDateTime } from '../../../lib/format';
import { branchTimeZone } from '../../../lib/branch-today';
import { useTRPC } from '../../../lib/trpc';

/**
 * 'Perbaikan oleh pengguna lain' (issue 25): what others corrected, voided or added in the signed-in doctor's
 * finished records, with the reason, newest first; each opens the visit's record. Shown only when there is some.
 */
export function CorrectionsCard() {
  const user = useSession();
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.medicalRecords.corrections.queryOptions({ limit: 10 }),
    enabled: user?.rolename === 'dokter',
  });
  if (!q.data || q.data.count === 0) return null;
  const timeZone = branchTimeZone(user);
  return (
    <Card data-testid="rm-corrections">
      <CardHeader>
        <CardTitle className="text-base">
          Perbaikan rekam medis pasien saya oleh pengguna lain ({q.data.count})
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {q.data.data.map((c) => (
            <li key={c.id} className="grid gap-0.5">
              <span>
                <Link className="font-medium underline" to={`/service/rekammedis/visit/${c.visit.id}`}>
                  {c.customer.name} · {c.visit.code} ({formatDate(c.visit.visit_date)})
                </Link>{' '}
                {RM_KIND_LABEL[c.kind]}: {RM_VERSION_ACTION_LABEL[c.action]} oleh {c.by?.name ?? '-'},{' '}
                {formatDateTime(c.at, timeZone)}
              </span>
              {c.reason ? <span className="text-muted-foreground">Alasan: {c.reason}</span> : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
