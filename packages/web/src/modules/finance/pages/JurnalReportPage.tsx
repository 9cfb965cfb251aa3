import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { formatDate, formatRupiah, MSG, type JurnalDto } from '@klinik/shared';
import { api, useTRPC } from '../../../lib/trpc';
import { ListPager } from '../../../components/ListPager';
import { PageSizeSelect } from '../../../components/DataTable';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { JurnalUmumDialog } from '../components/JurnalUmumDialog';
import { ReverseJurnalDialog } from '../components/ReverseJurnalDialog';
import { branchQuery, ReportHeading, ReportToolbar, useReportFilter } from '../components/ReportToolbar';
import { RUPIAH_FMT, useFinanceManage } from '../lib';

const KIND_LABEL: Record<string, string> = {
  umum: 'Umum',
  reversal: 'Pembatalan',
  opening: 'Saldo Awal',
  closing: 'Penutup',
};

/**
 * An automatic journal's source: 'Otomatis', what document and its code, linked to the page that holds it. Such a
 * journal has no 'Batalkan' (the server refuses it too): it is corrected by voiding or correcting the document.
 */
function JurnalSource({ source, code }: { source: NonNullable<JurnalDto['source']>; code: string }) {
  const what = `${source.label}${source.code ? ` ${source.code}` : ''}`;
  return (
    <div
      className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-muted-foreground"
      data-testid={`jurnal-source-${code}`}
    >
      <Badge variant="secondary">Otomatis</Badge>
      {source.href ? (
        <Link
          to={source.href}
          className="text-primary underline-offset-2 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          {what}
        </Link>
      ) : (
        <span>{what}</span>
      )}
      <span className="finance-no-print">· dikoreksi lewat dokumen sumbernya</span>
    </div>
  );
}

