import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRupiah, type VisitPayStatus, VISIT_PAY_STATUS } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { useTRPC } from '../../../lib/trpc';
import { patientColumn } from '../../../components/patient-column';
import { ListWithDetail } from '../components/ListWithDetail';
import { KeywordField } from '../../../components/FilterFields';
import type { Column } from '../../../components/DataTable';
import { FormField } from '../../../components/ui/form';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { PayStatusBadge } from '../../../components/PayStatusBadge';
import { OptionSelect } from '../../../components/OptionSelect';
import { BillPanel } from '../components/BillPanel';

/** 'Tagihan Kunjungan': the visits whose record is finished, their pay status, and the bill of the one chosen. */
export function VisitTab() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const qc = useQueryClient();
  const [date, setDate] = React.useState('');
  const [keyword, setKeyword] = React.useState('');
  const [paystatus, setPaystatus] = React.useState<VisitPayStatus | ''>('');
  const [selected, setSelected] = React.useState<number | null>(null);
  // 'Belum Lunas' lists the patients' receivables of every date; the other filters keep to the visit date.
  const allDates = paystatus === 'belum_lunas';
  const q = useQuery({
    ...trpc.kasir.queue.queryOptions({
      date: allDates ? undefined : date || today,
      paystatus: paystatus || undefined,
      keyword: keyword.trim() || undefined,
    }),
    meta: { inlineErrors: true },
  });
  type Row = NonNullable<typeof q.data>[number];
  // After a payment the dialog offers the next patient of the queue who has not paid yet.
  const waiting = q.data?.find((r) => r.id !== selected && r.pay_status === 'belum_dibayar');
  const nextPatient = waiting
    ? { label: `Pasien Berikutnya: ${waiting.customer.name}`, go: () => setSelected(waiting.id) }
    : { label: 'Selesai', go: () => setSelected(null) };
  const columns: Column<Row>[] = [
    { key: 'code', header: 'Kunjungan', cell: (r) => <span className="font-mono text-xs">{r.code}</span>, priority: 2 },
    patientColumn((r) => r.customer),
    { key: 'doctorname', header: 'Dokter', priority: 3 },
    {
      key: 'payment',
      header: 'Status',
      cell: (r) => (
        <div className="flex flex-col gap-1">
          <PayStatusBadge status={r.pay_status} />
          {r.payment ? (
            <span className="text-xs text-muted-foreground">
              {r.payment.code}
              {r.payment.outstanding > 0 ? ` · sisa ${formatRupiah(r.payment.outstanding)}` : ''}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'act',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button size="sm" variant={r.pay_status === 'lunas' ? 'outline' : 'default'} onClick={() => setSelected(r.id)}>
          {r.pay_status === 'lunas' ? 'Lihat' : r.pay_status === 'belum_lunas' ? 'Lunasi' : 'Bayar'}
        </Button>
      ),
    },
  ];
  return (
    <ListWithDetail
      filtersClassName="grid gap-3 sm:grid-cols-3"
      filters={
        <>
          <FormField label="Tanggal Kunjungan" htmlFor="queue-date">
            {allDates ? (
              <p className="py-2 text-sm text-muted-foreground">Semua tanggal (piutang pasien)</p>
            ) : (
              <DateInput id="queue-date" value={date || today} onChange={setDate} />
            )}
          </FormField>
          <FormField label="Status Pembayaran" htmlFor="queue-paystatus">
            <OptionSelect
              id="queue-paystatus"
              value={paystatus || 'all'}
              onValueChange={(v) => setPaystatus(v === 'all' ? '' : (v as VisitPayStatus))}
              options={[
                ['all', 'Semua'],
                ...(Object.keys(VISIT_PAY_STATUS) as VisitPayStatus[]).map((k) => [k, VISIT_PAY_STATUS[k]] as const),
              ]}
            />
          </FormField>
          <KeywordField
            id="queue-keyword"
            value={keyword}
            onChange={setKeyword}
            placeholder="Pasien, NO RM., kode kunjungan"
          />
        </>
      }
      error={q.error}
      table={{
        columns,
        rows: q.data,
        rowKey: (r) => r.id,
        loading: q.isPending,
        emptyText: 'Belum ada kunjungan dengan rekam medis selesai',
      }}
      detail={{
        open: selected !== null,
        onClose: () => setSelected(null),
        title: 'Tagihan Kunjungan',
        description: 'Tindakan, produk, resep dan BHP dari rekam medis kunjungan ini.',
        content:
          selected !== null ? (
            <BillPanel
              key={selected}
              visit={selected}
              onDone={() => void qc.invalidateQueries({ queryKey: trpc.kasir.pathKey() })}
              next={nextPatient}
            />
          ) : null,
      }}
    />
  );
}
