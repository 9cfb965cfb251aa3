import { and, eq, sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { queryRows, type Db } from '../../../db/client.js';
import { rmPrescription } from '../../../db/schema/index.js';
import { idList, type PrescriptionRow } from './common.js';
import { currentEntries, toVersionRow, versionJoins, versionSelect, type VersionRow } from './entries.js';

/** The read trail and the corrections list; what other modules read (front.ts). */
// ---------------------------------------------------------------------------------------------------------------
// The read trail
// ---------------------------------------------------------------------------------------------------------------

export interface CorrectionRow {
  id: number;
  at: string;
  by_id: number | null;
  by_name: string | null;
  action: string;
  kind: string;
  entry_id: number;
  version: number;
  reason: string | null;
  visit_id: number;
  visit_code: string;
  visit_date: string;
  customer_id: number;
  customer_name: string;
  profile_id: number;
}

/**
 * What other users changed in this doctor's finished records (issue 25): versions written after the record was
 * finished by someone else (corrections, voids, and additions: version 1 of an entry created after finishing),
 * newest first.
 */
export async function correctionsFor(
  db: Db,
  doctor: number,
  limit: number,
  offset: number,
): Promise<{ rows: CorrectionRow[]; count: number }> {
  const from = sql`from rm_entry_version ev
      join rm_entry e on e.id = ev.entry_id
      join rm_record r on r.id = e.record_id
      join visit vi on vi.id = e.visit_id
      where vi.doctor_id = ${doctor} and r.status = 'finished' and ev.created_at >= r.finished_at
        and ev.created_by is distinct from ${doctor}`;
  const [rows, [total]] = await Promise.all([
    queryRows<CorrectionRow>(
      db,
      sql`select ev.id, ev.created_at::text as at, ev.created_by as by_id, u.name as by_name, ev.action, e.kind,
            e.id as entry_id, ev.version, ev.reason, vi.id as visit_id, vi.code as visit_code,
            vi.visit_date::text as visit_date, vi.customer_id, c.name as customer_name, vi.profile_id
          from (select ev.id ${from}) x
          join rm_entry_version ev on ev.id = x.id
          join rm_entry e on e.id = ev.entry_id
          join visit vi on vi.id = e.visit_id
          join users c on c.id = vi.customer_id
          left join users u on u.id = ev.created_by
          order by ev.created_at desc, ev.id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function accessLog(
  db: Db,
  customer: number,
  limit: number,
  offset: number,
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select a.id, a.at, a.user_id, u.name as user_name, a.action, a.after from audit_log a
          left join users u on u.id = a.user_id
          where a.entity = 'rekam_medis' and a.entity_id = ${String(customer)}
          order by a.at desc, a.id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log a where a.entity = 'rekam_medis' and a.entity_id = ${String(customer)}`,
    ),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// For other modules (front.ts): what a visit bills, what the pharmacy waits for
// ---------------------------------------------------------------------------------------------------------------

export async function billableOf(db: Db, visitId: number): Promise<VersionRow[]> {
  return (await currentEntries(db, [visitId], ['treatment', 'produk', 'bhp', 'resep', 'lab'])).filter((r) => !r.voided);
}

export async function waitingPrescriptions(
  db: Db,
  scope: BranchScope,
  f: { visit?: number; limit: number },
): Promise<PrescriptionRow[]> {
  const w: SQL[] = [
    scopeSql(rmPrescription.profile_id, scope),
    sql`${rmPrescription.pharmacy_status} in ('menunggu', 'sebagian')`,
  ];
  if (f.visit) w.push(eq(rmPrescription.visit_id, f.visit));
  return db
    .select()
    .from(rmPrescription)
    .where(and(...w))
    .orderBy(rmPrescription.created_at, rmPrescription.id)
    .limit(f.limit);
}

export async function prescriptionItems(db: Db, prescriptionIds: readonly number[]): Promise<VersionRow[]> {
  if (!prescriptionIds.length) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${versionSelect}
    join rm_entry_version v on v.id = h.version_id
    ${versionJoins}
    where e.prescription_id in (${idList(prescriptionIds)})
    order by e.prescription_id, e.id`,
  );
  return rows.map(toVersionRow);
}

export async function setPharmacyStatus(
  db: Db,
  id: number,
  from: readonly string[],
  to: string,
  at: string,
): Promise<PrescriptionRow | undefined> {
  const [row] = await db
    .update(rmPrescription)
    .set({ pharmacy_status: to, updated_at: at })
    .where(
      and(
        eq(rmPrescription.id, id),
        sql`${rmPrescription.pharmacy_status} in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row;
}

/** Whose visits these are and in which branch: what a read of them leaves on the read trail. */
export async function visitOwners(
  db: Db,
  visitIds: readonly number[],
): Promise<{ visit: number; customer: number; branch: number }[]> {
  if (!visitIds.length) return [];
  const rows = await queryRows<{ id: number; customer_id: number; profile_id: number }>(
    db,
    sql`select id, customer_id, profile_id from visit where id in (${idList(visitIds)})`,
  );
  return rows.map((r) => ({ visit: Number(r.id), customer: Number(r.customer_id), branch: Number(r.profile_id) }));
}
