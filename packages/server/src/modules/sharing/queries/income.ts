/** SQL of a doctor's My Income (issue 29 item 6): fee lines with the patient's name and NO RM, approved runs. */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';

const n = (v: unknown) => Number(v);

export async function userBasic(
  db: Db,
  id: number,
): Promise<{ id: number; name: string; role: number; profile_id: number | null } | undefined> {
  const [r] = await queryRows<{ id: number; name: string; role: number; profile_id: number | null }>(
    db,
    sql`select id, name, role, profile_id from users where id = ${id}`,
  );
  return r
    ? { id: n(r.id), name: r.name, role: n(r.role), profile_id: r.profile_id === null ? null : n(r.profile_id) }
    : undefined;
}

export interface IncomeLineRow {
  id: number;
  service_date: string;
  customer_id: number | null;
  patient_name: string | null;
  no_rm: string | null;
  perawatan_name: string | null;
  basis: string | null;
  basis_amount: number;
  share: number;
  payable: number;
  status: string;
  run_id: number | null;
  clawback_of: number | null;
}

/** `and <column> in (branches)`, nothing for every branch (null). */
function inBranches(column: SQL, branches: number[] | null): SQL {
  return branches
    ? sql`and ${column} in (${sql.join(
        branches.map((b) => sql`${b}`),
        sql`, `,
      )})`
    : sql``;
}

/** The doctor's fee lines of from..to (service date), of the given branches (null: every branch). */
export async function incomeLines(
  db: Db,
  doctor: number,
  branches: number[] | null,
  from: string,
  to: string,
): Promise<IncomeLineRow[]> {
  const scope = inBranches(sql`l.profile_id`, branches);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.id, l.service_date::text as service_date, v.customer_id, u.name as patient_name, u.username as no_rm,
          p.name as perawatan_name, l.basis, l.basis_amount, l.share, l.payable, l.status, l.run_id, l.clawback_of
        from sharing_line l left join visit v on v.id = l.visit_id left join users u on u.id = v.customer_id
        left join perawatan p on p.id = l.perawatan_id
        where l.doctor_id = ${doctor} and l.service_date between ${from} and ${to} ${scope}
        order by l.service_date desc, l.id desc limit 2000`,
  );
  return rows.map((r) => ({
    id: n(r.id),
    service_date: String(r.service_date),
    customer_id: r.customer_id === null ? null : n(r.customer_id),
    patient_name: (r.patient_name as string | null) ?? null,
    no_rm: (r.no_rm as string | null) ?? null,
    perawatan_name: (r.perawatan_name as string | null) ?? null,
    basis: (r.basis as string | null) ?? null,
    basis_amount: n(r.basis_amount),
    share: n(r.share),
    payable: n(r.payable),
    status: String(r.status),
    run_id: r.run_id === null ? null : n(r.run_id),
    clawback_of: r.clawback_of === null ? null : n(r.clawback_of),
  }));
}

/** What the doctor is owed outside approved runs: the waiting rest and the payable parts. */
export async function openOwed(
  db: Db,
  doctor: number,
  branches: number[] | null,
): Promise<{ waiting: number; payable: number }> {
  const scope = branches
    ? sql`and profile_id in (${sql.join(
        branches.map((b) => sql`${b}`),
        sql`, `,
      )})`
    : sql``;
  const [r] = await queryRows<{ waiting: string; payable: string }>(
    db,
    sql`select coalesce(sum(case when status = 'waiting' then share - payable else 0 end), 0)::text as waiting,
          coalesce(sum(payable), 0)::text as payable
        from sharing_line where doctor_id = ${doctor} and status in ('waiting', 'payable') ${scope}`,
  );
  return { waiting: n(r.waiting), payable: n(r.payable) };
}

/** Approved runs of the months from..to (YYYY-MM) holding a line of the doctor, with their frozen figures. */
export async function doctorRuns(
  db: Db,
  doctor: number,
  branches: number[] | null,
  from: string,
  to: string,
): Promise<{ id: number; period: string; cutoff: string; doctors: unknown }[]> {
  const scope = inBranches(sql`r.profile_id`, branches);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.id, r.period, r.cutoff::text as cutoff, r.doctors from sharing_run r
        where r.status = 'approved' and r.period between ${from} and ${to} ${scope}
          and exists (select 1 from sharing_line l where l.run_id = r.id and l.doctor_id = ${doctor})
        order by r.period desc, r.id desc`,
  );
  return rows.map((r) => ({ id: n(r.id), period: String(r.period), cutoff: String(r.cutoff), doctors: r.doctors }));
}

/** The patients of the given fee lines (through their visits). */
export async function patientsOfLines(db: Db, lineIds: number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct v.customer_id as id from sharing_line l join visit v on v.id = l.visit_id
        where l.id in (${sql.join(
          lineIds.map((i) => sql`${i}`),
          sql`, `,
        )}) and v.customer_id is not null`,
  );
  return rows.map((r) => n(r.id));
}

/** Whether the branch has a payable fee line up to the date that no run holds (a run would take it). */
export async function hasPayableLines(db: Db, branch: number, upTo: string): Promise<boolean> {
  const rows = await queryRows<{ x: number }>(
    db,
    sql`select 1 as x from sharing_line where profile_id = ${branch} and status = 'payable' and run_id is null
          and service_date <= ${upTo}::date limit 1`,
  );
  return rows.length > 0;
}
