import {
  formatDate,
  formatDateTime,
  formatRupiah,
  PRESCRIPTION_STATUS_LABEL,
  type FotoListRow,
  type MedicalListBase,
  type PrescriptionStatus,
  type ProdukListRow,
  type ResepListRow,
  type SoapListRow,
  type TreatmentListRow,
} from '@klinik/shared';
import type { Column } from '../../../components/DataTable';
import { patientColumn } from '../../../components/patient-column';
import type { ExcelColumn } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';

/** Columns of the record lists (issue 12): every kind starts with the visit date and the patient. */
function base<T extends MedicalListBase>(backoffice: boolean): { first: Column<T>[]; last: Column<T>[] } {
  return {
    first: [
      { key: 'date', header: 'Tanggal', kind: 'date', cell: (r) => formatDate(r.visit_date) },
      patientColumn((r) => r.customer),
    ],
    last: [
      { key: 'doctor', header: 'Dokter', priority: 2, cell: (r) => r.doctor.name },
      ...(backoffice ? [{ key: 'branch', header: 'Cabang', priority: 3 as const, cell: (r: T) => r.branch.name }] : []),
    ],
  };
}
function baseExcel<T extends MedicalListBase>(): ExcelColumn<T>[] {
  return [
    { header: 'Tanggal', value: (r) => r.visit_date, width: 12 },
    { header: 'Kunjungan', value: (r) => r.visit_code, width: 20 },
    { header: 'Cabang', value: (r) => r.branch.name, width: 24 },
    { header: 'NO RM', value: (r) => r.customer.username, width: 14 },
    { header: 'Pasien', value: (r) => r.customer.name, width: 26 },
    { header: 'Dokter', value: (r) => r.doctor.name, width: 24 },
  ];
}
const voidedBadge = (r: { voided: boolean; version: number }) =>
  r.voided ? (
    <Badge variant="destructive">Dibatalkan</Badge>
  ) : r.version > 1 ? (
    <Badge variant="secondary">Dikoreksi (v{r.version})</Badge>
  ) : null;
const versionText = (r: { voided: boolean; version: number }) =>
  r.voided ? 'Dibatalkan' : r.version > 1 ? `Dikoreksi (versi ${r.version})` : '';

export function soapColumns(backoffice: boolean): Column<SoapListRow>[] {
  const b = base<SoapListRow>(backoffice);
  return [
    ...b.first,
    {
      key: 'soap',
      header: 'S / A',
      cell: (r) => (
        <div className="flex max-w-md flex-col gap-0.5">
          <span className="line-clamp-2">{r.subjective || '-'}</span>
          <span className="line-clamp-1 text-xs text-muted-foreground">{r.assessment || ''}</span>
          {voidedBadge(r)}
        </div>
      ),
    },
    {
      key: 'dx',
      header: 'Diagnosis (ICD-10)',
      priority: 2,
      cell: (r) => (
        <div className="flex flex-col">
          {r.diagnoses.map((d) => (
            <span key={d.code} className={d.primary ? 'font-medium' : 'text-muted-foreground'}>
              {d.code} {d.name_id}
            </span>
          ))}
        </div>
      ),
    },
    ...b.last,
  ];
}
export const soapExcel: ExcelColumn<SoapListRow>[] = [
  ...baseExcel<SoapListRow>(),
  { header: 'Subjektif', value: (r) => r.subjective ?? '', width: 40 },
  { header: 'Objektif', value: (r) => r.objective ?? '', width: 40 },
  { header: 'Asesmen', value: (r) => r.assessment ?? '', width: 30 },
  { header: 'Rencana', value: (r) => r.plan ?? '', width: 40 },
  {
    header: 'Diagnosis',
    value: (r) => r.diagnoses.map((d) => `${d.code} ${d.name_id}${d.primary ? ' (utama)' : ''}`).join('; '),
    width: 40,
  },
  { header: 'Status', value: versionText, width: 16 },
];

