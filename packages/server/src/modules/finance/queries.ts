import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AKUN_CATEGORIES, fromSen, PERIODE_STATUS_LABELS, type AkunDto, type PeriodeDto } from '@klinik/shared';
import { queryRows, type Db } from '../../db/client.js';
import { auditInsertSelect } from '../../lib/audit.js';
import { nextNumberSql } from '../../lib/numbering.js';
import { akun, financePeriode, financePeriodeSaldo, jurnal, jurnalDetail, profile } from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';
export * from './queries/balances.js';
export * from './queries/masters.js';
export * from './queries/consolidated.js';

export type AkunRow = typeof akun.$inferSelect;
export type PeriodeRow = typeof financePeriode.$inferSelect;
export type JurnalRow = typeof jurnal.$inferSelect;

export type { BranchScope };

// ---------------------------------------------------------------- accounts

export async function findAkunByRefs(db: Db, ids: number[], codes: string[]): Promise<AkunRow[]> {
  const conds: SQL[] = [];
  if (ids.length) conds.push(inArray(akun.id, ids));
  if (codes.length) conds.push(inArray(akun.code, codes));
  if (!conds.length) return [];
  return db
    .select()
    .from(akun)
    .where(or(...conds));
}

export async function findAkun(db: Db, id: number): Promise<AkunRow | undefined> {
  const [row] = await db.select().from(akun).where(eq(akun.id, id));
  return row;
}

export async function findAkunByCode(db: Db, code: string): Promise<AkunRow | undefined> {
  const [row] = await db.select().from(akun).where(eq(akun.code, code));
  return row;
}

export async function listAkun(db: Db): Promise<AkunRow[]> {
  return db.select().from(akun).orderBy(asc(akun.code));
}

export async function insertAkun(db: Db, values: typeof akun.$inferInsert): Promise<AkunRow> {
  const [row] = await db.insert(akun).values(values).returning();
  return row;
}

export async function updateAkun(
  db: Db,
  id: number,
  values: Partial<typeof akun.$inferInsert>,
): Promise<AkunRow | undefined> {
  const [row] = await db
    .update(akun)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(eq(akun.id, id))
    .returning();
  return row;
}

export async function deleteAkun(db: Db, id: number): Promise<void> {
  await db.delete(akun).where(eq(akun.id, id));
}

/**
 * Ids of accounts with at least one journal line (any branch): one indexed EXISTS probe per account
 * (jurnal_detail_akun_id_idx) instead of a scan of every line.
 */
