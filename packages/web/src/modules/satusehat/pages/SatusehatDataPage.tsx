import * as React from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  formatDate,
  formatDateTime,
  SATUSEHAT_STATUS_LABELS,
  SATUSEHAT_VISIT_STATUSES,
  type SatusehatVisitDto,
  type SatusehatVisitStatus,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { usePaging } from '../../../lib/use-paging';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { StatusBadge, tokenText } from '../lib';

const ALL = 'all';
const STATUS_OPTIONS: [string, string][] = [
  [ALL, 'Semua status'],
  ...SATUSEHAT_VISIT_STATUSES.map((s) => [s, SATUSEHAT_STATUS_LABELS[s]] as [string, string]),
];

/**
 * /backoffice/satusehat/data (issue 31 item 6): the compliance board of the branch (finished visits against
 * encounters sent, failures by reason, credentials' health) and every visit with its resources' status; a failed
 * visit is resent alone or with all the others.
 */
export default function SatusehatDataPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { page, size, pagination, resetting } = usePaging();
  const [status, setStatus] = React.useState(ALL);
  const [keyword, setKeyword] = React.useState('');
  const kw = useDebouncedValue(keyword.trim());
  const list = useQuery({
    ...trpc.satusehat.visits.queryOptions({
      page,
      limit: size,
      keyword: kw || undefined,
      status: status === ALL ? undefined : (status as SatusehatVisitStatus),
    }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const summary = useQuery({ ...trpc.satusehat.summary.queryOptions({}), meta: { inlineErrors: true } });
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: trpc.satusehat.visits.queryKey() });
    await qc.invalidateQueries({ queryKey: trpc.satusehat.summary.queryKey() });
  };
  const resend = useMutation(
    trpc.satusehat.resend.mutationOptions({
      onSuccess: async () => {
        toast.success('Dikirim ulang: menunggu antrean');
        await refresh();
      },
    }),
  );
  const resendAll = useMutation(
    trpc.satusehat.resendFailed.mutationOptions({
      onSuccess: async (r) => {
        toast.success(`${r.data.count} kunjungan dikirim ulang`);
        await refresh();
      },
    }),
  );
  const columns: Column<SatusehatVisitDto>[] = [
    {
      key: 'visit',
      header: 'Kunjungan',
      kind: 'date',
      cell: (r) => (
        <div>
          <div className="font-medium">{r.visit_code}</div>
          <div className="text-xs text-muted-foreground">{formatDate(r.visit_date)}</div>
        </div>
      ),
    },
    { key: 'patient', header: 'Pasien', primary: true, cell: (r) => r.patient_name },
    { key: 'doctor', header: 'Dokter', priority: 3, cell: (r) => r.doctor_name },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'detail',
      header: 'Keterangan',
      priority: 2,
      cell: (r) => (
        <div className="grid gap-1 text-xs">
          {r.reason ? <div className="text-destructive">{r.reason}</div> : null}
          {r.resources.map((x) => (
            <div key={x.key} className="flex flex-wrap items-center gap-1">
              <span className="font-mono">{x.resource_type}</span>
              <StatusBadge status={x.status} />
              {x.satusehat_id ? <span className="text-muted-foreground">{x.satusehat_id}</span> : null}
              {x.reason && x.status !== 'sent' ? (
                <span className="text-destructive">
                  {x.rule ? `aturan ${x.rule}: ` : ''}
                  {x.reason}
                </span>
              ) : null}
            </div>
          ))}
          {r.sent_at ? <div className="text-muted-foreground">Terkirim {formatDateTime(r.sent_at)}</div> : null}
        </div>
      ),
    },
    {
      key: 'action',
      header: '',
      kind: 'action',
      cell: (r) =>
        r.status === 'failed' || r.status === 'not_configured' ? (
          <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ id: r.id })}>
            Kirim ulang
          </Button>
        ) : null,
    },
  ];
  const board = summary.data?.branches ?? [];
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Data SATUSEHAT" />
      {summary.error ? <ErrorList items={errorItems(summary.error)} /> : null}
      <div className="grid gap-3 md:grid-cols-2" data-testid="ss-board">
        {board.map((b) => (
          <Card key={b.profile_id}>
            <CardHeader>
              <CardTitle className="text-base">{b.profile_name}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1 text-sm">
              <div>
                Kunjungan selesai <b className="tabular-nums">{b.finished_visits}</b> · Encounter terkirim{' '}
                <b className="tabular-nums">{b.encounters_sent}</b> · Menunggu{' '}
                <b className="tabular-nums">{b.waiting}</b> · Gagal <b className="tabular-nums">{b.failed}</b>
              </div>
              <div className="text-muted-foreground">
                {b.configured ? tokenText(b.token) : 'Pengaturan SATUSEHAT belum diisi'}
              </div>
              {b.failures.slice(0, 5).map((f) => (
                <div key={f.reason} className="text-xs text-destructive">
                  {f.count} × {f.reason}
                </div>
              ))}
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SearchInput
          wrapperClassName="sm:max-w-xs"
          value={keyword}
          onChange={(e) => resetting(setKeyword)(e.target.value)}
          placeholder="Cari kode kunjungan atau pasien..."
          aria-label="Cari kunjungan"
        />
        <div className="w-48">
          <OptionSelect id="ss-status" value={status} onValueChange={resetting(setStatus)} options={STATUS_OPTIONS} />
        </div>
        <Button
          variant="outline"
          className="ml-auto"
          disabled={resendAll.isPending || !board.some((b) => b.failed > 0)}
          onClick={() => resendAll.mutate({})}
        >
          Kirim ulang semua yang gagal
        </Button>
      </div>
      <PagedQueryTable
        query={list}
        pagination={pagination}
        columns={columns}

        emptyText="Belum ada kunjungan yang dikirim ke SATUSEHAT"
      />
    </div>
  );
}
