import {
  fromSen,
  medicalListQuery,
  type MedicalListKind,
  type MedicalListQuery,
  type MedicalListRows,
  type Paged,
  type z,
} from '@klinik/shared';
import { branchScope } from '../../http/access-scope.js';
import { requireUser, type Ctx } from '../../http/context.js';
import * as q from './queries.js';

type Parsed = z.output<typeof medicalListQuery>;

const base = (r: q.BaseRow) => ({
  id: Number(r.id),
  visit_id: Number(r.visit_id),
  visit_code: r.visit_code,
  visit_date: r.visit_date,
  branch: { id: Number(r.profile_id), name: r.branch_name },
  customer: { id: Number(r.customer_id), name: r.customer_name, username: r.customer_username },
  doctor: { id: Number(r.doctor_id), name: r.doctor_name },
  created_at: r.created_at,
});
const versioned = (r: q.EntryRow) => ({ version: Number(r.version), voided: r.voided, record_status: r.record_status });
const person = (id: number | null, name: string | null) => (id ? { id: Number(id), name: name ?? '' } : null);
const rupiah = (v: string | number | null) => (v === null ? 0 : fromSen(Number(v)));

const TO_DTO: { [K in Exclude<MedicalListKind, 'foto'>]: (r: q.EntryRow) => MedicalListRows[K] } = {
  soap: (r) => ({
    ...base(r),
    ...versioned(r),
    subjective: r.subjective,
    objective: r.objective,
    assessment: r.assessment,
    plan: r.plan,
    diagnoses: r.diagnoses ?? [],
  }),
  treatment: (r) => ({
    ...base(r),
    ...versioned(r),
    perawatan: { id: Number(r.perawatan_id), name: r.perawatan_name ?? '' },
    qty: Number(r.qty ?? 0),
    performer: person(r.performer_id, r.performer_name),
    assistant: person(r.assistant_id, r.assistant_name),
    icd9cm: r.icd9cm ? { code: r.icd9cm, name_id: r.icd9cm_name_id ?? '', name_en: r.icd9cm_name_en ?? '' } : null,
    price: rupiah(r.price),
  }),
  produk: (r) => ({
    ...base(r),
    ...versioned(r),
    item: { id: Number(r.item_id), name: r.item_name ?? '' },
    qty: Number(r.qty ?? 0),
    price: rupiah(r.price),
  }),
  resep: (r) => ({
    ...base(r),
    ...versioned(r),
    prescription: {
      id: Number(r.prescription_id),
      code: r.prescription_code ?? '',
      pharmacy_status: r.pharmacy_status ?? '',
    },
    item: { id: Number(r.item_id), name: r.item_name ?? '' },
    qty: Number(r.qty ?? 0),
    signa: r.signa ?? '',
  }),
};

const photoDto = (r: q.PhotoRow): MedicalListRows['foto'] => ({
  ...base(r),
  label: r.label,
  note: r.note,
  upload_at: r.upload_at,
  photourl: `/api/files/visitmultimedia/${r.id}/photo`,
  thumbnailurl: `/api/files/visitmultimedia/${r.id}/thumbnail`,
});

/** One page of a record list (its read trail is declared on the endpoint: every patient on the page). */
export async function list<K extends MedicalListKind>(
  ctx: Ctx,
  kind: K,
  query: Parsed,
): Promise<Paged<MedicalListRows[K]>> {
  const c = requireUser(ctx);
  const f: q.ListFilter = {
    scope: branchScope(c, { isallbranch: query.isallbranch, profile_id: query.profile_id }),
    fromdate: query.fromdate ?? undefined,
    todate: query.todate ?? undefined,
    doctor: query.doctor,
    customer: query.customer,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  const { rows, count } = kind === 'foto' ? await q.listPhotos(c.db, f) : await q.listEntries(c.db, kind, f);
  const entryKind: MedicalListKind = kind;
  const data =
    entryKind === 'foto'
      ? (rows as q.PhotoRow[]).map(photoDto)
      : (rows as q.EntryRow[]).map((r) => TO_DTO[entryKind](r));
  return { data: data as MedicalListRows[K][], count };
}

export type { MedicalListQuery };

/** The doctor filter's choices (the branch, or every branch for a top-level user asking). */
export async function doctors(ctx: Ctx, query: { isallbranch?: number; profile_id?: number }) {
  const c = requireUser(ctx);
  const rows = await q.doctorsInScope(c.db, branchScope(c, query));
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