export async function akunIdsWithPostings(db: Db): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select a.id from akun a where exists (select 1 from jurnal_detail d where d.akun_id = a.id)`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function akunUsage(
  db: Db,
  id: number,
): Promise<{ postings: number; children: number; methods: number; taxes: number; saldo: number }> {
  const [row] = await queryRows<{ postings: number; children: number; methods: number; taxes: number; saldo: number }>(
    db,
    sql`select
      (select count(*) from jurnal_detail where akun_id = ${id})::int as postings,
      (select count(*) from akun where parent_id = ${id})::int as children,
      (select count(*) from payment_method where akun_id = ${id})::int as methods,
      (select count(*) from pajak where akun_id = ${id})::int as taxes,
      (select count(*) from finance_periode_saldo where akun_id = ${id})::int as saldo`,
  );
  return row;
}

/** What ties an account to branches other than `profileId`: their journal lines and opening balances. */
export async function akunUseOutside(
  db: Db,
  id: number,
  profileId: number,
): Promise<{ postings: number; saldo: number }> {
  const [row] = await queryRows<{ postings: number; saldo: number }>(
    db,
    sql`select
      (select count(*) from jurnal_detail where akun_id = ${id} and profile_id <> ${profileId})::int as postings,
      (select count(*) from finance_periode_saldo s join finance_periode p on p.id = s.periode_id
        where s.akun_id = ${id} and p.profile_id <> ${profileId})::int as saldo`,
  );
  return row;
}

/** The account row, locked until the transaction ends (a scope change is decided on what it sees). */
export async function lockAkun(db: Db, id: number): Promise<AkunRow | undefined> {
  const [row] = await db.select().from(akun).where(eq(akun.id, id)).for('update');
  return row;
}

export function toAkunDto(r: AkunRow, parents: Map<number, AkunRow>, balanceSen = 0, hasposting = false): AkunDto {
  // balanceSen is debit minus credit; shown on the side where it lies.
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    category: r.category,
    categoryname: AKUN_CATEGORIES[r.category as keyof typeof AKUN_CATEGORIES] ?? '',
    isheader: r.isheader,
    parent_id: r.parent_id,
    parentcode: r.parent_id ? (parents.get(r.parent_id)?.code ?? null) : null,
    normal: r.normal === 'K' ? 'K' : 'D',
    status: r.status,
    profile_id: r.profile_id,
    description: r.description,
    debit: balanceSen > 0 ? fromSen(balanceSen) : 0,
    credit: balanceSen < 0 ? fromSen(-balanceSen) : 0,
    hasposting,
  };
}

// ---------------------------------------------------------------- periods

export async function activePeriode(
  db: Db,
  profileId: number,
  lock: 'share' | 'update' | null = null,
): Promise<PeriodeRow | undefined> {
  const lockSql = lock === 'share' ? sql` for share` : lock === 'update' ? sql` for update` : sql``;
  const [row] = await queryRows<PeriodeRow>(
    db,
    sql`select id, profile_id, start_date::text as start_date, end_date::text as end_date, status, created_by, closed_by,
          closed_at::text as closed_at, created_at::text as created_at
        from finance_periode where profile_id = ${profileId} and status = 0${lockSql}`,
  );
  return row
    ? { ...row, id: Number(row.id), profile_id: Number(row.profile_id), status: Number(row.status) }
    : undefined;
}

export async function findPeriode(db: Db, id: number): Promise<PeriodeRow | undefined> {
  const [row] = await db.select().from(financePeriode).where(eq(financePeriode.id, id));
  return row;
}

export async function lastPeriode(db: Db, profileId: number): Promise<PeriodeRow | undefined> {
  const [row] = await db
    .select()
    .from(financePeriode)
    .where(eq(financePeriode.profile_id, profileId))
    .orderBy(desc(financePeriode.start_date), desc(financePeriode.id))
    .limit(1);
  return row;
}

export async function listPeriode(db: Db, scope: BranchScope, status?: number) {
  const conds: SQL[] = [scopeSql(financePeriode.profile_id, scope)];
  if (status !== undefined) conds.push(eq(financePeriode.status, status));
  return db
    .select({ p: financePeriode, profilename: profile.name })
    .from(financePeriode)
    .leftJoin(profile, eq(profile.id, financePeriode.profile_id))
    .where(and(...conds))
    .orderBy(desc(financePeriode.start_date), desc(financePeriode.id));
}

export function toPeriodeDto(p: PeriodeRow, profilename: string | null): PeriodeDto {
  return {
    id: p.id,
    profile_id: p.profile_id,
    profilename,
    start_date: p.start_date,
    end_date: p.end_date,
    status: p.status,
    statusname: PERIODE_STATUS_LABELS[p.status] ?? '',
    created_at: p.created_at,
    closed_at: p.closed_at,
  };
}

export async function insertPeriode(db: Db, values: typeof financePeriode.$inferInsert): Promise<PeriodeRow> {
  const [row] = await db.insert(financePeriode).values(values).returning();
  return row;
}

export async function closePeriode(db: Db, id: number, endDate: string, userId: number | null): Promise<PeriodeRow> {
  const [row] = await db
    .update(financePeriode)
    .set({ status: 1, end_date: endDate, closed_by: userId, closed_at: new Date().toISOString() })
    .where(eq(financePeriode.id, id))
    .returning();
  return row;
}

export async function insertSaldo(db: Db, rows: (typeof financePeriodeSaldo.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(financePeriodeSaldo).values(rows.slice(i, i + 500));
}

export async function saldoOf(db: Db, periodeId: number) {
  return db
    .select({ s: financePeriodeSaldo, code: akun.code, name: akun.name })
    .from(financePeriodeSaldo)
    .innerJoin(akun, eq(akun.id, financePeriodeSaldo.akun_id))
    .where(eq(financePeriodeSaldo.periode_id, periodeId))
    .orderBy(asc(akun.code));
}

export async function maxJournalDate(db: Db, periodeId: number): Promise<string | null> {
  const [row] = await queryRows<{ d: string | null }>(
    db,
    sql`select max(transaction_at)::text as d from jurnal where periode_id = ${periodeId} and kind <> 'opening'`,
  );
  return row?.d ?? null;
}
// ---------------------------------------------------------------- journals

export async function insertJurnal(
  db: Db,
  values: typeof jurnal.$inferInsert,
  lines: Omit<typeof jurnalDetail.$inferInsert, 'jurnal_id' | 'profile_id' | 'transaction_at'>[],
): Promise<JurnalRow> {
  const [row] = await db.insert(jurnal).values(values).returning();
  await db
    .insert(jurnalDetail)
    .values(
      lines.map((l) => ({ ...l, jurnal_id: row.id, profile_id: row.profile_id, transaction_at: row.transaction_at })),
    );
  return row;
}

export interface NewJurnalLine {
  akun_id: number;
  description: string | null;
  debit: number; // sen
  credit: number; // sen
  autopost_key?: string | null; // the automatic-journal key the account came from (autoposting/resolve.ts)
}

/** A stored journal as one statement returns it: the row and its lines with their accounts. */
export interface InsertedJurnal {
  row: JurnalRow;
  lines: (NewJurnalLine & { line_no: number; code: string; name: string })[];
}

/**
 * Stores a journal, its lines and its audit row in ONE statement, and takes its number in that same statement
 * (issue 10): the counter row (doc_counter, per branch, prefix and month) is locked only from here to the commit
 * that follows, never across the caller's other round trips, so postings of a branch queue for the shortest time.
 * Numbers stay unique and gapless: the counter and the journal commit or roll back together (a killed server
 * leaves neither). `number` absent: the journal keeps `values.code`. Everything is read back through RETURNING.
 */
export async function insertJurnalNumbered(
  db: Db,
  values: Omit<typeof jurnal.$inferInsert, 'code'> & { code?: string },
  lines: NewJurnalLine[],
  number: { prefix: string; period: string; branchPart: string } | null,
  audit: { user_id: number | null; action: string; request_id: string; after: Record<string, unknown> },
): Promise<InsertedJurnal> {
  const counter = number ? sql`n as (${nextNumberSql(values.profile_id, number.prefix, number.period)}),` : sql``;
  const code = number
    ? sql`${`${number.prefix}/${number.branchPart}/${number.period}/`} || case when n.last < 10000 then lpad(n.last::text, 4, '0') else n.last::text end`
    : sql`${values.code ?? ''}::varchar`;
  const jsonLines = JSON.stringify(lines.map((l, i) => ({ line_no: i + 1, ...l })));
  const [r] = await queryRows<Omit<JurnalRow, 'total'> & { total: string; details: InsertedJurnal['lines'] | string }>(
    db,
    sql`with ${counter} j as (
        insert into jurnal (profile_id, periode_id, code, transaction_at, memo, kind, source_type, source_id,
          reversal_of, total, line_count, created_by)
        select ${values.profile_id}, ${values.periode_id}, ${code}, ${values.transaction_at}::date, ${values.memo ?? ''},
          ${values.kind ?? 'umum'}, ${values.source_type ?? null}::varchar, ${values.source_id ?? null}::varchar,
          ${values.reversal_of ?? null}::int, ${values.total}::bigint, ${values.line_count}::smallint, ${values.created_by ?? null}::int
        ${number ? sql`from n` : sql``}
        returning *
      ), d as (
        insert into jurnal_detail (jurnal_id, line_no, akun_id, description, debit, credit, profile_id, transaction_at, autopost_key)
        select j.id, v.line_no, v.akun_id, v.description, v.debit, v.credit, j.profile_id, j.transaction_at, v.autopost_key
        from j cross join jsonb_to_recordset(${jsonLines}::jsonb)
          as v(line_no smallint, akun_id integer, description text, debit bigint, credit bigint, autopost_key varchar)
        returning line_no, akun_id, description, debit, credit
      ), a as (${auditInsertSelect({ userId: audit.user_id, action: audit.action, entity: 'jurnal', requestId: audit.request_id, after: audit.after, from: sql`j` })})
      select j.id, j.profile_id, j.periode_id, j.code, j.transaction_at::text as transaction_at, j.memo, j.kind,
        j.source_type, j.source_id, j.reversal_of, j.total::text as total, j.line_count, j.created_by,
        j.created_at::text as created_at,
        (select json_agg(json_build_object('line_no', d.line_no, 'akun_id', d.akun_id, 'code', ak.code, 'name', ak.name,
            'description', d.description, 'debit', d.debit::text, 'credit', d.credit::text) order by d.line_no)
         from d join akun ak on ak.id = d.akun_id) as details
      from j`,
  );
  const details = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as (Omit<
    InsertedJurnal['lines'][number],
    'debit' | 'credit'
  > & { debit: string; credit: string })[];
  const { details: _d, ...row } = r;
  return {
    row: {
      ...row,
      id: Number(row.id),
      profile_id: Number(row.profile_id),
      periode_id: Number(row.periode_id),
      reversal_of: row.reversal_of === null ? null : Number(row.reversal_of),
      total: Number(row.total),
      line_count: Number(row.line_count),
      created_by: row.created_by === null ? null : Number(row.created_by),
    },
    lines: details.map((l) => ({ ...l, debit: Number(l.debit), credit: Number(l.credit) })),
  };
}

export async function jurnalCodeExists(db: Db, profileId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jurnal.id })
    .from(jurnal)
    .where(and(eq(jurnal.profile_id, profileId), eq(jurnal.code, code)));
  return !!row;
}

export async function findJurnal(db: Db, id: number): Promise<JurnalRow | undefined> {
  const [row] = await db.select().from(jurnal).where(eq(jurnal.id, id));
  return row;
}

export async function reversalOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: jurnal.id, of: jurnal.reversal_of })
    .from(jurnal)
    .where(inArray(jurnal.reversal_of, ids));
  return new Map(rows.map((r) => [r.of!, r.id]));
}

/**
 * The code of each journal's source document (automatic journals; the journal report's 'Otomatis'), read from the
 * documents' tables by the source the posting module recorded: one query for a page of journals.
 */
export async function sourceCodes(db: Db, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  // The source id is text: compared as an integer (when it is one) so that each lookup is a primary-key probe; `x.id::text
  // = ...` read the whole table for every journal of the page (issue 33: 3 million payments, seconds per page).
  const asId = (id: SQL) => sql`case when ${id} ~ '^[0-9]{1,9}$' then ${id}::int end`;
  const doc = (table: string, id: SQL) => sql`(select x.code from ${sql.identifier(table)} x where x.id = ${asId(id)})`;
  const sid = sql`j.source_id`;
  const part = sql`split_part(j.source_id, ':', 2)`;
  const rows = await queryRows<{ id: number; code: string | null }>(
    db,
    sql`select j.id, case
          when j.source_type in ('kasir_payment', 'kasir_void') then ${doc('kasir_payment', sid)}
          when j.source_type = 'paket_membership' then ${doc('paket_membership', sid)}
          when j.source_type = 'payroll_run' then (select r.period from payroll_run r where r.id = ${asId(sid)})
          when j.source_type in ('stock_transfer_difference', 'stock_transfer_settle') then ${doc('stock_transfer', sid)}
          when j.source_type like 'stock\_%' then case split_part(j.source_id, ':', 1)
            when 'dispensing' then ${doc('dispensing', part)}
            when 'purchase_receipt' then ${doc('purchase_receipt', part)}
            when 'stock_transfer' then ${doc('stock_transfer', part)}
            when 'stock_count' then ${doc('stock_count', part)}
            when 'kasir_payment' then ${doc('kasir_payment', part)}
            when 'kasir_void' then ${doc('kasir_payment', part)}
            when 'rm_bhp' then (select v.code from rm_entry e join visit v on v.id = e.visit_id where e.id = ${asId(part)})
          end
        end as code
        from jurnal j where j.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.code]));
}

export async function detailsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ d: jurnalDetail, code: akun.code, name: akun.name })
    .from(jurnalDetail)
    .innerJoin(akun, eq(akun.id, jurnalDetail.akun_id))
    .where(inArray(jurnalDetail.jurnal_id, ids))
    .orderBy(asc(jurnalDetail.jurnal_id), asc(jurnalDetail.line_no));
}

export interface JurnalFilter {
  scope: BranchScope;
  from?: string;
  to?: string;
  keyword?: string;
  sourceType?: string;
  limit: number;
  offset: number;
}

export async function listJurnal(db: Db, f: JurnalFilter): Promise<{ rows: JurnalRow[]; count: number }> {
  const conds: SQL[] = [scopeSql(sql`${jurnal.profile_id}`, f.scope)];
  if (f.from) conds.push(sql`${jurnal.transaction_at} >= ${f.from}`);
  if (f.to) conds.push(sql`${jurnal.transaction_at} <= ${f.to}`);
  if (f.sourceType) conds.push(eq(jurnal.source_type, f.sourceType));
  if (f.keyword) {
    const like = likeOf(f.keyword);
    conds.push(
      sql`(lower(${jurnal.code}) like ${like} or lower(${jurnal.memo}) like ${like} or exists (
        select 1 from jurnal_detail d join akun a on a.id = d.akun_id
        where d.jurnal_id = ${jurnal.id} and (lower(a.code) like ${like} or lower(a.name) like ${like} or lower(coalesce(d.description, '')) like ${like})))`,
    );
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jurnal)
      .where(where)
      .orderBy(desc(jurnal.transaction_at), desc(jurnal.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(jurnal)
      .where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function branchTimezone(db: Db, profileId: number): Promise<string> {
  const [row] = await db.select({ tz: profile.timezone }).from(profile).where(eq(profile.id, profileId));
  return row?.tz ?? 'Asia/Jakarta';
}
