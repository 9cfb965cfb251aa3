import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  fromSen,
  INSTALLMENT_SCHEMAS,
  MEMBERSHIP_STATUS,
  PAKET_ITEM_TYPES,
  PAKET_TYPE_KINDS,
  type MembershipCicilanDto,
  type MembershipDto,
  type MembershipSlotDto,
  type PaketHistoryDto,
  type PaketItemDto,
  type PaketTypeDto,
} from '@klinik/shared';
import { queryRows, type Db } from '../../db/client.js';
import {
  formLab,
  item,
  paket,
  paketHistory,
  paketHistoryItem,
  paketMembership,
  paketMembershipCicilan,
  paketMembershipSlot,
  paketType,
  perawatan,
  profile,
  users,
} from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';

export { INSTALLMENT_SCHEMAS };

// ---------------------------------------------------------------------------------------------------------
// Package types
// ---------------------------------------------------------------------------------------------------------

export type PaketTypeRow = typeof paketType.$inferSelect;

export function toTypeDto(r: PaketTypeRow): PaketTypeDto {
  return {
    id: r.id,
    profile_id: r.profile_id,
    name: r.name,
    type: r.type,
    typename: PAKET_TYPE_KINDS[r.type as 1 | 2] ?? '',
    start_at: r.start_at,
    end_at: r.end_at,
    status: r.status,
    season_id: r.season_id,
    chain_id: r.chain_id,
  };
}

export async function listTypes(db: Db, scope: BranchScope, status?: number): Promise<PaketTypeRow[]> {
  const where: SQL[] = [scopeSql(paketType.profile_id, scope)];
  if (status !== undefined) where.push(eq(paketType.status, status));
  return db
    .select()
    .from(paketType)
    .where(and(...where))
    .orderBy(desc(paketType.status), asc(paketType.name));
}

export async function findType(db: Db, id: number): Promise<PaketTypeRow | undefined> {
  const [row] = await db.select().from(paketType).where(eq(paketType.id, id));
  return row;
}

export async function insertType(db: Db, values: typeof paketType.$inferInsert): Promise<PaketTypeRow> {
  const [row] = await db.insert(paketType).values(values).returning();
  return row;
}

export async function updateType(
  db: Db,
  id: number,
  values: Partial<typeof paketType.$inferInsert>,
): Promise<PaketTypeRow | undefined> {
  const [row] = await db
    .update(paketType)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(paketType.id, id))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Packages and versions
// ---------------------------------------------------------------------------------------------------------

export type HistoryRow = typeof paketHistory.$inferSelect;

export function toHistoryDto(r: HistoryRow, t: PaketTypeRow, items?: PaketItemDto[]): PaketHistoryDto {
  return {
    id: r.id,
    paket_id: r.paket_id,
    version: r.version,
    is_current: r.is_current,
    code: r.code,
    name: r.name,
    pakettypedata: { id: t.id, name: t.name, type: t.type, start_at: t.start_at, end_at: t.end_at },
    active_at: r.active_at,
    price: fromSen(r.price),
    description: r.description,
    status: r.status,
    installment_schema: r.installment_schema,
    dp_amount: fromSen(r.dp_amount),
    cicilan_amount: fromSen(r.cicilan_amount),
    cicilan_attempt: r.cicilan_attempt,
    created_at: r.created_at,
    ...(items ? { items } : {}),
  };
}

export async function findPaket(db: Db, id: number) {
  const [row] = await db.select().from(paket).where(eq(paket.id, id));
  return row;
}

/** The chain records the given packages are copies of (issue 30 item 2), by package id. */
export async function chainIdsOf(db: Db, paketIds: number[]): Promise<Map<number, number>> {
  if (!paketIds.length) return new Map();
  const rows = await db
    .select({ id: paket.id, chain_id: paket.chain_id })
    .from(paket)
    .where(inArray(paket.id, paketIds));
  return new Map(rows.filter((r) => r.chain_id !== null).map((r) => [r.id, Number(r.chain_id)]));
}

export async function findPaketByCode(db: Db, profileId: number, code: string) {
  const [row] = await db
    .select()
    .from(paket)
    .where(and(eq(paket.profile_id, profileId), eq(paket.code, code)));
  return row;
}

export async function insertPaket(db: Db, profileId: number, code: string) {
  const [row] = await db.insert(paket).values({ profile_id: profileId, code }).returning();
  return row;
}

