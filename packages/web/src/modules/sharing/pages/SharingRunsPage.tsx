import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { access, allows, formatRupiah, periodLabel, type ErrorItem, type SharingRunDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useBranchToday } from '../../../lib/branch-today';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/EmptyState';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ErrorList } from '../../../components/ui/error-list';

const APPROVERS = access.roles('manager', 'superadmin');

function RunCard({ run, onError }: { run: SharingRunDto; onError: (e: ErrorItem[]) => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const [reason, setReason] = React.useState('');
  const done = async () => {
    onError([]);
    await qc.invalidateQueries({ queryKey: trpc.sharing.pathKey() });
  };
  const approve = useMutation(
    trpc.sharing.approveRun.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError: (e) => onError(errorItems(e)),
    }),
  );
  const exclude = useMutation(
    trpc.sharing.excludeLine.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError: (e) => onError(errorItems(e)),
    }),
  );
  const open = run.status === 'open';
  const requested = open && run.requested_by !== null;
  const mayDecide = requested && run.created_by !== me.id && run.requested_by !== me.id && allows(me, APPROVERS);
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="font-medium">
          {periodLabel(run.period)} · batas {run.cutoff} ·{' '}
          <span className={open ? 'text-amber-700' : 'text-emerald-700'}>
            {open ? (requested ? 'Menunggu persetujuan' : 'Terbuka') : 'Disetujui'}
          </span>
        </div>
        <div className="text-sm text-muted-foreground">
          Bruto {formatRupiah(run.totals.gross)} · PPh 21 {formatRupiah(run.totals.pph21)} · Neto{' '}
          {formatRupiah(run.totals.net)}
        </div>
      </div>
      {run.doctors.map((d) => (
        <details key={d.doctor} className="rounded border p-2">
          <summary className="flex cursor-pointer flex-wrap justify-between gap-2 text-sm">
            <span className="font-medium">{d.doctor_name}</span>
            <span>
              {formatRupiah(d.gross)} − PPh 21 {formatRupiah(d.pph21)} = {formatRupiah(d.net)}
            </span>
          </summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full min-w-[480px] text-sm">
              <thead>
                <tr className="border-b text-left">
                  <th className="py-1 pr-2">Tanggal</th>
                  <th className="py-1 pr-2">Tindakan</th>
                  <th className="py-1 pr-2 text-right">Jasa</th>
                  <th className="py-1 pr-2 text-right">Dasar pajak</th>
                  {open && !requested ? <th className="py-1" /> : null}
                </tr>
              </thead>
              <tbody>
                {d.lines.map((l) => (
                  <tr key={l.id} className="border-b last:border-0">
                    <td className="py-1 pr-2">{l.service_date}</td>
                    <td className="py-1 pr-2">
                      {l.perawatan_name ?? '-'}
                      {l.clawback_of ? ' (clawback)' : ''}
                    </td>
                    <td className="py-1 pr-2 text-right">{formatRupiah(l.share)}</td>
                    <td className="py-1 pr-2 text-right">{formatRupiah(l.tax_base)}</td>
                    {open && !requested ? (
                      <td className="py-1 text-right">
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={exclude.isPending || reason.trim().length < 3}
                          onClick={() => exclude.mutate({ id: run.id, line: l.id, reason })}
                        >
                          Keluarkan
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-2 text-sm text-muted-foreground">
            DPP {formatRupiah(d.dpp)} · tarif {d.rate}%{d.surcharge ? ` +${d.surcharge}% (tanpa NPWP/NIK)` : ''} ·{' '}
            <a
              className="text-primary underline"
              href={`/api/finance/sharing/runs/${run.id}/slip?doctor=${d.doctor}`}
              target="_blank"
              rel="noopener"
            >
              Slip PDF
            </a>
          </div>
        </details>
      ))}
      {open ? null : (
        <div className="flex flex-wrap gap-3 text-sm">
          <a className="text-primary underline" href={`/api/finance/sharing/runs/${run.id}/bank`} download>
            Excel transfer bank
          </a>
          <a className="text-primary underline" href={`/api/finance/sharing/runs/${run.id}/bupot`} download>
            Excel PPh 21 (bukti potong)
          </a>
        </div>
      )}
      {run.excluded.length ? (
        <div className="text-sm text-muted-foreground">
          Dikeluarkan: {run.excluded.map((x) => `#${x.line} (${x.reason})`).join(', ')}
        </div>
      ) : null}
      {open && !requested ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`reason-${run.id}`}>Alasan mengeluarkan baris</Label>
            <Input id={`reason-${run.id}`} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <Button
            disabled={approve.isPending}
            onClick={() => approve.mutate({ id: run.id, idempotency_key: newIdempotencyKey() })}
          >
            Ajukan Persetujuan
          </Button>
        </div>
      ) : null}
      {mayDecide ? (
        <Button
          disabled={approve.isPending}
          onClick={() => approve.mutate({ id: run.id, idempotency_key: newIdempotencyKey() })}
        >
          Setujui
        </Button>
      ) : null}
    </div>
  );
}

/** /finance/sharingprofit (issue 29 item 3): the doctors' payout runs: compute a month, review, exclude, approve, slips. */
export default function SharingRunsPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const [period, setPeriod] = React.useState(() => today.slice(0, 7));
  const [cutoff, setCutoff] = React.useState('');
  const [key, setKey] = React.useState(newIdempotencyKey);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const runs = useQuery({ ...trpc.sharing.runs.queryOptions({}), meta: { inlineErrors: true } });
  const create = useMutation(
    trpc.sharing.createRun.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        setKey(newIdempotencyKey());
        setErrors([]);
        await qc.invalidateQueries({ queryKey: trpc.sharing.pathKey() });
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  return (
    <div className="grid gap-4">
      <PageHeader title="Sharing Profit" description="Pembayaran jasa dokter per bulan dengan PPh 21 (PMK 168/2023)" />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors([]);
          create.mutate({ period, cutoff: cutoff || undefined, idempotency_key: key });
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor="run-period">Periode</Label>
          <Input
            id="run-period"
            type="month"
            value={period}
            max={today.slice(0, 7)}
            onChange={(e) => {
              setPeriod(e.target.value);
              setKey(newIdempotencyKey());
            }}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="run-cutoff">Tanggal batas (opsional)</Label>
          <Input
            id="run-cutoff"
            type="date"
            value={cutoff}
            max={today}
            onChange={(e) => {
              setCutoff(e.target.value);
              setKey(newIdempotencyKey());
            }}
          />
        </div>
        <Button type="submit" disabled={create.isPending || !period}>
          Hitung
        </Button>
      </form>
      <ErrorList items={errors} />
      {runs.error ? <ErrorList items={errorItems(runs.error)} /> : null}
      {runs.isPending ? (
        <div className="text-sm text-muted-foreground">Memuat...</div>
      ) : runs.data?.length ? (
        runs.data.map((r) => <RunCard key={r.id} run={r} onError={setErrors} />)
      ) : (
        <EmptyState title="Belum ada perhitungan jasa dokter" />
      )}
    </div>
  );
}
