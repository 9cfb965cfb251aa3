import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPONENT_KIND_LABELS,
  COMPONENT_KINDS,
  COMPONENT_METHOD_LABELS,
  COMPONENT_METHODS,
  componentInput,
  formatNumber,
  formatRupiah,
} from '@klinik/shared';
import { labelOf } from '../lib';
import { useTRPC } from '../../../lib/trpc';
import { MasterList, STATUS_FIELD } from '../components/MasterList';

/** /attendance/master/payrollcomponent: earnings and deductions with how each is computed. */
export default function PayrollComponentPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery({ ...trpc.attendance.payroll.components.list.queryOptions(), meta: { inlineErrors: true } });
  const create = useMutation({
    ...trpc.attendance.payroll.components.create.mutationOptions(),
    meta: { inlineErrors: true },
  });
  const update = useMutation({
    ...trpc.attendance.payroll.components.update.mutationOptions(),
    meta: { inlineErrors: true },
  });
  type Row = NonNullable<typeof list.data>[number];
  const value = (r: Row) =>
    r.method === 'percent_base'
      ? `${formatNumber(r.rate)}%`
      : r.method === 'thr'
        ? '1 bulan gaji pokok'
        : formatRupiah(r.amount);
  return (
    <MasterList<Row>
      title="Komponen Gaji"
      description="Pendapatan dan potongan: tetap, per hari hadir, per menit terlambat, persen gaji pokok, atau THR."
      noun="komponen gaji"
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      columns={[
        { key: 'name', header: 'Nama' },
        { key: 'kind', header: 'Jenis', cell: (r) => labelOf(COMPONENT_KIND_LABELS, r.kind) },
        { key: 'method', header: 'Cara Hitung', cell: (r) => labelOf(COMPONENT_METHOD_LABELS, r.method) },
        { key: 'value', header: 'Nilai', className: 'text-right', headerClassName: 'text-right', cell: value },
        { key: 'taxable', header: 'Kena Pajak', cell: (r) => (r.taxable ? 'Ya' : 'Tidak') },
        { key: 'bpjs_base', header: 'Dasar BPJS', cell: (r) => (r.bpjs_base ? 'Ya' : 'Tidak') },
      ]}
      excel={[
        { header: 'Nama', value: 'name', width: 28 },
        { header: 'Jenis', value: (r) => labelOf(COMPONENT_KIND_LABELS, r.kind) },
        { header: 'Cara Hitung', value: (r) => labelOf(COMPONENT_METHOD_LABELS, r.method), width: 22 },
        { header: 'Nominal', value: 'amount', numFmt: '#,##0.00', width: 16 },
        { header: 'Persen', value: 'rate' },
        { header: 'Kena Pajak', value: (r) => (r.taxable ? 'Ya' : 'Tidak') },
        { header: 'Dasar BPJS', value: (r) => (r.bpjs_base ? 'Ya' : 'Tidak') },
      ]}
      fields={[
        { key: 'name', label: 'Nama Komponen', kind: 'text', required: true },
        {
          key: 'kind',
          label: 'Jenis',
          kind: 'select',
          required: true,
          options: COMPONENT_KINDS.map((k) => ({ value: k, label: COMPONENT_KIND_LABELS[k] })),
        },
        {
          key: 'method',
          label: 'Cara Hitung',
          kind: 'select',
          required: true,
          options: COMPONENT_METHODS.map((k) => ({ value: k, label: COMPONENT_METHOD_LABELS[k] })),
        },
        {
          key: 'amount',
          label: 'Nominal (Rp)',
          kind: 'money',
          when: (v) => v.method !== 'percent_base' && v.method !== 'thr',
        },
        { key: 'rate', label: 'Persen Gaji Pokok', kind: 'decimal', when: (v) => v.method === 'percent_base' },
        { key: 'taxable', label: 'Kena pajak (PPh 21)', kind: 'checkbox' },
        { key: 'bpjs_base', label: 'Termasuk dasar upah BPJS', kind: 'checkbox' },
        STATUS_FIELD,
      ]}
      schema={componentInput}
      toValues={(r) => ({
        name: r?.name ?? '',
        kind: r?.kind ?? 'earning',
        method: r?.method ?? 'fixed',
        amount: r && r.amount ? formatNumber(r.amount) : '',
        rate: r && r.rate ? String(r.rate) : '',
        taxable: r?.taxable ?? true,
        bpjs_base: r?.bpjs_base ?? false,
        status: String(r?.status ?? 1),
      })}
      save={async (id, data) => {
        const d = data as Parameters<typeof create.mutateAsync>[0];
        if (id) await update.mutateAsync({ id, data: d });
        else await create.mutateAsync(d);
        await qc.invalidateQueries({ queryKey: trpc.attendance.payroll.components.pathKey() });
      }}
    />
  );
}