/** /finance/laporan/jurnal: journals of the range with search, pagination, expandable lines and 'Batalkan'. */
export default function JurnalReportPage() {
  const trpc = useTRPC();
  const manage = useFinanceManage();
  const [filter, setFilter, ready] = useReportFilter();
  const [keyword, setKeyword] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(20);
  const [open, setOpen] = React.useState<Set<number>>(new Set());
  const [reversing, setReversing] = React.useState<JurnalDto | null>(null);
  const [newJournal, setNewJournal] = React.useState(false);
  const query = { from: filter.from, to: filter.to, keyword: keyword.trim() || undefined, ...branchQuery(filter) };
  const list = useQuery({
    ...trpc.finance.jurnal.list.queryOptions({ ...query, page, limit }),
    enabled: ready,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  React.useEffect(() => setPage(1), [filter, keyword, limit]);
  const toggle = (id: number) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const exportAll = async () => {
    const res = await api.get<{ data: JurnalDto[] }>('/api/finance/jurnal', { query: { ...query, limit: 500 } });
    const rows = res.data.flatMap((j) => j.details.map((d) => ({ j, d })));
    await exportToExcel(
      `jurnal-${filter.from}-${filter.to}`,
      [
        { header: 'Kode', value: (r) => r.j.code, width: 22 },
        { header: 'Tanggal', value: (r) => r.j.transaction_at, width: 12 },
        { header: 'Memo', value: (r) => r.j.memo, width: 30 },
        { header: 'Kode Akun', value: (r) => r.d.akun, width: 10 },
        { header: 'Nama Akun', value: (r) => r.d.akunname, width: 28 },
        { header: 'Keterangan', value: (r) => r.d.description ?? '', width: 24 },
        { header: 'Debit', value: (r) => r.d.debit, numFmt: RUPIAH_FMT, width: 16 },
        { header: 'Kredit', value: (r) => r.d.credit, numFmt: RUPIAH_FMT, width: 16 },
      ],
      rows,
      'Jurnal',
    );
  };

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-7xl gap-2">
      <NoPeriodBanner />
      <ReportToolbar filter={filter} onChange={setFilter} onExport={exportAll} exportDisabled={!list.data?.count}>
        <FormField label="Cari" htmlFor="jurnal-keyword">
          <Input
            id="jurnal-keyword"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="Kode, memo, akun"
          />
        </FormField>
      </ReportToolbar>
      <div className="finance-print-area">
        <div className="flex items-start justify-between gap-2">
          <ReportHeading title="Laporan Jurnal" filter={filter} />
          {manage ? (
            <Button className="finance-no-print" onClick={() => setNewJournal(true)}>
              <Plus /> Jurnal Umum
            </Button>
          ) : null}
        </div>
        <div className="overflow-x-auto rounded-lg border bg-card">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-8" />
                <TableHead>Kode</TableHead>
                <TableHead>Tanggal</TableHead>
                <TableHead>Memo</TableHead>
                <TableHead>Jenis</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead className="finance-no-print" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isLoading ? (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Skeleton className="h-24" />
                  </TableCell>
                </TableRow>
              ) : !list.data?.data.length ? (
                <TableRow>
                  <TableCell colSpan={7} className="py-10 text-center text-muted-foreground">
                    {MSG.empty}
                  </TableCell>
                </TableRow>
              ) : (
                list.data.data.map((j) => (
                  <React.Fragment key={j.id}>
                    <TableRow
                      className="cursor-pointer"
                      onClick={() => toggle(j.id)}
                      data-testid={`jurnal-row-${j.code}`}
                    >
                      <TableCell>
                        {open.has(j.id) ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
                      </TableCell>
                      <TableCell className="font-mono text-xs">{j.code}</TableCell>
                      <TableCell>{formatDate(j.transaction_at)}</TableCell>
                      <TableCell>
                        {j.memo}
                        {j.source ? <JurnalSource source={j.source} code={j.code} /> : null}
                      </TableCell>
                      <TableCell>
                        <Badge variant={j.kind === 'reversal' ? 'warning' : 'outline'}>
                          {KIND_LABEL[j.kind] ?? j.kind}
                        </Badge>
                        {j.reversed_by ? (
                          <Badge variant="secondary" className="ml-1">
                            Dibatalkan
                          </Badge>
                        ) : null}
                      </TableCell>
                      <TableCell className="text-right">{formatRupiah(j.total)}</TableCell>
                      <TableCell className="finance-no-print text-right">
                        {manage && j.kind === 'umum' && !j.reversed_by && !j.source ? (
                          <Button
                            size="sm"
                            variant="outline"
                            data-testid={`jurnal-batalkan-${j.code}`}
                            onClick={(e) => {
                              e.stopPropagation();
                              setReversing(j);
                            }}
                          >
                            Batalkan
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                    {open.has(j.id)
                      ? j.details.map((d, i) => (
                          <TableRow key={`${j.id}-${i}`} className="bg-muted/40 text-xs">
                            <TableCell />
                            <TableCell className="font-mono">{d.akun}</TableCell>
                            <TableCell colSpan={2}>
                              {d.akunname}
                              {d.description ? <span className="text-muted-foreground"> · {d.description}</span> : null}
                            </TableCell>
                            <TableCell className="text-right">{d.debit ? formatRupiah(d.debit) : ''}</TableCell>
                            <TableCell className="text-right">{d.credit ? formatRupiah(d.credit) : ''}</TableCell>
                            <TableCell className="finance-no-print" />
                          </TableRow>
                        ))
                      : null}
                  </React.Fragment>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      </div>
      <div className="finance-no-print flex flex-wrap items-center justify-between gap-2">
        <ListPager page={page} pageSize={limit} total={list.data?.count ?? 0} onPage={setPage} />
        <PageSizeSelect value={limit} onChange={setLimit} className="w-24" />
      </div>
      <ReverseJurnalDialog jurnal={reversing} onClose={() => setReversing(null)} />
      <JurnalUmumDialog open={newJournal} onOpenChange={setNewJournal} />
    </div>
  );
}
