import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  formatDate,
  formatRupiah,
  isValidDate,
  MEMBERSHIP_STATUS,
  type MembershipDto,
  type UserDto,
} from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { api, errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Combobox } from '../../../components/ui/combobox';
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogDescription } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { usePaging } from '../../../lib/use-paging';
import { DateRangeFields, KeywordField } from '../../../components/FilterFields';
import { OptionSelect } from '../../../components/OptionSelect';

const RUPIAH_FMT = '#,##0.00';

function MembershipDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.paket.membership.queryOptions({ id: id ?? 0 }),
    enabled: id !== null,
    meta: { inlineErrors: true },
  });
  const m = q.data;
  return (
    <Dialog open={id !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{m ? `Registrasi ${m.code}` : 'Registrasi'}</DialogTitle>
          <DialogDescription>
            {m
              ? `${m.customerdata.name} (NO RM. ${m.customerdata.username}) · ${m.paketdata.code} ${m.paketdata.name}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
        {!m ? (
          <Skeleton className="h-48" />
        ) : (
          <div className="grid gap-4 text-sm" data-testid="membership-detail">
            <div className="grid gap-1 sm:grid-cols-2">
              <p>Tanggal: {formatDate(m.registered_at)}</p>
              <p>Dokter: {m.doctordata.name}</p>
              <p>Harga: {formatRupiah(m.price)}</p>
              <p>Jurnal: {m.jurnal_code ?? '-'}</p>
              <p>Terbayar: {formatRupiah(m.paid_amount)}</p>
              <p>Sisa: {formatRupiah(m.outstanding_amount)}</p>
            </div>
            <div>
              <h3 className="mb-2 font-semibold">Slot</h3>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Jenis</TableHead>
                    <TableHead>Nama</TableHead>
                    <TableHead className="text-right">Slot</TableHead>
                    <TableHead className="text-right">Terpakai</TableHead>
                    <TableHead className="text-right">Sisa</TableHead>
                    <TableHead>Berlaku s.d.</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {(m.slots ?? []).map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>{s.typename}</TableCell>
                      <TableCell>
                        {s.name} <span className="text-xs text-muted-foreground">{s.code}</span>
                      </TableCell>
                      <TableCell className="text-right">{s.free_slot}</TableCell>
                      <TableCell className="text-right">{s.used_slot}</TableCell>
                      <TableCell className="text-right">{s.left_slot}</TableCell>
                      <TableCell>{formatDate(s.expired_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <div>
              <h3 className="mb-2 font-semibold">Pembayaran</h3>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Pembayaran</TableHead>
                    <TableHead>Jatuh Tempo</TableHead>
                    <TableHead className="text-right">Jumlah</TableHead>
                    <TableHead className="text-right">Dibayar</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {(m.cicilan ?? []).map((c) => (
                    <TableRow key={c.id}>
                      <TableCell>{c.label}</TableCell>
                      <TableCell>{formatDate(c.due_date)}</TableCell>
                      <TableCell className="text-right">{formatRupiah(c.amount)}</TableCell>
                      <TableCell className="text-right">{formatRupiah(c.paid_amount)}</TableCell>
                      <TableCell>
                        {c.status === 1 ? (
                          <Badge variant="success">Lunas</Badge>
                        ) : (
                          <Badge variant="warning">Belum dibayar</Badge>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** /paket/sales: package registrations with filters (date, status, promo season, doctor, keyword), detail and Excel export. */
export default function SalesPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const today = useBranchToday();
  const { page, size: limit, setPage, pagination } = usePaging();
  const [keyword, setKeyword] = React.useState('');
  // The home page's figures link here with the range they count (?fromdate=&todate=).
  const [params] = useSearchParams();
  const [fromdate, setFrom] = React.useState(() =>
    isValidDate(params.get('fromdate') ?? '') ? params.get('fromdate')! : '',
  );
  const [todate, setTo] = React.useState(() => (isValidDate(params.get('todate') ?? '') ? params.get('todate')! : ''));
  const [status, setStatus] = React.useState('all');
  // A promo season: sales of its package types (issue 30 item 6); ?season= comes along from links.
  const [season, setSeason] = React.useState(() =>
    /^\d+$/.test(params.get('season') ?? '') ? params.get('season')! : 'all',
  );
  const seasons = useQuery({ ...trpc.paket.seasons.queryOptions({}), meta: { inlineErrors: true } });
  const [doctor, setDoctor] = React.useState<UserDto | null>(null);
  const [detail, setDetail] = React.useState<number | null>(null);
  const filter = {
    keyword: keyword.trim() || undefined,
    fromdate: fromdate || undefined,
    todate: todate || undefined,
    status: status === 'all' ? undefined : Number(status),
    doctor: doctor?.id,
    season: season === 'all' ? undefined : Number(season),
  };
  const q = useQuery({
    ...trpc.paket.memberships.queryOptions({ ...filter, page, limit }),
    meta: { inlineErrors: true },
  });
  React.useEffect(() => setPage(1), [keyword, fromdate, todate, status, doctor, season, setPage]);

  const columns: Column<MembershipDto>[] = [
    { key: 'code', header: 'Kode', cell: (m) => <span className="font-mono text-xs">{m.code}</span> },
    { key: 'registered_at', header: 'Tanggal', kind: 'date', cell: (m) => formatDate(m.registered_at) },
    {
      key: 'customer',
      header: 'Pasien',
      primary: true,
      cell: (m) => (
        <div>
          <p>{m.customerdata.name}</p>
          <p className="text-xs text-muted-foreground">NO RM. {m.customerdata.username}</p>
        </div>
      ),
    },
    {
      key: 'paket',
      header: 'Paket',
      cell: (m) => (
        <div>
          <p>{m.paketdata.code}</p>
          <p className="text-xs text-muted-foreground">{m.paketdata.typename}</p>
        </div>
      ),
    },
    { key: 'doctor', header: 'Dokter', cell: (m) => m.doctordata.name },
    {
      key: 'price',
      header: 'Harga',
      kind: 'number',
      cell: (m) => formatRupiah(m.price),
    },
    {
      key: 'outstanding',
      header: 'Sisa',
      kind: 'number',
      cell: (m) => formatRupiah(m.outstanding_amount),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (m) => <Badge variant={m.status === 1 ? 'success' : 'secondary'}>{m.statusname}</Badge>,
    },
  ];

  const exportAll = async () => {
    const res = await client.paket.memberships.query({ ...filter, page: 1, limit: 500 });
    await exportToExcel(
      `penjualan-paket-${today}`,
      [
        { header: 'Kode', value: 'code', width: 22 },
        { header: 'Tanggal', value: 'registered_at', width: 12 },
        { header: 'Pasien', value: (m) => m.customerdata.name, width: 26 },
        { header: 'NO RM.', value: (m) => m.customerdata.username, width: 14 },
        { header: 'Kode Paket', value: (m) => m.paketdata.code, width: 16 },
        { header: 'Nama Paket', value: (m) => m.paketdata.name, width: 30 },
        { header: 'Jenis Paket', value: (m) => m.paketdata.typename, width: 20 },
        { header: 'Dokter', value: (m) => m.doctordata.name, width: 24 },
        { header: 'Harga', value: 'price', numFmt: RUPIAH_FMT, width: 16 },
        { header: 'Terbayar', value: 'paid_amount', numFmt: RUPIAH_FMT, width: 16 },
        { header: 'Sisa', value: 'outstanding_amount', numFmt: RUPIAH_FMT, width: 16 },
        { header: 'Status', value: 'statusname' },
        { header: 'Jurnal', value: (m) => m.jurnal_code ?? '', width: 22 },
      ],
      res.data,
      'Penjualan Paket',
    );
  };

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-7xl gap-4">
      <PageHeader
        title="Penjualan Paket"
        description="Registrasi paket promosi dan membership cabang ini."
        actions={<ExportExcelButton onExport={exportAll} disabled={!q.data?.count} />}
      />
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        <KeywordField
          id="sales-keyword"
          value={keyword}
          onChange={setKeyword}
          placeholder="Kode, pasien, NO RM., paket"
        />
        <DateRangeFields idPrefix="sales" from={fromdate} to={todate} onFrom={setFrom} onTo={setTo} />
        <FormField label="Status" htmlFor="sales-status">
          <OptionSelect
            id="sales-status"
            value={status}
            onValueChange={setStatus}
            options={[['all', 'Semua'], ...Object.entries(MEMBERSHIP_STATUS)]}
          />
        </FormField>
        <FormField label="Musim Promo" htmlFor="sales-season">
          <OptionSelect
            id="sales-season"
            value={season}
            onValueChange={setSeason}
            options={[
              ['all', 'Semua musim'],
              ...(seasons.data ?? []).map((s): [string, string] => [String(s.id), s.name]),
            ]}
          />
        </FormField>
        <FormField label="Dokter" htmlFor="sales-doctor">
          <Combobox<UserDto>
            id="sales-doctor"
            queryKey={['users', 'doctors', 'sales']}
            search={async (text, signal) =>
              (
                await api.get<{ data: UserDto[] }>('/api/users', {
                  query: { role: 2, keyword: text, limit: 20 },
                  signal,
                })
              ).data
            }
            value={doctor}
            onChange={setDoctor}
            getKey={(u) => u.id}
            getLabel={(u) => u.name}
            placeholder="Semua dokter"
          />
        </FormField>
      </div>
      <PagedQueryTable
        query={q}
        pagination={pagination}
        columns={columns}

        onRowClick={(m) => setDetail(m.id)}
      />
      <MembershipDetail id={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
