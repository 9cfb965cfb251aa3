/**
 * The SQL of tax payables (issue 28 item 4): a tax's items and deposits per masa (tables of the payables
 * sub-ledger, read here), the turnover of a masa from the ledger, the PPh badan regime per year and its
 * calculated months.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/client.js';
import { pphBadanMasa, pphBadanSetting } from '../../../db/schema/index.js';

export interface TaxItemRow {
  id: number;
  source_type: string;
  source_id: string;
  doc_date: string;
  recipient_id: number | null;
  recipient_name: string | null;
  recipient_tax_id: string | null;
  amount: number;
  paid: number;
  status: string;
  akun_id: number;
  jurnal_id: number;
  jurnal_code: string | null;
}

export async function taxItems(db: Db, profileId: number, tax: string, masa: string): Promise<TaxItemRow[]> {
  return queryRows<TaxItemRow>(
    db,
    sql`select i.id, i.source_type, i.source_id, i.doc_date::text as doc_date, i.recipient_id, i.recipient_name,
               i.recipient_tax_id, i.amount::float8 as amount, i.paid::float8 as paid, i.status, i.akun_id,
               i.jurnal_id, j.code as jurnal_code
          from hutang_item i left join jurnal j on j.id = i.jurnal_id
         where i.profile_id = ${profileId} and i.party_type = 'pajak' and i.tax = ${tax} and i.masa = ${masa}
         order by i.doc_date, i.id`,
  );
}

/** The masa's open items, locked (a deposit allocates them oldest first). */
export async function lockOpenTaxItems(db: Db, profileId: number, tax: string, masa: string) {
  return queryRows<{ id: number; amount: number; paid: number; akun_id: number; akun_code: string }>(
    db,
    sql`select i.id, i.amount::float8 as amount, i.paid::float8 as paid, i.akun_id, a.code as akun_code
          from hutang_item i join akun a on a.id = i.akun_id
         where i.profile_id = ${profileId} and i.party_type = 'pajak' and i.tax = ${tax} and i.masa = ${masa}
           and i.status = 'open' and i.amount > 0
         order by i.doc_date, i.id
         for update of i`,
  );
}

export interface TaxDepositRow {
  id: number;
  code: string;
  date: string;
  total: number;
  billing_code: string | null;
  ntpn: string | null;
  payment_method_id: number;
  method_name: string | null;
  status: string;
  jurnal_id: number | null;
  jurnal_code: string | null;
  void_applog_id: number | null;
  created_by: number | null;
  creator_name: string | null;
}

export async function taxDeposits(db: Db, profileId: number, tax: string, masa: string, id?: number) {
  return queryRows<TaxDepositRow>(
    db,
    sql`select p.id, p.code, p.date::text as date, p.total::float8 as total, p.billing_code, p.ntpn,
               p.payment_method_id, m.name as method_name, p.status, p.jurnal_id, j.code as jurnal_code,
               p.void_applog_id, p.created_by, u.name as creator_name
          from hutang_payment p
          left join payment_method m on m.id = p.payment_method_id
          left join jurnal j on j.id = p.jurnal_id
          left join users u on u.id = p.created_by
         where p.profile_id = ${profileId} and p.kind = 'tax_deposit'
           ${id === undefined ? sql`and p.tax = ${tax} and p.masa = ${masa}` : sql`and p.id = ${id}`}
         order by p.date, p.id`,
  );
}

