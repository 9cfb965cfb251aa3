import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { Upload } from 'lucide-react';
import { addDays, checklogImportInput, formatDateTime, type ChecklogImportInput, type ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { SearchInput } from '../../../components/ListFilters';
import { PunchImportLimit } from '../components/PunchImportLimit';
import { usePaging } from '../../../lib/use-paging';

/**
 * The chosen file read into the shared checklogImportInput (`{ text }`); its issues (no file, too large) land on the
 * file field.
 */
const importResolver: Resolver<{ file: File | null }, unknown, ChecklogImportInput> = async (
  values,
): Promise<ResolverResult<{ file: File | null }, ChecklogImportInput>> => {
  const parsed = checklogImportInput.safeParse({ text: values.file ? await values.file.text() : undefined });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const message = parsed.error.issues[0]?.message ?? 'File log absensi wajib diunggah';
  return { values: {}, errors: { file: { type: 'validation', message } } };
};

const STATE_LABEL = (s: number) => (s === 0 ? 'Masuk' : s === 1 ? 'Pulang' : `Status ${s}`);
/** A punch's source: 'Web', or 'Mesin' with the import it came in ('Impor #n'; none for punches imported before 0055). */
const SOURCE_LABEL = (r: { source: string; import_id: number | null }) =>
  r.source === 'web' ? 'Web' : r.import_id ? `Mesin · Impor #${r.import_id}` : 'Mesin';

/** /backoffice/attendance/checklog: every raw punch (device and web) across branches; device log import. */
export default function ChecklogPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  // The last seven days by default.
  const [from, setFrom] = React.useState(() => addDays(today, -7));
  const [to, setTo] = React.useState(today);
  const [keyword, setKeyword] = React.useState('');
  const { page, size: limit, pagination, resetting } = usePaging();
  const kw = React.useDeferredValue(keyword.trim());
  const filter = { from: from || today, to: to || today, keyword: kw || undefined, isallbranch: 1 };
  const list = useQuery({
    ...trpc.attendance.checklog.list.queryOptions({ ...filter, page, limit }),
    meta: { inlineErrors: true },
  });
  type Row = NonNullable<typeof list.data>['data'][number];
  const columns: Column<Row>[] = [
    { key: 'punch_at', header: 'Waktu', cell: (r) => formatDateTime(r.punch_at, r.timezone) },
    { key: 'branch', header: 'Cabang' },
    {
      key: 'name',
      header: 'Pegawai',
      cell: (r) => r.name ?? <span className="text-destructive">Kode tidak dikenal</span>,
    },
    { key: 'attendance_code', header: 'Kode', cell: (r) => r.attendance_code ?? '-' },
    { key: 'state', header: 'Jenis', cell: (r) => STATE_LABEL(r.state) },
    {
      key: 'source',
      header: 'Sumber',
      cell: (r) => <Badge variant={r.source === 'web' ? 'secondary' : 'outline'}>{SOURCE_LABEL(r)}</Badge>,
    },
    {
      key: 'loc',
      header: 'Lokasi',
      cell: (r) => (r.latitude != null && r.longitude != null ? `${r.latitude}, ${r.longitude}` : '-'),
    },
  ];

  // Import of a device log (the common text export: code, date-time, state).
  const [importOpen, setImportOpen] = React.useState(false);
  const [importErrors, setImportErrors] = React.useState<ErrorItem[]>([]);
  const importForm = useForm<{ file: File | null }, unknown, ChecklogImportInput>({
    resolver: importResolver,
    defaultValues: { file: null },
  });
  const importLog = useMutation({ ...trpc.attendance.checklog.import.mutationOptions(), meta: { inlineErrors: true } });
  const submitImport = importForm.handleSubmit(async (data) => {
    setImportErrors([]);
    try {
      await importLog.mutateAsync({ ...data, file_name: importForm.getValues('file')?.name.slice(0, 200) });
      await qc.invalidateQueries({ queryKey: trpc.attendance.pathKey() });
    } catch (err) {
      // The server names the file's text `text`: shown on the file field.
      const items = errorItems(err).map((i) => (i.field === 'text' ? { ...i, field: 'file' } : i));
      setImportErrors(applyServerErrors(importForm, items));
    }
  });
  const fileError = importForm.formState.errors.file;
  const result = importLog.data;

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title="Checklog"
        description="Semua absen mentah dari mesin sidik jari dan web, dari setiap cabang yang dapat Anda lihat."
        actions={
          <>
            <ExportExcelButton
              disabled={!list.data?.count}
              onExport={async () => {
                const all = await qc.fetchQuery(
                  trpc.attendance.checklog.list.queryOptions({ ...filter, page: 1, limit: 500 }),
                );
                await exportToExcel(
                  `checklog-${filter.from}-${filter.to}`,
                  [
                    { header: 'Waktu', value: (r: Row) => formatDateTime(r.punch_at, r.timezone), width: 20 },
                    { header: 'Cabang', value: 'branch', width: 20 },
                    { header: 'Pegawai', value: (r: Row) => r.name ?? '', width: 24 },
                    { header: 'Kode', value: (r: Row) => r.attendance_code ?? '' },
                    { header: 'Jenis', value: (r: Row) => STATE_LABEL(r.state) },
                    { header: 'Sumber', value: (r: Row) => SOURCE_LABEL(r) },
                  ],
                  all.data,
                  'Checklog',
                );
              }}
            />
            <Button
              onClick={() => {
                importLog.reset();
                importForm.reset({ file: null });
                setImportErrors([]);
                setImportOpen(true);
              }}
            >
              <Upload /> Impor Log Mesin
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="cl-from">Dari</Label>
          <DateInput id="cl-from" value={from} onChange={resetting(setFrom)} max={today} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="cl-to">Sampai</Label>
          <DateInput id="cl-to" value={to} onChange={resetting(setTo)} max={today} />
        </div>
        <SearchInput
          wrapperClassName="w-full max-w-xs"
          placeholder="Cari nama atau kode"
          value={keyword}
          onChange={(e) => resetting(setKeyword)(e.target.value)}
          aria-label="Cari"
        />
      </div>
      <PagedQueryTable
        query={list}
        pagination={pagination}
        columns={columns}

        emptyText="Tidak ada absen pada rentang tanggal ini."
      />
      <Dialog open={importOpen} onOpenChange={(o) => !importLog.isPending && setImportOpen(o)}>
        <DialogContent className="max-w-lg">
          <form onSubmit={(e) => void submitImport(e)} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Impor Log Mesin Absensi</DialogTitle>
              <DialogDescription>
                File teks ekspor mesin (kode absensi, tanggal-jam, status). Mengimpor file yang sama dua kali tidak
                menambah data.
              </DialogDescription>
            </DialogHeader>
            <PunchImportLimit />
            <FormField label="File log" htmlFor="cl-file" error={fileError} required>
              <Controller
                control={importForm.control}
                name="file"
                render={({ field }) => (
                  <Input
                    id="cl-file"
                    type="file"
                    accept=".txt,.dat,.csv,text/plain"
                    aria-invalid={!!fileError}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                  />
                )}
              />
            </FormField>
            <ErrorList items={importErrors} />
            {result ? (
              <div className="grid gap-1 rounded-md border p-3 text-sm" data-testid="import-result">
                <div>Impor #{result.import_id}</div>
                <div>Diimpor: {result.imported}</div>
                <div>Sudah ada (duplikat): {result.duplicates}</div>
                {result.unknown_codes.length ? (
                  <div className="text-destructive">
                    Kode tidak dikenal (disimpan, belum terhubung ke pegawai): {result.unknown_codes.join(', ')}
                  </div>
                ) : null}
              </div>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setImportOpen(false)}>
                Tutup
              </Button>
              <Button type="submit" disabled={importLog.isPending}>
                Impor
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