export function treatmentColumns(backoffice: boolean): Column<TreatmentListRow>[] {
  const b = base<TreatmentListRow>(backoffice);
  return [
    ...b.first,
    {
      key: 'tindakan',
      header: 'Tindakan',
      cell: (r) => (
        <div className="flex flex-col gap-0.5">
          <span>{r.perawatan.name}</span>
          {r.icd9cm ? (
            <span className="text-xs text-muted-foreground">
              ICD-9-CM {r.icd9cm.code} {r.icd9cm.name_en}
            </span>
          ) : null}
          {voidedBadge(r)}
        </div>
      ),
    },
    { key: 'qty', header: 'Qty', kind: 'number', cell: (r) => r.qty },
    { key: 'performer', header: 'Pelaksana', priority: 2, cell: (r) => r.performer?.name ?? '-' },
    { key: 'assistant', header: 'Asisten', priority: 3, cell: (r) => r.assistant?.name ?? '-' },
    ...b.last,
  ];
}
export const treatmentExcel: ExcelColumn<TreatmentListRow>[] = [
  ...baseExcel<TreatmentListRow>(),
  { header: 'Tindakan', value: (r) => r.perawatan.name, width: 28 },
  { header: 'ICD-9-CM', value: (r) => (r.icd9cm ? `${r.icd9cm.code} ${r.icd9cm.name_en}` : ''), width: 30 },
  { header: 'Qty', value: 'qty' },
  { header: 'Harga', value: 'price', numFmt: '#,##0', width: 14 },
  { header: 'Pelaksana', value: (r) => r.performer?.name ?? '', width: 24 },
  { header: 'Asisten', value: (r) => r.assistant?.name ?? '', width: 24 },
  { header: 'Status', value: versionText, width: 16 },
];

export function produkColumns(backoffice: boolean): Column<ProdukListRow>[] {
  const b = base<ProdukListRow>(backoffice);
  return [
    ...b.first,
    {
      key: 'item',
      header: 'Produk',
      cell: (r) => (
        <div className="flex flex-col gap-0.5">
          <span>{r.item.name}</span>
          {voidedBadge(r)}
        </div>
      ),
    },
    { key: 'qty', header: 'Qty', kind: 'number', cell: (r) => r.qty },
    { key: 'price', header: 'Harga', kind: 'number', priority: 2, cell: (r) => formatRupiah(r.price) },
    ...b.last,
  ];
}
export const produkExcel: ExcelColumn<ProdukListRow>[] = [
  ...baseExcel<ProdukListRow>(),
  { header: 'Produk', value: (r) => r.item.name, width: 28 },
  { header: 'Qty', value: 'qty' },
  { header: 'Harga', value: 'price', numFmt: '#,##0', width: 14 },
  { header: 'Status', value: versionText, width: 16 },
];

const rxStatus = (s: string) => PRESCRIPTION_STATUS_LABEL[s as PrescriptionStatus] ?? s;
export function resepColumns(backoffice: boolean): Column<ResepListRow>[] {
  const b = base<ResepListRow>(backoffice);
  return [
    ...b.first,
    {
      key: 'item',
      header: 'Obat',
      cell: (r) => (
        <div className="flex flex-col gap-0.5">
          <span>{r.item.name}</span>
          <span className="text-xs text-muted-foreground">S. {r.signa}</span>
          {voidedBadge(r)}
        </div>
      ),
    },
    { key: 'qty', header: 'Qty', kind: 'number', cell: (r) => r.qty },
    {
      key: 'rx',
      header: 'No. Resep',
      priority: 2,
      cell: (r) => (
        <div className="flex flex-col">
          <span className="whitespace-nowrap">{r.prescription.code}</span>
          <span className="text-xs text-muted-foreground">{rxStatus(r.prescription.pharmacy_status)}</span>
        </div>
      ),
    },
    ...b.last,
  ];
}
export const resepExcel: ExcelColumn<ResepListRow>[] = [
  ...baseExcel<ResepListRow>(),
  { header: 'No. Resep', value: (r) => r.prescription.code, width: 22 },
  { header: 'Obat', value: (r) => r.item.name, width: 28 },
  { header: 'Qty', value: 'qty' },
  { header: 'Signa', value: 'signa', width: 30 },
  { header: 'Status Apotek', value: (r) => rxStatus(r.prescription.pharmacy_status), width: 14 },
  { header: 'Status', value: versionText, width: 16 },
];

export function fotoColumns(backoffice: boolean): Column<FotoListRow>[] {
  const b = base<FotoListRow>(backoffice);
  return [
    ...b.first,
    {
      key: 'photo',
      header: 'Foto',
      cell: (r) => (
        <a href={r.photourl} target="_blank" rel="noreferrer">
          <img
            src={r.thumbnailurl}
            alt={r.label ?? 'Foto progres'}
            className="h-14 w-14 rounded object-cover"
            loading="lazy"
          />
        </a>
      ),
    },
    { key: 'label', header: 'Label', priority: 2, cell: (r) => r.label ?? '-' },
    { key: 'at', header: 'Waktu Foto', kind: 'date', priority: 3, cell: (r) => formatDateTime(r.upload_at) },
    ...b.last,
  ];
}
export const fotoExcel: ExcelColumn<FotoListRow>[] = [
  ...baseExcel<FotoListRow>(),
  { header: 'Label', value: (r) => r.label ?? '', width: 20 },
  { header: 'Waktu Foto', value: (r) => r.upload_at, width: 22 },
  { header: 'Catatan', value: (r) => r.note ?? '', width: 30 },
  { header: 'Foto', value: (r) => new URL(r.photourl, window.location.origin).href, width: 50 },
];
