import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRupiah, periodLabel, type DevidenRunDto, type ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useBranchToday } from '../../../lib/branch-today';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ErrorList } from '../../../components/ui/error-list';
import { EmptyState } from '../../../components/EmptyState';

/** The month before `today` ('YYYY-MM'): the latest month a run can be computed for. */
function lastMonth(today: string): string {
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** A distribution run's heading: its month and status, and the figures beside it (revenue, profit, ...). */
export function RunTitle({ run, children }: { run: DevidenRunDto; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="font-medium">
        {periodLabel(run.period)} ·{' '}
        <span className={run.status === 'approved' ? 'text-emerald-700' : 'text-amber-700'}>
          {run.status === 'approved' ? 'Disetujui' : 'Menunggu persetujuan'}
        </span>
      </div>
      <div className="text-sm text-muted-foreground">{children}</div>
    </div>
  );
}

function RunCard({ run }: { run: DevidenRunDto }) {
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <RunTitle run={run}>
        Pendapatan {formatRupiah(run.revenue)} · Laba {formatRupiah(run.profit)}
      </RunTitle>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[560px] text-sm">
          <thead>
            <tr className="border-b text-left">
              <th className="py-1 pr-2">Penerima</th>
              <th className="py-1 pr-2">Dasar</th>
              <th className="py-1 pr-2 text-right">Bruto</th>
              <th className="py-1 pr-2 text-right">Pajak</th>
              <th className="py-1 pr-2 text-right">Diterima</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {run.lines.map((l) => (
              <tr key={l.id} className="border-b last:border-0">
                <td className="py-1 pr-2">{l.investor_name}</td>
                <td className="py-1 pr-2">
                  {l.basis === 'procedure'
                    ? `${l.perawatan_name ?? '-'}: ${l.qty} tindakan`
                    : `${l.percent}% ${l.basis === 'profit' ? 'laba' : 'pendapatan'}`}
                </td>
                <td className="py-1 pr-2 text-right">{formatRupiah(l.gross)}</td>
                <td className="py-1 pr-2 text-right">
                  {l.tax_kind ? `${l.tax_kind === 'pph26' ? 'PPh 26' : 'PPh 23'} ${formatRupiah(l.tax)}` : '-'}
                </td>
                <td className="py-1 pr-2 text-right">{formatRupiah(l.net)}</td>
                <td className="py-1 text-right">
                  <a
                    className="text-primary underline"
                    href={`/api/finance/deviden/runs/${run.id}/slip?investor=${l.investor}`}
                    target="_blank"
                    rel="noopener"
                  >
                    Slip
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Distribution runs of the branch: compute a month (filed for approval by a second person) and review them. */
export function DevidenRuns({ manage }: { manage: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const today = useBranchToday();
  const [period, setPeriod] = React.useState(() => lastMonth(today));
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const runs = useQuery({ ...trpc.investors.runs.queryOptions({}), meta: { inlineErrors: true } });
  const create = useMutation(
    trpc.investors.createRun.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        setKey(newIdempotencyKey());
        await qc.invalidateQueries({ queryKey: trpc.investors.pathKey() });
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  return (
    <section className="grid gap-3" aria-labelledby="deviden-runs">
      <h2 id="deviden-runs" className="text-lg font-semibold">
        Distribusi Deviden
      </h2>
      {manage ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setErrors([]);
            create.mutate({ period, profile_id: me.profile_id, idempotency_key: key });
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor="deviden-period">Periode</Label>
            <Input
              id="deviden-period"
              type="month"
              value={period}
              max={lastMonth(today)}
              onChange={(e) => {
                setPeriod(e.target.value);
                setKey(newIdempotencyKey());
              }}
            />
          </div>
          <Button type="submit" disabled={create.isPending || !period}>
            Hitung & Ajukan Persetujuan
          </Button>
        </form>
      ) : null}
      <ErrorList items={errors} />
      {runs.error ? <ErrorList items={errorItems(runs.error)} /> : null}
      {runs.isPending ? (
        <div className="text-sm text-muted-foreground">Memuat...</div>
      ) : runs.data?.length ? (
        runs.data.map((r) => <RunCard key={r.id} run={r} />)
      ) : (
        <EmptyState title="Belum ada distribusi deviden" />
      )}
    </section>
  );
}
