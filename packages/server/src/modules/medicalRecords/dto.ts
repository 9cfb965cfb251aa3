import {
  fromSen,
  type PrescriptionStatus,
  type RmEntryDto,
  type RmKind,
  type RmPrescriptionDto,
  type RmRecordStatus,
  type RmVersionAction,
  type RmVersionDto,
  type RmVisitRecordDto,
} from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';
import * as q from './queries.js';

/** The record's answers: versions, entries and a visit's record assembled from its rows. */
// ---------------------------------------------------------------------------------------------------------------
// DTOs
// ---------------------------------------------------------------------------------------------------------------

export const person = (id: number | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
export const money = (sen: number | null) => (sen === null ? null : Number(fromSen(sen)));

export function versionDto(r: q.VersionRow, codes: { diagnoses: q.CodeRow[]; procedures: q.CodeRow[] }): RmVersionDto {
  const base: RmVersionDto = {
    id: r.version_id,
    version: r.version,
    action: r.action as RmVersionAction,
    reason: r.reason,
    created_at: r.created_at,
    created_by: person(r.created_by, r.created_by_name),
  };
  switch (r.kind) {
    case 'soap':
      return {
        ...base,
        subjective: r.subjective,
        objective: r.objective,
        assessment: r.assessment,
        plan: r.plan,
        vitals: {
          sistole: r.sistole,
          diastole: r.diastole,
          nadi: r.nadi,
          respirasi: r.respirasi,
          suhu: r.suhu,
          spo2: r.spo2,
          berat: r.berat,
          tinggi: r.tinggi,
          bmi: r.bmi,
        },
        diagnoses: codes.diagnoses
          .filter((d) => d.version_id === r.version_id)
          .map((d) => ({ code: d.code, name_id: d.name_id, name_en: d.name_en, primary: d.primary })),
        procedures: codes.procedures
          .filter((d) => d.version_id === r.version_id)
          .map((d) => ({ code: d.code, name_id: d.name_id, name_en: d.name_en })),
      };
    case 'treatment':
      return {
        ...base,
        perawatan: r.perawatan_id
          ? { id: r.perawatan_id, code: r.perawatan_code ?? '', name: r.perawatan_name ?? '' }
          : null,
        qty: r.qty,
        doctor: person(r.doctor_id, r.doctor_name),
        assistant: person(r.assistant_id, r.assistant_name),
        icd9cm: r.icd9cm ? { code: r.icd9cm, name_id: r.icd9cm_name_id ?? '', name_en: r.icd9cm_name_en ?? '' } : null,
        price: money(r.price),
        doctor_share: money(r.doctor_share),
      };
    case 'alergi':
      return { ...base, allergen: r.allergen, note: r.note };
    case 'lab':
      return {
        ...base,
        form_lab: r.form_lab_id
          ? { id: r.form_lab_id, code: r.form_lab_code ?? '', name: r.form_lab_name ?? '' }
          : null,
        qty: r.qty,
        price: money(r.price),
        note: r.note,
      };
    default:
      return {
        ...base,
        item: r.item_id
          ? { id: r.item_id, code: r.item_code ?? '', name: r.item_name ?? '', unit: r.item_unit ?? '' }
          : null,
        qty: r.qty,
        price: money(r.price),
        ...(r.kind === 'resep' ? { signa: r.signa, allergy_override: r.allergy_override } : {}),
      };
  }
}

export function entryDto(r: q.VersionRow, codes: { diagnoses: q.CodeRow[]; procedures: q.CodeRow[] }): RmEntryDto {
  return {
    id: r.entry_id,
    kind: r.kind,
    visit_id: r.visit_id,
    prescription_id: r.prescription_id,
    created_at: r.entry_created_at,
    created_by: person(r.entry_created_by, r.entry_created_by_name),
    version: r.head_version,
    voided: r.voided,
    current: versionDto(r, codes),
  };
}

/** The records of these visits, assembled from a fixed number of batched queries (no query per visit). */
export async function assemble(
  c: AuthedCtx,
  heads: q.VisitHead[],
  customer: { id: number; name: string; username: string; birth_date: string | null; gender: number | null },
  kindsOf: (h: q.VisitHead) => RmKind[],
  photosOf: (h: q.VisitHead) => boolean,
): Promise<RmVisitRecordDto[]> {
  const ids = heads.map((h) => h.id);
  const allKinds = [...new Set(heads.flatMap(kindsOf))];
  const photoIds = heads.filter(photosOf).map((h) => h.id);
  const [rows, prescriptions, photos] = await Promise.all([
    q.currentEntries(c.db, ids, allKinds),
    allKinds.includes('resep') ? q.prescriptionsOf(c.db, ids) : Promise.resolve([]),
    q.photosOf(c.db, photoIds),
  ]);
  const codes = await q.codesOf(
    c.db,
    rows.filter((r) => r.kind === 'soap').map((r) => r.version_id),
  );
  return heads.map((h) => {
    const kinds = kindsOf(h);
    const mine = rows.filter((r) => r.visit_id === h.id && kinds.includes(r.kind));
    const of = (k: RmKind) => mine.filter((r) => r.kind === k).map((r) => entryDto(r, codes));
    const resepItems = of('resep');
    const resep: RmPrescriptionDto[] = kinds.includes('resep')
      ? prescriptions
          .filter((p) => p.visit_id === h.id)
          .map((p) => ({
            id: p.id,
            code: p.code,
            note: p.note,
            pharmacy_status: p.pharmacy_status as PrescriptionStatus,
            created_at: new Date(p.created_at).toISOString(),
            items: resepItems.filter((i) => i.prescription_id === p.id),
          }))
      : [];
    return {
      visit: {
        id: h.id,
        code: h.code,
        visit_date: h.visit_date,
        kind: h.kind,
        status: h.status,
        pay_status: h.pay_status,
        complaint: kinds.includes('soap') ? h.complaint : null,
        doctor: { id: h.doctor_id, name: h.doctor_name },
        nurse: person(h.nurse_id, h.nurse_name),
      },
      customer,
      record: h.record_id
        ? {
            id: h.record_id,
            status: (h.record_status ?? 'draft') as RmRecordStatus,
            finished_at: h.finished_at,
            finished_by: person(h.finished_by, h.finished_by_name),
          }
        : null,
      readable: kinds,
      soap: of('soap'),
      treatment: of('treatment'),
      produk: of('produk'),
      bhp: of('bhp'),
      resep,
      alergi: of('alergi'),
      lab: of('lab'),
      photos: photos
        .filter((p) => p.visit_id === h.id)
        .map((p) => ({ id: p.id, thumbnail: p.thumbnail, photo: p.photo, label: p.label, upload_at: p.upload_at })),
    };
  });
}
