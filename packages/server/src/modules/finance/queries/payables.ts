/** SQL of the payables sub-ledger (the finance module owns hutang_item, hutang_payment, hutang_allocation). */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import {
  hutangAllocation,
  hutangItem,
  hutangPayment,
  jurnal,
  jurnalDetail,
  users,
  vendor,
  akun,
  paymentMethod,
} from '../../../db/schema/index.js';

export type NewItem = typeof hutangItem.$inferInsert;
export type ItemRow = typeof hutangItem.$inferSelect;
export type PaymentRow = typeof hutangPayment.$inferSelect;

export async function detailIdsOf(db: Db, jurnalId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: jurnalDetail.id, line_no: jurnalDetail.line_no })
    .from(jurnalDetail)
    .where(eq(jurnalDetail.jurnal_id, jurnalId));
  return new Map(rows.map((r) => [r.line_no, Number(r.id)]));
}

export async function insertItems(db: Db, rows: NewItem[]): Promise<ItemRow[]> {
  if (!rows.length) return [];
  return db.insert(hutangItem).values(rows).returning();
}

export async function userNames(db: Db, ids: number[]): Promise<Map<number, { name: string; idcard: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, idcard: users.idcard })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, idcard: r.idcard }]));
}

/** NPWP (else NIK) of an investor, hospital or laboratory row (issue 29 part B), for the recipient of a withholding. */
export async function investorTaxId(db: Db, id: number): Promise<string | null> {
  const rows = await queryRows<{ tax_id: string | null }>(
    db,
    sql`select coalesce(npwp, nik) as tax_id from investor where id = ${id}`,
  );
  return rows[0]?.tax_id ?? null;
}

/** Names of investor, hospital and laboratory rows (issue 29 part B). */
export async function investorNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from investor where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

export async function vendorNames(db: Db, ids: number[]): Promise<Map<number, { name: string; npwp: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: vendor.id, name: vendor.name, npwp: vendor.npwp })
    .from(vendor)
    .where(inArray(vendor.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, npwp: r.npwp }]));
}

/** Items made by these journals that are not cancelled, locked for update. */
export async function lockItemsOfJournals(db: Db, jurnalIds: number[]): Promise<ItemRow[]> {
  if (!jurnalIds.length) return [];
  return db
    .select()
    .from(hutangItem)
    .where(and(inArray(hutangItem.jurnal_id, jurnalIds), ne(hutangItem.status, 'cancelled')))
    .orderBy(asc(hutangItem.id))
    .for('update');
}

export async function cancelItems(db: Db, ids: number[], cancelJurnalId: number): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(hutangItem)
    .set({ status: 'cancelled', cancel_jurnal_id: cancelJurnalId })
    .where(and(inArray(hutangItem.id, ids), eq(hutangItem.paid, 0), ne(hutangItem.status, 'cancelled')))
    .returning({ id: hutangItem.id });
  return rows.length;
}

/** Journals of a document (source) that are not reversals, of this branch. */
export async function journalsOfSource(
  db: Db,
  profileId: number,
  sourceType: string,
  sourceId: string,
): Promise<number[]> {
  const rows = await db
    .select({ id: jurnal.id })
    .from(jurnal)
    .where(
      and(
        eq(jurnal.profile_id, profileId),
        eq(jurnal.source_type, sourceType),
        eq(jurnal.source_id, sourceId),
        eq(jurnal.kind, 'umum'),
      ),
    );
  return rows.map((r) => r.id);
}