export async function setPaketCode(db: Db, id: number, code: string) {
  await db
    .update(paket)
    .set({ code, updated_at: sql`now()` })
    .where(eq(paket.id, id));
}

export async function findHistory(db: Db, id: number): Promise<{ h: HistoryRow; t: PaketTypeRow } | undefined> {
  const [row] = await db
    .select({ h: paketHistory, t: paketType })
    .from(paketHistory)
    .innerJoin(paketType, eq(paketType.id, paketHistory.paket_type_id))
    .where(eq(paketHistory.id, id));
  return row;
}

export async function currentHistoryOf(db: Db, paketId: number): Promise<HistoryRow | undefined> {
  const [row] = await db
    .select()
    .from(paketHistory)
    .where(and(eq(paketHistory.paket_id, paketId), eq(paketHistory.is_current, true)))
    .for('update');
  return row;
}

export async function versionsOf(db: Db, paketId: number) {
  return db
    .select({ h: paketHistory, t: paketType })
    .from(paketHistory)
    .innerJoin(paketType, eq(paketType.id, paketHistory.paket_type_id))
    .where(eq(paketHistory.paket_id, paketId))
    .orderBy(desc(paketHistory.version));
}

/** Current versions of a branch's packages (what GET /api/paket/history lists). */
export async function listCurrentHistories(
  db: Db,
  f: { scope: BranchScope; status?: number; keyword?: string; paketTypeId?: number; limit: number; offset: number },
) {
  const where: SQL[] = [scopeSql(paketHistory.profile_id, f.scope), eq(paketHistory.is_current, true)];
  if (f.status !== undefined) where.push(eq(paketHistory.status, f.status));
  if (f.paketTypeId !== undefined) where.push(eq(paketHistory.paket_type_id, f.paketTypeId));
  if (f.keyword) {
    const k = likeOf(f.keyword);
    where.push(
      or(
        sql`lower(${paketHistory.code}) like ${k}`,
        sql`lower(${paketHistory.name}) like ${k}`,
        sql`lower(${paketType.name}) like ${k}`,
      )!,
    );
  }
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ h: paketHistory, t: paketType })
      .from(paketHistory)
      .innerJoin(paketType, eq(paketType.id, paketHistory.paket_type_id))
      .where(cond)
      .orderBy(asc(paketHistory.code), asc(paketHistory.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(paketHistory)
      .innerJoin(paketType, eq(paketType.id, paketHistory.paket_type_id))
      .where(cond),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function insertHistory(db: Db, values: typeof paketHistory.$inferInsert): Promise<HistoryRow> {
  const [row] = await db.insert(paketHistory).values(values).returning();
  return row;
}

export async function retireHistory(db: Db, id: number): Promise<void> {
  await db.update(paketHistory).set({ is_current: false }).where(eq(paketHistory.id, id));
}

export async function insertHistoryItems(db: Db, rows: (typeof paketHistoryItem.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(paketHistoryItem).values(rows);
}

/** Items of versions with the names of the masters they point at. */
export async function itemsOfHistories(db: Db, historyIds: number[], onlyType?: number) {
  if (!historyIds.length) return [];
  const where: SQL[] = [inArray(paketHistoryItem.paket_history_id, historyIds)];
  if (onlyType !== undefined) where.push(eq(paketHistoryItem.type, onlyType));
  return db
    .select({
      i: paketHistoryItem,
      p: { code: perawatan.code, name: perawatan.name, price: perawatan.price },
      it: { code: item.code, name: item.name, unit: item.unit, price: item.selling_price },
      f: { code: formLab.code, name: formLab.name, price: formLab.price },
    })
    .from(paketHistoryItem)
    .leftJoin(perawatan, eq(perawatan.id, paketHistoryItem.perawatan_id))
    .leftJoin(item, eq(item.id, paketHistoryItem.item_id))
    .leftJoin(formLab, eq(formLab.id, paketHistoryItem.form_lab_id))
    .where(and(...where))
    .orderBy(asc(paketHistoryItem.type), asc(paketHistoryItem.id));
}

export type ItemJoinRow = Awaited<ReturnType<typeof itemsOfHistories>>[number];

export function toItemDto(r: ItemJoinRow): PaketItemDto {
  const i = r.i;
  return {
    id: i.id,
    type: i.type,
    typename: PAKET_ITEM_TYPES[i.type as 1 | 2 | 3] ?? '',
    ref_id: (i.perawatan_id ?? i.item_id ?? i.form_lab_id)!,
    perawatandata: i.type === 1 && r.p ? { name: r.p.name, code: r.p.code } : null,
    itemdata: i.type === 2 && r.it ? { name: r.it.name, code: r.it.code, unit: r.it.unit } : null,
    formlabdata: i.type === 3 && r.f ? { name: r.f.name, code: r.f.code } : null,
    free_slot: i.free_slot,
    expired_duration: i.expired_duration,
  };
}

/** Code and name of whatever master an item names. */
export function itemLabel(r: ItemJoinRow): { code: string; name: string; unit: string | null } {
  if (r.i.type === 1 && r.p) return { code: r.p.code, name: r.p.name, unit: null };
  if (r.i.type === 2 && r.it) return { code: r.it.code, name: r.it.name, unit: r.it.unit };
  if (r.i.type === 3 && r.f) return { code: r.f.code, name: r.f.name, unit: null };
  return { code: '-', name: '-', unit: null };
}

// ---------------------------------------------------------------------------------------------------------
// People and branch
// ---------------------------------------------------------------------------------------------------------

export async function findPerson(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findBranch(db: Db, id: number) {
  const [row] = await db.select().from(profile).where(eq(profile.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Memberships
// ---------------------------------------------------------------------------------------------------------

export type MembershipRow = typeof paketMembership.$inferSelect;

export async function insertMembership(db: Db, values: typeof paketMembership.$inferInsert): Promise<MembershipRow> {
  const [row] = await db.insert(paketMembership).values(values).returning();
  return row;
}

export async function setMembershipJournal(
  db: Db,
  id: number,
  jurnalId: number,
  jurnalCode: string,
): Promise<MembershipRow> {
  const [row] = await db
    .update(paketMembership)
    .set({ jurnal_id: jurnalId, jurnal_code: jurnalCode, updated_at: sql`now()` })
    .where(eq(paketMembership.id, id))
    .returning();
  return row;
}

export async function insertSlots(db: Db, rows: (typeof paketMembershipSlot.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(paketMembershipSlot).values(rows);
}

export async function insertCicilan(db: Db, rows: (typeof paketMembershipCicilan.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(paketMembershipCicilan).values(rows);
}

const customerU = aliasedTable(users, 'customer_u');
const doctorU = aliasedTable(users, 'doctor_u');

export interface MembershipFilter {
  scope: BranchScope;
  id?: number;
  status?: number;
  doctor?: number;
  customer?: number;
  season?: number;
  fromdate?: string;
  todate?: string;
  keyword?: string;
  limit: number;
  offset: number;
}

const paidSen = sql<string>`coalesce((select sum(c.paid_amount) from paket_membership_cicilan c where c.membership_id = ${paketMembership.id}), 0)`;

export async function listMemberships(db: Db, f: MembershipFilter) {
  const where: SQL[] = [scopeSql(paketMembership.profile_id, f.scope)];
  if (f.id !== undefined) where.push(eq(paketMembership.id, f.id));
  if (f.status !== undefined) where.push(eq(paketMembership.status, f.status));
  if (f.doctor !== undefined) where.push(eq(paketMembership.doctor_id, f.doctor));
  if (f.customer !== undefined) where.push(eq(paketMembership.customer_id, f.customer));
  if (f.season !== undefined)
    where.push(sql`${paketHistory.paket_type_id} in (select id from paket_type where season_id = ${f.season})`);
  if (f.fromdate) where.push(gte(paketMembership.registered_at, f.fromdate));
  if (f.todate) where.push(lte(paketMembership.registered_at, f.todate));
  if (f.keyword) {
    const k = likeOf(f.keyword);
    where.push(
      or(
        sql`lower(${paketMembership.code}) like ${k}`,
        sql`lower(${customerU.name}) like ${k}`,
        sql`lower(${customerU.username}) like ${k}`,
        sql`lower(${paketHistory.code}) like ${k}`,
        sql`lower(${paketHistory.name}) like ${k}`,
      )!,
    );
  }
  const cond = and(...where);
  const base = () =>
    db
      .select({
        m: paketMembership,
        c: { id: customerU.id, name: customerU.name, username: customerU.username, initial: customerU.initial },
        d: { id: doctorU.id, name: doctorU.name },
        h: { code: paketHistory.code, name: paketHistory.name },
        t: { name: paketType.name },
        paid: paidSen,
      })
      .from(paketMembership)
      .innerJoin(customerU, eq(customerU.id, paketMembership.customer_id))
      .innerJoin(doctorU, eq(doctorU.id, paketMembership.doctor_id))
      .innerJoin(paketHistory, eq(paketHistory.id, paketMembership.paket_history_id))
      .innerJoin(paketType, eq(paketType.id, paketHistory.paket_type_id));
  const [rows, [total]] = await Promise.all([
    base()
      .where(cond)
      .orderBy(desc(paketMembership.registered_at), desc(paketMembership.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(paketMembership)
      .innerJoin(customerU, eq(customerU.id, paketMembership.customer_id))
      .innerJoin(paketHistory, eq(paketHistory.id, paketMembership.paket_history_id))
      .where(cond),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export type MembershipJoinRow = Awaited<ReturnType<typeof listMemberships>>['rows'][number];

export function toMembershipDto(r: MembershipJoinRow): MembershipDto {
  const m = r.m;
  const paid = Number(r.paid);
  return {
    id: m.id,
    profile_id: m.profile_id,
    code: m.code,
    registered_at: m.registered_at,
    status: m.status,
    statusname: MEMBERSHIP_STATUS[m.status as 0 | 1 | 2] ?? '',
    customer: m.customer_id,
    customerdata: { id: r.c.id, name: r.c.name, username: r.c.username, initial: r.c.initial },
    doctor: m.doctor_id,
    doctordata: { id: r.d.id, name: r.d.name },
    paket_history_id: m.paket_history_id,
    paketdata: { code: r.h.code, name: r.h.name, typename: r.t.name },
    price: fromSen(m.price),
    dp_amount: fromSen(m.dp_amount),
    cicilan_amount: fromSen(m.cicilan_amount),
    cicilan_attempt: m.cicilan_attempt,
    installment_schema: m.installment_schema,
    paid_amount: fromSen(paid),
    outstanding_amount: fromSen(m.price - paid),
    jurnal_code: m.jurnal_code,
    created_at: m.created_at,
  };
}

export async function slotsOf(db: Db, membershipId: number): Promise<MembershipSlotDto[]> {
  const rows = await db
    .select()
    .from(paketMembershipSlot)
    .where(eq(paketMembershipSlot.membership_id, membershipId))
    .orderBy(asc(paketMembershipSlot.type), asc(paketMembershipSlot.id));
  return rows.map((s) => ({
    id: s.id,
    type: s.type,
    typename: PAKET_ITEM_TYPES[s.type as 1 | 2 | 3] ?? '',
    code: s.code,
    name: s.name,
    free_slot: s.free_slot,
    used_slot: s.used_slot,
    left_slot: s.free_slot - s.used_slot,
    expired_at: s.expired_at,
  }));
}

export async function cicilanOf(db: Db, membershipId: number): Promise<MembershipCicilanDto[]> {
  const rows = await db
    .select()
    .from(paketMembershipCicilan)
    .where(eq(paketMembershipCicilan.membership_id, membershipId))
    .orderBy(asc(paketMembershipCicilan.seq));
  return rows.map((c) => ({
    id: c.id,
    seq: c.seq,
    label: c.seq === 0 ? 'DP' : `Cicilan ${c.seq}`,
    due_date: c.due_date,
    amount: fromSen(c.amount),
    paid_amount: fromSen(c.paid_amount),
    paid_at: c.paid_at,
    status: c.status,
  }));
}

/** Outstanding instalments (amount - paid > 0) of a branch, with patient and membership code. */
export async function outstandingInstalments(db: Db, scope: BranchScope, keyword?: string) {
  const k = keyword ? likeOf(keyword) : null;
  return queryRows<{
    customer_id: number;
    name: string;
    username: string;
    code: string;
    due_date: string;
    outstanding: string;
  }>(
    db,
    sql`select u.id as customer_id, u.name, u.username, m.code, c.due_date, (c.amount - c.paid_amount)::text as outstanding
        from paket_membership_cicilan c
        join paket_membership m on m.id = c.membership_id
        join users u on u.id = m.customer_id
        where ${scopeSql(sql`c.profile_id`, scope)} and m.status = 1 and c.amount > c.paid_amount
        ${k ? sql`and (lower(u.name) like ${k} or lower(u.username) like ${k} or lower(m.code) like ${k})` : sql``}
        order by u.name, u.id, c.due_date`,
  );
}
