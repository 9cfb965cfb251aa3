import {
  formatDate,
  formatDateTime,
  VISIT_KIND_LABEL,
  VISIT_PAY_STATUS,
  VISIT_STATUS_LABEL,
  type VisitDto,
} from '@klinik/shared';
import type { Column } from '../../../components/DataTable';
import type { ExcelColumn } from '../../../components/export-excel';
import { patientColumn } from '../../../components/patient-column';
import { visitStatusColumn } from './QueueBoard';

/** The columns of the visit history: 'Kunjungan' (/service/kunjungan) and the Backoffice's (/backoffice/kunjungan). */
export const KUNJUNGAN_COLUMNS: Column<VisitDto>[] = [
  { key: 'date', header: 'Tanggal', cell: (v) => formatDate(v.visit_date), className: 'whitespace-nowrap' },
  { key: 'code', header: 'Kode', cell: (v) => v.code, className: 'whitespace-nowrap' },
  { key: 'queue', header: 'No.', cell: (v) => v.queue_number },
  patientColumn((v) => v.customer),
  { key: 'doctor', header: 'Dokter', cell: (v) => v.doctor.name },
  { key: 'kind', header: 'Jenis', cell: (v) => VISIT_KIND_LABEL[v.kind] },
  { key: 'complaint', header: 'Keluhan', cell: (v) => v.complaint ?? '' },
  visitStatusColumn((v) =>
    v.cancel_reason ? <span className="text-xs text-muted-foreground">{v.cancel_reason}</span> : null,
  ),
];

/** The Excel columns of the visit history. */
export const KUNJUNGAN_EXPORT_COLUMNS: ExcelColumn<VisitDto>[] = [
  { header: 'Tanggal', value: (v) => v.visit_date, width: 12 },
  { header: 'Kode', value: 'code', width: 20 },
  { header: 'No. Antrian', value: 'queue_number' },
  { header: 'NO RM', value: (v) => v.customer.username, width: 14 },
  { header: 'Pasien', value: (v) => v.customer.name, width: 28 },
  { header: 'Dokter', value: (v) => v.doctor.name, width: 24 },
  { header: 'Jenis', value: (v) => VISIT_KIND_LABEL[v.kind], width: 16 },
  { header: 'Keluhan', value: (v) => v.complaint ?? '', width: 30 },
  { header: 'Reservasi', value: (v) => v.reservation?.code ?? '', width: 18 },
  { header: 'Status', value: (v) => VISIT_STATUS_LABEL[v.status] },
  { header: 'Pembayaran', value: (v) => VISIT_PAY_STATUS[v.pay_status] },
  { header: 'Alasan Batal', value: (v) => v.cancel_reason ?? '', width: 24 },
  { header: 'Dipanggil', value: (v) => (v.called_at ? formatDateTime(v.called_at) : ''), width: 18 },
  { header: 'Selesai', value: (v) => (v.finished_at ? formatDateTime(v.finished_at) : ''), width: 18 },
];