/** Items of a branch, locked for update in id order (payments lock in one order: no deadlock between them). */
export async function lockItems(db: Db, profileId: number, ids: number[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(hutangItem)
    .where(and(eq(hutangItem.profile_id, profileId), inArray(hutangItem.id, ids)))
    .orderBy(asc(hutangItem.id))
    .for('update');
}

/** Adds `delta` to an item's paid amount and sets its status; the table's CHECKs refuse over-payment. */
export async function addPaid(db: Db, id: number, delta: number): Promise<void> {
  await db
    .update(hutangItem)
    .set({
      paid: sql`${hutangItem.paid} + ${delta}`,
      status: sql`case when ${hutangItem.paid} + ${delta} = ${hutangItem.amount} then 'paid' else 'open' end`,
    })
    .where(eq(hutangItem.id, id));
}

export async function insertPayment(db: Db, row: typeof hutangPayment.$inferInsert): Promise<PaymentRow> {
  const [r] = await db.insert(hutangPayment).values(row).returning();
  return r;
}

export async function insertAllocations(db: Db, rows: (typeof hutangAllocation.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(hutangAllocation).values(rows);
}

export async function setPaymentJournal(db: Db, id: number, jurnalId: number): Promise<void> {
  await db.update(hutangPayment).set({ jurnal_id: jurnalId }).where(eq(hutangPayment.id, id));
}

export async function findPaymentByKey(db: Db, profileId: number, key: string): Promise<PaymentRow | undefined> {
  const [r] = await db
    .select()
    .from(hutangPayment)
    .where(and(eq(hutangPayment.profile_id, profileId), eq(hutangPayment.idempotency_key, key)));
  return r;
}

export async function findPayment(db: Db, id: number, lock = false): Promise<PaymentRow | undefined> {
  const q = db.select().from(hutangPayment).where(eq(hutangPayment.id, id));
  const [r] = lock ? await q.for('update') : await q;
  return r;
}

export async function allocationsOf(db: Db, paymentIds: number[]) {
  if (!paymentIds.length) return [];
  return db
    .select({
      payment_id: hutangAllocation.payment_id,
      item_id: hutangAllocation.item_id,
      amount: hutangAllocation.amount,
      source_type: hutangItem.source_type,
      source_id: hutangItem.source_id,
      doc_date: hutangItem.doc_date,
    })
    .from(hutangAllocation)
    .innerJoin(hutangItem, eq(hutangItem.id, hutangAllocation.item_id))
    .where(inArray(hutangAllocation.payment_id, paymentIds))
    .orderBy(asc(hutangAllocation.id));
}

export async function markPaymentVoided(
  db: Db,
  id: number,
  v: { void_jurnal_id: number | null; void_applog_id: number | null; void_reason: string },
): Promise<boolean> {
  const rows = await db
    .update(hutangPayment)
    .set({ status: 'voided', ...v })
    .where(and(eq(hutangPayment.id, id), eq(hutangPayment.status, 'posted')))
    .returning({ id: hutangPayment.id });
  return rows.length === 1;
}

export interface ItemFilter {
  profileIds: number[] | null;
  partyType?: string;
  partyId?: number;
  partyName?: string;
  status?: 'open' | 'paid' | 'cancelled';
  tax?: string;
  masa?: string;
}

function itemWhere(f: ItemFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.profileIds) c.push(inArray(hutangItem.profile_id, f.profileIds));
  if (f.partyType) c.push(eq(hutangItem.party_type, f.partyType));
  if (f.partyId !== undefined) c.push(eq(hutangItem.party_id, f.partyId));
  if (f.partyName !== undefined) c.push(eq(hutangItem.party_name, f.partyName));
  if (f.status) c.push(eq(hutangItem.status, f.status));
  else c.push(ne(hutangItem.status, 'cancelled'));
  if (f.tax) c.push(eq(hutangItem.tax, f.tax));
  if (f.masa) c.push(eq(hutangItem.masa, f.masa));
  return and(...c);
}

export async function listItems(db: Db, f: ItemFilter) {
  return db
    .select({ i: hutangItem, akun_code: akun.code, akun_name: akun.name })
    .from(hutangItem)
    .innerJoin(akun, eq(akun.id, hutangItem.akun_id))
    .where(itemWhere(f))
    .orderBy(asc(hutangItem.doc_date), asc(hutangItem.id))
    .limit(5000);
}

export interface PaymentFilter {
  profileIds: number[] | null;
  partyType?: string;
  partyId?: number;
  /** A party known by name only (no master row). */
  partyName?: string;
  kind?: string;
  status?: string;
  from?: string;
  to?: string;
}

export async function listPayments(db: Db, f: PaymentFilter) {
  const c: SQL[] = [];
  if (f.profileIds) c.push(inArray(hutangPayment.profile_id, f.profileIds));
  if (f.partyType) c.push(eq(hutangPayment.party_type, f.partyType));
  if (f.partyId !== undefined) c.push(eq(hutangPayment.party_id, f.partyId));
  if (f.partyName !== undefined)
    c.push(sql`${hutangPayment.party_id} is null and ${hutangPayment.party_name} = ${f.partyName}`);
  if (f.kind) c.push(eq(hutangPayment.kind, f.kind));
  if (f.status) c.push(eq(hutangPayment.status, f.status));
  if (f.from) c.push(sql`${hutangPayment.date} >= ${f.from}`);
  if (f.to) c.push(sql`${hutangPayment.date} <= ${f.to}`);
  return db
    .select({ p: hutangPayment, method_name: paymentMethod.name, jurnal_code: jurnal.code })
    .from(hutangPayment)
    .innerJoin(paymentMethod, eq(paymentMethod.id, hutangPayment.payment_method_id))
    .leftJoin(jurnal, eq(jurnal.id, hutangPayment.jurnal_id))
    .where(and(...c))
    .orderBy(desc(hutangPayment.date), desc(hutangPayment.id))
    .limit(2000);
}

/** Per branch and control account: the ledger balance (credit - debit) and what the open items say. */
export async function controlBalances(db: Db, profileIds: number[] | null) {
  const branchCond = profileIds ? sql`and d.profile_id in ${profileIds}` : sql``;
  const itemCond = profileIds ? sql`and i.profile_id in ${profileIds}` : sql``;
  return queryRows<{ profile_id: number; akun_id: number; code: string; balance: string; items: string }>(
    db,
    sql`with b as (
          select d.profile_id, d.akun_id, sum(d.credit - d.debit) as balance
          from jurnal_detail d join akun a on a.id = d.akun_id
          where a.payable_party is not null ${branchCond}
          group by d.profile_id, d.akun_id
        ), o as (
          select i.profile_id, i.akun_id, sum(i.amount - i.paid) as items
          from hutang_item i where i.status <> 'cancelled' ${itemCond}
          group by i.profile_id, i.akun_id
        )
        select coalesce(b.profile_id, o.profile_id) as profile_id, coalesce(b.akun_id, o.akun_id) as akun_id,
          a.code, coalesce(b.balance, 0)::text as balance, coalesce(o.items, 0)::text as items
        from b full join o on o.profile_id = b.profile_id and o.akun_id = b.akun_id
        join akun a on a.id = coalesce(b.akun_id, o.akun_id)
        order by 1, 3`,
  );
}

export async function methodAkun(db: Db, methodId: number) {
  const [r] = await db
    .select({ id: paymentMethod.id, name: paymentMethod.name, status: paymentMethod.status, code: akun.code })
    .from(paymentMethod)
    .innerJoin(akun, eq(akun.id, paymentMethod.akun_id))
    .where(eq(paymentMethod.id, methodId));
  return r;
}

/** The control account of a party type / tax (the first active detail account marked for it). */
export async function controlAccount(db: Db, party: string, tax: string | null) {
  const rows = await db
    .select({ id: akun.id, code: akun.code, payable_party: akun.payable_party, payable_tax: akun.payable_tax })
    .from(akun)
    .where(and(eq(akun.payable_party, party), eq(akun.status, 1), eq(akun.isheader, false)))
    .orderBy(asc(akun.code));
  return rows.find((r) => (tax ? r.payable_tax === tax : true)) ?? rows[0];
}

export async function akunInfo(db: Db, ids: number[]) {
  if (!ids.length)
    return new Map<number, { code: string; name: string; payable_party: string | null; payable_tax: string | null }>();
  const rows = await db
    .select({
      id: akun.id,
      code: akun.code,
      name: akun.name,
      payable_party: akun.payable_party,
      payable_tax: akun.payable_tax,
    })
    .from(akun)
    .where(inArray(akun.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Items open on `asOf` (dated on or before it, not cancelled), with what was paid by payments dated on or before it. */
export async function ageingItems(
  db: Db,
  f: { profileIds: number[] | null; partyType?: string; partyId?: number; asOf: string },
) {
  const c: SQL[] = [sql`i.status <> 'cancelled'`, sql`i.doc_date <= ${f.asOf}`];
  if (f.profileIds) c.push(sql`i.profile_id in ${f.profileIds}`);
  if (f.partyType) c.push(sql`i.party_type = ${f.partyType}`);
  if (f.partyId !== undefined) c.push(sql`i.party_id = ${f.partyId}`);
  const rows = await queryRows<{
    id: number;
    party_type: string;
    party_id: number | null;
    party_name: string;
    doc_date: string;
    due_date: string | null;
    amount: string;
    paid_as_of: string;
  }>(
    db,
    sql`select i.id, i.party_type, i.party_id, i.party_name, i.doc_date::text as doc_date, i.due_date::text as due_date,
          i.amount::text as amount,
          (i.paid - coalesce((select sum(a.amount) from hutang_allocation a join hutang_payment p on p.id = a.payment_id
                    where a.item_id = i.id and p.status = 'posted' and p.date > ${f.asOf}), 0))::text as paid_as_of
        from hutang_item i where ${sql.join(c, sql` and `)}
        order by i.doc_date, i.id`,
  );
  return rows.map((r) => ({
    ...r,
    party_id: r.party_id === null ? null : Number(r.party_id),
    amount: Number(r.amount),
    paid_as_of: Number(r.paid_as_of),
  }));
}

export async function branchName(db: Db, id: number): Promise<string | undefined> {
  const rows = await queryRows<{ name: string }>(db, sql`select name from profile where id = ${id}`);
  return rows[0]?.name;
}

/** Whether a party has a tax id for PPh 23 (a vendor's NPWP; an investor, hospital or laboratory row's NPWP or NIK). */
export async function partyHasTaxId(
  db: Db,
  profileId: number,
  type: string,
  id: number | null | undefined,
): Promise<boolean> {
  if (!id) return false;
  const rows =
    type === 'vendor'
      ? await queryRows<{ tax_id: string | null }>(
          db,
          sql`select nullif(trim(npwp), '') as tax_id from vendor where id = ${id} and profile_id = ${profileId}`,
        )
      : type === 'laboratorium' || type === 'rumahsakit' || type === 'investor'
        ? await queryRows<{ tax_id: string | null }>(
            db,
            sql`select coalesce(npwp, nik) as tax_id from investor where id = ${id} and profile_id = ${profileId}`,
          )
        : [];
  return !!rows[0]?.tax_id;
}