/** Per masa of a year: withheld, deposited and outstanding (sen) of one tax. */
export async function taxYearSummary(db: Db, profileId: number, tax: string, year: number) {
  return queryRows<{ masa: string; withheld: number; outstanding: number; deposited: number; items: number }>(
    db,
    sql`with i as (
          select masa, sum(amount)::float8 as withheld, sum(amount - paid)::float8 as outstanding, count(*)::int as items
            from hutang_item
           where profile_id = ${profileId} and party_type = 'pajak' and tax = ${tax} and status <> 'cancelled'
             and masa like ${`${year}-%`}
           group by masa),
        d as (
          select masa, sum(total)::float8 as deposited from hutang_payment
           where profile_id = ${profileId} and kind = 'tax_deposit' and tax = ${tax} and status = 'posted'
             and masa like ${`${year}-%`}
           group by masa)
        select coalesce(i.masa, d.masa) as masa, coalesce(i.withheld, 0) as withheld,
               coalesce(i.outstanding, 0) as outstanding, coalesce(d.deposited, 0) as deposited,
               coalesce(i.items, 0) as items
          from i full join d on d.masa = i.masa
         order by 1`,
  );
}

export async function ntpnTaken(db: Db, profileId: number, ntpn: string) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from hutang_payment where profile_id = ${profileId} and kind = 'tax_deposit' and ntpn = ${ntpn}
          and status = 'posted' limit 1`,
  );
  return rows.length > 0;
}

/**
 * Gross turnover of a masa from the ledger: credit minus debit of the revenue accounts (category 4: services,
 * products, packages, laboratory, consultation, less sales discounts) on the branch's journals dated in the month,
 * closing journals left out (they only move the year's result to retained earnings).
 */
export async function turnoverOf(db: Db, profileId: number, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ turnover: number }>(
    db,
    sql`select coalesce(sum(d.credit - d.debit), 0)::float8 as turnover
          from jurnal_detail d join jurnal j on j.id = d.jurnal_id join akun a on a.id = d.akun_id
         where d.profile_id = ${profileId} and d.transaction_at between ${from} and ${to}
           and a.category = 4 and j.kind <> 'closing'`,
  );
  return Number(row?.turnover ?? 0);
}

export async function badanSettings(db: Db, profileId: number) {
  return db
    .select()
    .from(pphBadanSetting)
    .where(eq(pphBadanSetting.profile_id, profileId))
    .orderBy(asc(pphBadanSetting.year));
}

export async function badanSetting(db: Db, profileId: number, year: number) {
  const [row] = await db
    .select()
    .from(pphBadanSetting)
    .where(and(eq(pphBadanSetting.profile_id, profileId), eq(pphBadanSetting.year, year)));
  return row ?? null;
}

export async function upsertBadanSetting(db: Db, v: typeof pphBadanSetting.$inferInsert) {
  const [row] = await db
    .insert(pphBadanSetting)
    .values(v)
    .onConflictDoUpdate({
      target: [pphBadanSetting.profile_id, pphBadanSetting.year],
      set: {
        regime: v.regime,
        rate_bp: v.rate_bp,
        instalment: v.instalment ?? null,
        note: v.note ?? null,
        updated_by: v.updated_by ?? null,
        updated_at: sql`now()`,
      },
    })
    .returning();
  return row;
}

export async function badanMasa(db: Db, profileId: number, masa: string) {
  const rows = await queryRows<{
    id: number;
    regime: string;
    turnover: number;
    rate_bp: number | null;
    amount: number;
    jurnal_id: number | null;
    jurnal_code: string | null;
  }>(
    db,
    sql`select m.id, m.regime, m.turnover::float8 as turnover, m.rate_bp, m.amount::float8 as amount, m.jurnal_id,
               j.code as jurnal_code
          from pph_badan_masa m left join jurnal j on j.id = m.jurnal_id
         where m.profile_id = ${profileId} and m.masa = ${masa}`,
  );
  return rows[0] ?? null;
}

/** Inserts the masa's calculation; null when another request calculated it first. */
export async function insertBadanMasa(db: Db, v: typeof pphBadanMasa.$inferInsert) {
  const [row] = await db.insert(pphBadanMasa).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function setBadanMasaJournal(db: Db, id: number, jurnalId: number) {
  await db.update(pphBadanMasa).set({ jurnal_id: jurnalId }).where(eq(pphBadanMasa.id, id));
}
