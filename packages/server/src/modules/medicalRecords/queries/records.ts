import { and, eq, sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { queryRows, type Db } from '../../../db/client.js';
import {
  rmDiagnosis,
  rmEntry,
  rmEntryHead,
  rmEntryVersion,
  rmPrescription,
  rmProcedure,
  rmRecord,
} from '../../../db/schema/index.js';
import { num, type EntryRow, type RecordRow, type VersionInsert, type PrescriptionRow } from './common.js';

/** Visits, records and the writes of entries (the record module's SQL, by subject: queries/). */
// ---------------------------------------------------------------------------------------------------------------
// Visits and records
// ---------------------------------------------------------------------------------------------------------------

export interface VisitHead {
  id: number;
  profile_id: number;
  code: string;
  visit_date: string;
  kind: string;
  status: string;
  complaint: string | null;
  customer_id: number;
  doctor_id: number;
  doctor_name: string;
  nurse_id: number | null;
  nurse_name: string | null;
  record_id: number | null;
  record_status: string | null;
  finished_at: string | null;
  finished_by: number | null;
  finished_by_name: string | null;
  pay_status: 'belum_dibayar' | 'belum_lunas' | 'lunas';
}

const visitHeadSelect = sql`
  select v.id, v.profile_id, v.code, v.visit_date::text as visit_date, v.kind, v.status, v.complaint, v.customer_id,
         v.doctor_id, du.name as doctor_name, v.nurse_id, nu.name as nurse_name,
         r.id as record_id, r.status as record_status, r.finished_at, r.finished_by, fu.name as finished_by_name,
         coalesce((select ps.pay_status from kasir_visit_pay_status ps where ps.visit_id = v.id), 'belum_dibayar') as pay_status
    from visit v
    join users du on du.id = v.doctor_id
    left join users nu on nu.id = v.nurse_id
    left join rm_record r on r.visit_id = v.id
    left join users fu on fu.id = r.finished_by`;

function toVisitHead(r: Record<string, unknown>): VisitHead {
  return {
    id: Number(r.id),
    profile_id: Number(r.profile_id),
    code: String(r.code),
    visit_date: String(r.visit_date),
    kind: String(r.kind),
    status: String(r.status),
    pay_status: r.pay_status as VisitHead['pay_status'],
    complaint: (r.complaint as string | null) ?? null,
    customer_id: Number(r.customer_id),
    doctor_id: Number(r.doctor_id),
    doctor_name: String(r.doctor_name),
    nurse_id: num(r.nurse_id),
    nurse_name: (r.nurse_name as string | null) ?? null,
    record_id: num(r.record_id),
    record_status: (r.record_status as string | null) ?? null,
    finished_at: r.finished_at ? new Date(r.finished_at as string).toISOString() : null,
    finished_by: num(r.finished_by),
    finished_by_name: (r.finished_by_name as string | null) ?? null,
  };
}

export async function visitHead(db: Db, id: number): Promise<VisitHead | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${visitHeadSelect} where v.id = ${id}`);
  return row ? toVisitHead(row) : undefined;
}

/**
 * A patient's visits, newest first, one page (visit_customer_date_idx), cancelled visits left out. `doctor`: only
 * the visits this doctor treated (a treating doctor without RM read).
 */
export async function patientVisits(
  db: Db,
  f: { scope: BranchScope; customer: number; doctor?: number; limit: number; offset: number },
): Promise<{ rows: VisitHead[]; count: number }> {
  const w: SQL[] = [sql`v.customer_id = ${f.customer}`, sql`v.status <> 'batal'`, scopeSql(sql`v.profile_id`, f.scope)];
  if (f.doctor) w.push(sql`v.doctor_id = ${f.doctor}`);
  const where = sql.join(w, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`${visitHeadSelect} where ${where} order by v.visit_date desc, v.id desc limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from visit v where ${where}`),
  ]);
  return { rows: rows.map(toVisitHead), count: Number(total?.n ?? 0) };
}

/** Whether this doctor treated any visit of the patient (in scope). */
export async function treatedPatient(db: Db, scope: BranchScope, customer: number, doctor: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from visit v where v.customer_id = ${customer} and v.doctor_id = ${doctor}
          and ${scopeSql(sql`v.profile_id`, scope)} limit 1`,
  );
  return !!row;
}

export async function patientHead(
  db: Db,
  id: number,
): Promise<
  | { id: number; name: string; username: string; role: number; birth_date: string | null; gender: number | null }
  | undefined
> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, name, username, role, birth_date::text as birth_date, gender from users where id = ${id}`,
  );
  return row
    ? {
        id: Number(row.id),
        name: String(row.name),
        username: String(row.username),
        role: Number(row.role),
        birth_date: (row.birth_date as string | null) ?? null,
        gender: num(row.gender),
      }
    : undefined;
}

/** The visit's record, created (draft) on the first write. Locks it for the caller's transaction. */
export async function ensureRecord(
  db: Db,
  v: { id: number; profile_id: number; customer_id: number; doctor_id: number; visit_date: string },
  by: number,
): Promise<RecordRow> {
  await db
    .insert(rmRecord)
    .values({
      profile_id: v.profile_id,
      visit_id: v.id,
      customer_id: v.customer_id,
      doctor_id: v.doctor_id,
      visit_date: v.visit_date,
      created_by: by,
    })
    .onConflictDoNothing({ target: rmRecord.visit_id });
  return lockRecord(db, v.id, 'share') as Promise<RecordRow>;
}

/**
 * The visit's record, locked: writers share the lock (they may work side by side), finishing takes it exclusively,
 * so no entry lands in a record while it is being finished.
 */
export async function lockRecord(db: Db, visitId: number, mode: 'share' | 'update'): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(rmRecord).where(eq(rmRecord.visit_id, visitId)).for(mode);
  return row;
}

export async function finishRecord(db: Db, id: number, by: number, at: string): Promise<RecordRow | undefined> {
  const [row] = await db
    .update(rmRecord)
    .set({ status: 'finished', finished_at: at, finished_by: by })
    .where(and(eq(rmRecord.id, id), eq(rmRecord.status, 'draft')))
    .returning();
  return row;
}

export async function liveEntryCount(db: Db, recordId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rm_entry e join rm_entry_head h on h.entry_id = e.id
         where e.record_id = ${recordId} and not h.voided`,
  );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------------

export async function insertEntry(db: Db, values: typeof rmEntry.$inferInsert): Promise<EntryRow> {
  const [row] = await db.insert(rmEntry).values(values).returning();
  return row;
}

export async function insertVersion(db: Db, values: VersionInsert): Promise<number> {
  const [row] = await db.insert(rmEntryVersion).values(values).returning({ id: rmEntryVersion.id });
  return row.id;
}

export async function insertDiagnoses(
  db: Db,
  profileId: number,
  versionId: number,
  list: { code: string; primary: boolean }[],
): Promise<void> {
  if (!list.length) return;
  await db.insert(rmDiagnosis).values(
    list.map((d, i) => ({
      profile_id: profileId,
      version_id: versionId,
      code: d.code,
      is_primary: d.primary,
      seq: i + 1,
    })),
  );
}

export async function insertProcedures(
  db: Db,
  profileId: number,
  versionId: number,
  list: { code: string }[],
): Promise<void> {
  if (!list.length) return;
  await db
    .insert(rmProcedure)
    .values(list.map((p, i) => ({ profile_id: profileId, version_id: versionId, code: p.code, seq: i + 1 })));
}

/** Copies the codes of one version onto another (a void keeps what it voids readable). */
export async function copyCodes(db: Db, fromVersion: number, toVersion: number): Promise<void> {
  await db.execute(sql`insert into rm_diagnosis (profile_id, version_id, code, is_primary, seq)
    select profile_id, ${toVersion}, code, is_primary, seq from rm_diagnosis where version_id = ${fromVersion}`);
  await db.execute(sql`insert into rm_procedure (profile_id, version_id, code, seq)
    select profile_id, ${toVersion}, code, seq from rm_procedure where version_id = ${fromVersion}`);
}

export async function insertPrescription(db: Db, values: typeof rmPrescription.$inferInsert): Promise<PrescriptionRow> {
  const [row] = await db.insert(rmPrescription).values(values).returning();
  return row;
}

export async function cancelPrescriptionIfEmpty(db: Db, prescriptionId: number): Promise<void> {
  await db.execute(sql`update rm_prescription set pharmacy_status = 'batal', updated_at = now()
    where id = ${prescriptionId} and pharmacy_status = 'menunggu'
      and not exists (select 1 from rm_entry e join rm_entry_head h on h.entry_id = e.id
                       where e.prescription_id = ${prescriptionId} and not h.voided)`);
}

export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(rmEntry).where(eq(rmEntry.id, id));
  return row;
}

/** The current version's row of an entry (raw columns) with its number and void flag. */
export async function currentVersionRow(
  db: Db,
  entryId: number,
): Promise<(typeof rmEntryVersion.$inferSelect & { voided: boolean }) | undefined> {
  const [row] = await db
    .select({ v: rmEntryVersion, voided: rmEntryHead.voided })
    .from(rmEntryVersion)
    .innerJoin(rmEntryHead, eq(rmEntryHead.version_id, rmEntryVersion.id))
    .where(eq(rmEntryHead.entry_id, entryId));
  return row ? { ...row.v, voided: !!row.voided } : undefined;
}
