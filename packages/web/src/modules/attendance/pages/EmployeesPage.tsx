import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import {
  EMPLOYMENT_TYPES,
  PTKP_STATUSES,
  employeeInput,
  formatDate,
  formatNumber,
  formatRupiah,
  isTopLevel,
  allows,
  PAYROLL_ACCESS,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ErrorList } from '../../../components/ui/error-list';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SchemaFormDialog, type FieldSpec } from '../components/SchemaForm';
import { EMPLOYMENT_LABELS, labelOf } from '../lib';
import { SearchInput } from '../../../components/ListFilters';

/** /attendance/employees ('Data Karyawan'): staff with their employment, tax, BPJS and bank data. */
export default function EmployeesPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  // Only owner and developer may list every branch (the server ignores isallbranch for anyone else).
  const top = isTopLevel(me);
  const [keyword, setKeyword] = React.useState('');
  const [department, setDepartment] = React.useState('all');
  const [allBranches, setAllBranches] = React.useState(false);
  const deferred = React.useDeferredValue(keyword.trim());
  const list = useQuery({
    ...trpc.attendance.employees.list.queryOptions({
      keyword: deferred || undefined,
      department: department === 'all' ? undefined : Number(department),
      isallbranch: allBranches ? 1 : undefined,
    }),
    meta: { inlineErrors: true },
  });
  const departments = useQuery({ ...trpc.attendance.departments.list.queryOptions(), meta: { silent: true } });
  const update = useMutation({ ...trpc.attendance.employees.update.mutationOptions(), meta: { inlineErrors: true } });
  type Row = NonNullable<typeof list.data>[number];
  const [editing, setEditing] = React.useState<Row | null>(null);
  const [notice, setNotice] = React.useState<string | null>(null);
  // Salary and bank are payroll's (issue 25): shown and proposed only by payroll, never for oneself.
  const seesPay = allows(me, PAYROLL_ACCESS);
  const payHint = 'Perubahan gaji dan rekening menunggu persetujuan orang kedua; pegawai melihatnya di Gaji Saya.';

  const fields: FieldSpec[] = [
    {
      key: 'department_id',
      label: 'Departemen',
      kind: 'select',
      options: (departments.data ?? [])
        .filter((d) => d.status === 1)
        .map((d) => ({ value: String(d.id), label: d.name })),
    },
    { key: 'position', label: 'Jabatan', kind: 'text' },
    { key: 'join_date', label: 'Tanggal Masuk', kind: 'date' },
    { key: 'end_date', label: 'Tanggal Keluar', kind: 'date' },
    {
      key: 'employment',
      label: 'Jenis Pegawai',
      kind: 'select',
      required: true,
      options: EMPLOYMENT_TYPES.map((t) => ({ value: t, label: EMPLOYMENT_LABELS[t] })),
    },
    {
      key: 'ptkp',
      label: 'Status PTKP',
      kind: 'select',
      required: true,
      options: PTKP_STATUSES.map((p) => ({ value: p, label: p })),
    },
    { key: 'attendance_code', label: 'Kode Absensi (mesin)', kind: 'text' },
    { key: 'nik', label: 'NIK', kind: 'text' },
    { key: 'npwp', label: 'NPWP', kind: 'text' },
    { key: 'bpjs_kesehatan', label: 'No. BPJS Kesehatan', kind: 'text' },
    { key: 'bpjs_ketenagakerjaan', label: 'No. BPJS Ketenagakerjaan', kind: 'text' },
  ];
  const payFields: FieldSpec[] = [
    { key: 'base_salary', label: 'Gaji Pokok (Rp)', kind: 'money', description: payHint },
    { key: 'bank_name', label: 'Nama Bank', kind: 'text' },
    { key: 'bank_account', label: 'Nomor Rekening', kind: 'text' },
    { key: 'bank_holder', label: 'Nama Pemilik Rekening', kind: 'text' },
  ];
  const formFields = editing?.can_change_pay ? [...fields, ...payFields] : fields;
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: 'Nama',
      cell: (r) => (
        <div>
          <Link to={`/customer/${r.id}`} className="font-medium hover:underline">
            {r.name}
          </Link>
          <div className="text-xs text-muted-foreground">{r.username}</div>
        </div>
      ),
    },
    { key: 'department', header: 'Departemen', cell: (r) => r.department ?? '-' },
    { key: 'position', header: 'Jabatan', cell: (r) => r.position ?? '-' },
    {
      key: 'employment',
      header: 'Jenis',
      cell: (r) => (r.employment ? labelOf(EMPLOYMENT_LABELS, r.employment) : 'Belum diisi'),
    },
    { key: 'ptkp', header: 'PTKP' },
    { key: 'join_date', header: 'Masuk', cell: (r) => (r.join_date ? formatDate(r.join_date) : '-') },
    { key: 'attendance_code', header: 'Kode Absensi', cell: (r) => r.attendance_code ?? '-' },
    ...(seesPay
      ? [
          {
            key: 'base_salary',
            header: 'Gaji Pokok',
            kind: 'number',
            cell: (r) => (
              <div>
                {r.base_salary === null ? '-' : formatRupiah(r.base_salary)}
                {r.pending_pay_change ? (
                  <div className="text-xs text-amber-700 dark:text-amber-400" data-testid="pay-pending">
                    Menunggu persetujuan
                    {r.pending_pay_change.base_salary !== undefined
                      ? `: ${formatRupiah(r.pending_pay_change.base_salary)}`
                      : ' (rekening)'}
                  </div>
                ) : null}
              </div>
            ),
          } satisfies Column<Row>,
        ]
      : []),
    {
      key: 'actions',
      header: '',
      className: 'text-right',
      cell: (r) => (
        <Button size="sm" variant="ghost" onClick={() => setEditing(r)} aria-label={`Ubah ${r.name}`}>
          <Pencil />
        </Button>
      ),
    },
  ];
  const s = (v: string | null | undefined) => v ?? '';
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title="Data Karyawan"
        description="Data kepegawaian, pajak, BPJS dan rekening gaji pegawai."
        actions={
          <ExportExcelButton
            disabled={!list.data?.length}
            onExport={() =>
              exportToExcel(
                'data-karyawan',
                [
                  { header: 'Nama', value: 'name', width: 26 },
                  { header: 'Username', value: 'username' },
                  { header: 'Departemen', value: (r: Row) => r.department ?? '' },
                  { header: 'Jabatan', value: (r: Row) => r.position ?? '' },
                  {
                    header: 'Jenis Pegawai',
                    value: (r: Row) => (r.employment ? labelOf(EMPLOYMENT_LABELS, r.employment) : 'Belum diisi'),
                  },
                  { header: 'PTKP', value: 'ptkp' },
                  { header: 'Tanggal Masuk', value: (r: Row) => r.join_date ?? '' },
                  { header: 'Tanggal Keluar', value: (r: Row) => r.end_date ?? '' },
                  { header: 'NIK', value: (r: Row) => r.nik ?? '', width: 20 },
                  { header: 'NPWP', value: (r: Row) => r.npwp ?? '', width: 20 },
                  { header: 'BPJS Kesehatan', value: (r: Row) => r.bpjs_kesehatan ?? '', width: 16 },
                  { header: 'BPJS Ketenagakerjaan', value: (r: Row) => r.bpjs_ketenagakerjaan ?? '', width: 16 },
                  { header: 'Bank', value: (r: Row) => r.bank_name ?? '' },
                  { header: 'No. Rekening', value: (r: Row) => r.bank_account ?? '', width: 18 },
                  { header: 'Kode Absensi', value: (r: Row) => r.attendance_code ?? '' },
                  ...(seesPay
                    ? [{ header: 'Gaji Pokok', value: (r: Row) => r.base_salary ?? '', numFmt: '#,##0.00', width: 16 }]
                    : []),
                ],
                list.data ?? [],
                'Karyawan',
              )
            }
          />
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          wrapperClassName="w-full max-w-sm"
          placeholder="Cari nama, username atau kode absensi"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          aria-label="Cari pegawai"
        />
        <Select value={department} onValueChange={setDepartment}>
          <SelectTrigger className="w-48" aria-label="Departemen">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">Semua departemen</SelectItem>
            {(departments.data ?? []).map((d) => (
              <SelectItem key={d.id} value={String(d.id)}>
                {d.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {top ? (
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={allBranches} onCheckedChange={(c) => setAllBranches(c === true)} />
            Semua cabang
          </label>
        ) : null}
      </div>
      {list.error ? <ErrorList items={errorItems(list.error)} /> : null}
      {notice ? (
        <p role="status" className="rounded-md border bg-muted/40 p-2 text-sm" data-testid="pay-notice">
          {notice}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(r) => r.id}
        loading={list.isPending}
        emptyText={keyword ? 'Tidak ada pegawai yang cocok.' : 'Belum ada pegawai.'}
      />
      <SchemaFormDialog
        open={editing !== null}
        onOpenChange={(o) => (o ? undefined : setEditing(null))}
        title="Ubah Data Kepegawaian"
        description={
          editing
            ? `${editing.name} (${editing.username})${
                editing.can_change_pay ? '' : seesPay ? ' · Gaji dan rekening Anda sendiri diubah oleh orang lain.' : ''
              }`
            : undefined
        }
        fields={formFields}
        schema={employeeInput}
        initial={{
          department_id: editing?.department_id ? String(editing.department_id) : '',
          position: s(editing?.position),
          join_date: s(editing?.join_date),
          end_date: s(editing?.end_date),
          employment: editing?.employment ?? 'tetap',
          ptkp: editing?.ptkp ?? 'TK/0',
          base_salary: editing?.base_salary != null ? formatNumber(editing.base_salary) : '',
          attendance_code: s(editing?.attendance_code),
          nik: s(editing?.nik),
          npwp: s(editing?.npwp),
          bpjs_kesehatan: s(editing?.bpjs_kesehatan),
          bpjs_ketenagakerjaan: s(editing?.bpjs_ketenagakerjaan),
          bank_name: s(editing?.bank_name),
          bank_account: s(editing?.bank_account),
          bank_holder: s(editing?.bank_holder),
        }}
        onSubmit={async (data) => {
          if (!editing) return;
          const saved = await update.mutateAsync({
            id: editing.id,
            data: data as Parameters<typeof update.mutateAsync>[0]['data'],
          });
          await qc.invalidateQueries({ queryKey: trpc.attendance.employees.pathKey() });
          const wasPending = editing.pending_pay_change?.applog_id;
          setNotice(
            saved.pending_pay_change && saved.pending_pay_change.applog_id !== wasPending
              ? `Perubahan gaji / rekening ${saved.name} dikirim dan menunggu persetujuan orang kedua.`
              : null,
          );
        }}
        testId="employee-dialog"
      />
    </div>
  );
}
