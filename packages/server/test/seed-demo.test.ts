import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addMonths, todayIn } from '@klinik/shared';
import { queryRows, type Db } from '../src/db/client.js';
import { seedDemo } from '../src/seed/demo.js';
import { DEMO_CHAIN_PACKAGE } from '../src/seed/chain-packages.js';
import { freshDatabase } from './helpers.js';

/**
 * The demo clinic: Jakarta gets books (active period from the first of the previous month, opening balances,
 * journals, package sales), Bandung smaller books of its own from the same day (issue 30: the Backoffice dashboard
 * compares two branches with money); Denpasar starts without a period or journals.
 */
type Fresh = Awaited<ReturnType<typeof freshDatabase>>;
const opened: Fresh[] = [];

async function seeded(): Promise<Db> {
  const f = await freshDatabase();
  opened.push(f);
  await seedDemo(f.database.db, 'klinik123');
  return f.database.db;
}

async function books(db: Db) {
  return queryRows<{
    code: string;
    transaction_at: string;
    kind: string;
    source_type: string;
    total: string;
    lines: string;
  }>(
    db,
    sql`select j.code, j.transaction_at::text as transaction_at, j.kind, j.source_type, j.total::text as total,
          (select string_agg(a.code || ':' || d.debit || ':' || d.credit, ',' order by d.line_no)
             from jurnal_detail d join akun a on a.id = d.akun_id where d.jurnal_id = j.id) as lines
        from jurnal j order by j.id`,
  );
}

let db: Db;
beforeAll(async () => {
  db = await seeded();
});
afterAll(async () => {
  for (const f of opened) await f.drop();
});

describe('demo seed', () => {
  it('gives patients official area names and postal codes of their own city', async () => {
    const rows = await queryRows<{ city: string; provincy: string; postalcode: string }>(
      db,
      sql`select u.city, u.provincy, u.postalcode from users u where u.role = 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const ranges: Record<string, [number, number]> = {
      'Kota Administrasi Jakarta Selatan': [12110, 12970],
      'Kota Bandung': [40111, 40295],
      'Kota Denpasar': [80111, 80239],
    };
    for (const r of rows) {
      const range = ranges[r.city];
      expect(range, r.city).toBeDefined();
      expect(Number(r.postalcode)).toBeGreaterThanOrEqual(range[0]);
      expect(Number(r.postalcode)).toBeLessThanOrEqual(range[1]);
    }
    expect(new Set(rows.map((r) => r.provincy))).toEqual(new Set(['DKI Jakarta', 'Jawa Barat', 'Bali']));
  });

  it('gives each branch the province and regency codes of its city (issue 30 item 5)', async () => {
    const rows = await queryRows<{ name: string; provincy_code: string; city_code: string }>(
      db,
      sql`select name, provincy_code, city_code from profile order by id`,
    );
    expect(rows.map((r) => [r.provincy_code, r.city_code])).toEqual([
      ['31', '31.74'],
      ['32', '32.73'],
      ['51', '51.71'],
    ]);
  });
  it('opens an active period for Jakarta and Bandung, from the first day of the previous month; none in Denpasar', async () => {
    const periods = await queryRows<{ name: string; start_date: string; status: number }>(
      db,
      sql`select p.name, f.start_date::text as start_date, f.status from finance_periode f join profile p on p.id = f.profile_id
          order by p.id`,
    );
    const today = todayIn('Asia/Jakarta');
    const start = addMonths(`${today.slice(0, 8)}01`, -1);
    expect(periods).toEqual([
      { name: 'Klinik Sehat Sentosa Jakarta', start_date: start, status: 0 },
      { name: 'Klinik Sehat Sentosa Bandung', start_date: start, status: 0 },
    ]);
    const elsewhere = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from jurnal j join profile p on p.id = j.profile_id where p.name like '%Denpasar'`,
    );
    expect(elsewhere[0].n).toBe(0);
  });

  it('gives Bandung books of its own: revenue, stock, receivables, package sales and paid visits (issue 30)', async () => {
    const [bandung] = await queryRows<{ id: number }>(
      db,
      sql`select id from profile where name = 'Klinik Sehat Sentosa Bandung'`,
    );
    // Every journal of the branch is balanced, posted (not a draft) and inside its period.
    const journals = await queryRows<{ source_type: string; kind: string; d: string; c: string; at: string }>(
      db,
      sql`select j.source_type, j.kind, j.transaction_at::text as at,
            (select sum(debit) from jurnal_detail d where d.jurnal_id = j.id)::text as d,
            (select sum(credit) from jurnal_detail d where d.jurnal_id = j.id)::text as c
          from jurnal j where j.profile_id = ${bandung.id} order by j.id`,
    );
    const [period] = await queryRows<{ start_date: string }>(
      db,
      sql`select start_date::text as start_date from finance_periode where profile_id = ${bandung.id}`,
    );
    for (const j of journals) {
      expect(j.d, j.source_type).toBe(j.c);
      expect(Number(j.d)).toBeGreaterThan(0);
      if (j.kind !== 'opening') expect(j.at >= period.start_date && j.at <= todayIn('Asia/Jakarta')).toBe(true);
    }
    // Posted through the services: the opening, the demo's revenue and rent, a receipt, packages, the till
    // (a down payment and the visits are both kasir_payment).
    expect([...new Set(journals.map((j) => j.source_type))].sort()).toEqual(
      ['periode', 'demo', 'stock_receipt', 'paket_membership', 'kasir_payment'].sort(),
    );
    const balance = async (codes: string[]) => {
      const [r] = await queryRows<{ v: string }>(
        db,
        sql`select coalesce(sum(d.debit - d.credit), 0)::text as v from jurnal_detail d join akun a on a.id = d.akun_id
            where d.profile_id = ${bandung.id} and a.code in ${sql.raw(`('${codes.join("','")}')`)}`,
      );
      return Number(r.v);
    };
    expect(-(await balance(['4101', '4102', '4103', '4104', '4105', '4109']))).toBeGreaterThan(0);
    expect(await balance(['1120', '1130'])).toBeGreaterThan(0);
    // The stock on hand is worth exactly what account 1140 says.
    const [stock] = await queryRows<{ v: string }>(
      db,
      sql`select coalesce(sum(value), 0)::text as v from stock_movement where profile_id = ${bandung.id}`,
    );
    expect(Number(stock.v)).toBeGreaterThan(0);
    expect(await balance(['1140'])).toBe(Number(stock.v));
    const [counts] = await queryRows<{ paket: number; paid: number }>(
      db,
      sql`select (select count(*)::int from paket_membership where profile_id = ${bandung.id}) as paket,
            (select count(*)::int from kasir_payment p join visit v on v.id = p.visit_id
              where v.profile_id = ${bandung.id} and p.status = 'paid') as paid`,
    );
    expect(counts).toEqual({ paket: 3, paid: 2 });
  });

  it('posts balanced journals inside the period, with package sales as Dr 1130 / Cr 2301', async () => {
    const rows = await books(db);
    const [period] = await queryRows<{ start_date: string }>(
      db,
      sql`select start_date::text as start_date from finance_periode`,
    );
    const today = todayIn('Asia/Jakarta');
    // One opening journal in each branch with books (Jakarta, Bandung).
    expect(rows.filter((r) => r.kind === 'opening')).toHaveLength(2);
    const umum = rows.filter((r) => r.kind === 'umum');
    expect(umum.length).toBeGreaterThanOrEqual(30);
    for (const r of umum) {
      expect(r.transaction_at >= period.start_date && r.transaction_at <= today).toBe(true);
    }
    const paket = umum.filter((r) => r.source_type === 'paket_membership');
    // Jakarta's six registrations and Bandung's three.
    expect(paket.length).toBeGreaterThanOrEqual(8);
    expect(paket.length).toBeLessThanOrEqual(11);
    for (const r of paket) expect(r.lines).toMatch(/^1130:\d+:0,2301:0:\d+$/);
    const [m] = await queryRows<{ n: number; withJournal: number }>(
      db,
      sql`select count(*)::int as n, count(jurnal_id)::int as "withJournal" from paket_membership`,
    );
    expect(m).toEqual({ n: paket.length, withJournal: paket.length });
    const [tb] = await queryRows<{ d: string; c: string }>(
      db,
      sql`select sum(debit)::text as d, sum(credit)::text as c from jurnal_detail`,
    );
    expect(tb.d).toBe(tb.c);
    // Cash and bank never go negative over the seeded weeks.
    const low = await queryRows<{ code: string }>(
      db,
      sql`select a.code from akun a join jurnal_detail d on d.akun_id = a.id where a.code in ('1101', '1102')
          group by a.code having sum(d.debit) - sum(d.credit) <= 0`,
    );
    expect(low).toEqual([]);
  });

  it('gives every demo doctor a practice and a Monday-Saturday schedule in their branch (issue 11)', async () => {
    const rows = await queryRows<{ id: number; practice: number; days: string }>(
      db,
      sql`select u.id, (select count(*)::int from doctor_practice p where p.doctor_id = u.id and p.profile_id = u.profile_id) as practice,
            (select string_agg(distinct s.day_of_week::text, ',' order by s.day_of_week::text) from doctor_schedule s
              where s.doctor_id = u.id and s.profile_id = u.profile_id) as days
          from users u where u.role = 2 order by u.id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ practice: 1, days: '1,2,3,4,5,6' });
  });

  it("books Jakarta's reservations for the past weeks, today and tomorrow, no slot full (issue 11)", async () => {
    const today = todayIn('Asia/Jakarta');
    const [jakarta] = await queryRows<{ id: number }>(db, sql`select id from profile order by id limit 1`);
    const by = await queryRows<{ status: string; when: string; n: number }>(
      db,
      sql`select status, case when date < ${today}::date then 'past' when date = ${today}::date then 'today' else 'future' end as when,
            count(*)::int as n from reservation where profile_id = ${jakarta.id} group by 1, 2`,
    );
    const has = (status: string, when: string) => by.some((r) => r.status === status && r.when === when && r.n > 0);
    expect(has('batal', 'past')).toBe(true);
    expect(has('tidak_datang', 'past')).toBe(true);
    // Today or tomorrow (one of them is a working day).
    expect(has('booked', 'today') || has('booked', 'future')).toBe(true);
    const cancelled = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from reservation where status = 'batal' and coalesce(cancel_reason, '') = ''`,
    );
    expect(cancelled[0].n).toBe(0);
    const over = await queryRows<{ n: number }>(
      db,
      // The schedule seed books at most 2 a slot and the visits seed checks in at most 1: a new user can still book.
      sql`select count(*)::int as n from reservation_slot where booked >= capacity`,
    );
    expect(over[0].n).toBe(0);
    const others = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from reservation where profile_id <> ${jakarta.id}`,
    );
    expect(others[0].n).toBe(0);
  });

  it('seeds attendance in every branch and an approved payroll run with its journal in Jakarta', async () => {
    const perBranch = await queryRows<{ name: string; n: number; ptkp: number; departments: number }>(
      db,
      sql`select p.name, count(*)::int as n, count(distinct e.ptkp)::int as ptkp,
            count(distinct e.department_id)::int as departments
          from employee e join profile p on p.id = e.profile_id group by p.name order by p.name`,
    );
    expect(perBranch).toHaveLength(3);
    for (const b of perBranch) {
      expect(b.n).toBeGreaterThanOrEqual(4);
      expect(b.ptkp).toBeGreaterThanOrEqual(3);
      expect(b.departments).toBeGreaterThanOrEqual(2);
    }
    const [bukan] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from employee where employment = 'bukan_pegawai'`,
    );
    expect(bukan.n).toBeGreaterThanOrEqual(1);
    // An overnight shift closed after midnight, a punch of an unknown code, late arrivals.
    const [night] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from roster r join shift s on s.id = r.shift_id where s.crosses_midnight`,
    );
    expect(night.n).toBeGreaterThan(0);
    const [unknown] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from checklog where user_id is null`,
    );
    expect(unknown.n).toBe(3);
    const runs = await queryRows<{ name: string; period: string; status: number; jurnal: string; lines: number }>(
      db,
      sql`select p.name, r.period, r.status, j.source_type as jurnal,
            (select count(*)::int from payroll_run_line l where l.run_id = r.id) as lines
          from payroll_run r join profile p on p.id = r.profile_id join jurnal j on j.id = r.jurnal_id`,
    );
    const today = todayIn('Asia/Jakarta');
    expect(runs).toEqual([
      {
        name: 'Klinik Sehat Sentosa Jakarta',
        period: addMonths(`${today.slice(0, 8)}01`, -1).slice(0, 7),
        status: 1,
        jurnal: 'payroll_run',
        lines: expect.any(Number),
      },
    ]);
    expect(runs[0].lines).toBeGreaterThanOrEqual(8);
    const [late] = await queryRows<{ late: number; missing: number }>(
      db,
      sql`select sum((detail::jsonb->>'late_minutes')::int)::int as late,
            sum((detail::jsonb->>'missing_checkout')::int)::int as missing from payroll_run_line`,
    );
    expect(late.late).toBeGreaterThan(0);
    // Exactly the one forgotten check-out of last month: the overnight shifts close after midnight.
    expect(late.missing).toBe(1);
  });

  it("orders lab forms on a few of Jakarta's finished visits, one of today's and one a package slot covers", async () => {
    const today = todayIn('Asia/Jakarta');
    const labs = await queryRows<{ visit_date: string; customer_id: number; form_lab_id: number; price: string }>(
      db,
      sql`select r.visit_date::text as visit_date, e.customer_id, v.form_lab_id, v.price::text as price
          from rm_entry e join rm_record r on r.id = e.record_id and r.status = 'finished'
          join rm_entry_version v on v.entry_id = e.id
          where e.kind = 'lab' order by e.id`,
    );
    expect(labs.length).toBeGreaterThanOrEqual(2);
    expect(labs.length).toBeLessThan(40);
    expect(labs.some((l) => l.visit_date === today)).toBe(true);
    for (const l of labs) expect(Number(l.price)).toBeGreaterThan(0);
    // A patient holding an unused lab slot of a package has the same form on a finished visit (Rp 0 at the till).
    const [slot] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rm_entry e join rm_entry_version v on v.entry_id = e.id
          join paket_membership m on m.customer_id = e.customer_id and m.status in (1, 2)
          join paket_membership_slot s on s.membership_id = m.id and s.type = 3 and s.used_slot < s.free_slot
          join paket_history_item i on i.id = s.paket_history_item_id and i.form_lab_id = v.form_lab_id
          where e.kind = 'lab'`,
    );
    expect(slot.n).toBeGreaterThanOrEqual(1);
  });

  it("gives Jakarta an investor and an equipment partner with last month's distribution approved (issue 29)", async () => {
    const rows = await queryRows<{ name: string; user: string | null; kind: string }>(
      db,
      sql`select i.name, u.username as user, i.kind from investor i left join users u on u.id = i.user_id order by i.id`,
    );
    expect(rows).toEqual([
      { name: 'Budi Hartono', user: 'investor', kind: 'investor' },
      { name: 'PT Laser Medika Mitra', user: null, kind: 'partner' },
    ]);
    const runs = await queryRows<{ period: string; status: string; jurnal: string | null; lines: number }>(
      db,
      sql`select r.period, r.status, j.source_type as jurnal,
            (select count(*)::int from deviden_run_line l where l.run_id = r.id) as lines
          from deviden_run r left join jurnal j on j.id = r.jurnal_id`,
    );
    const today = todayIn('Asia/Jakarta');
    expect(runs).toEqual([
      {
        period: addMonths(`${today.slice(0, 8)}01`, -1).slice(0, 7),
        status: 'approved',
        jurnal: expect.any(String),
        lines: 2,
      },
    ]);
  });

  it('has sharing rules for the demo doctors and fee lines of paid visits equal to Hutang Dokter (issue 29)', async () => {
    const rules = await queryRows<{ kind: string; doctor_id: number | null; perawatan_id: number | null }>(
      db,
      sql`select kind, doctor_id, perawatan_id from sharing_rule order by id`,
    );
    expect(rules.map((r) => r.kind)).toEqual(['percent', 'amount', 'percent']);
    expect(rules[2]).toMatchObject({ doctor_id: null });
    // Each paid visit's Hutang Dokter items (its journal) are its fee lines' payable parts.
    const owed = await queryRows<{ payment: number; lines: string; items: string }>(
      db,
      sql`select p.id as payment, (select sum(l.payable) from sharing_line l where l.payment_id = p.id)::text as lines,
            (select coalesce(sum(h.amount), 0) from hutang_item h where h.jurnal_id = p.jurnal_id
              and h.party_type = 'doctor')::text as items
          from kasir_payment p where exists (select 1 from sharing_line l where l.payment_id = p.id)`,
    );
    expect(owed.length).toBeGreaterThanOrEqual(1);
    for (const o of owed) expect(Number(o.items), `pembayaran ${o.payment}`).toBe(Number(o.lines));
    expect(owed.some((o) => Number(o.lines) > 0)).toBe(true);
  });

  it('shows SATUSEHAT mappings and a visit of each status in Jakarta, with no settings (issue 31)', async () => {
    // Jakarta's rows only: Bandung's demo visits (its books, issue 30) are finished too and, once the SATUSEHAT
    // module's record hook is registered, wait as not configured there; which file registers it first is order.
    const [jakarta] = await queryRows<{ id: number }>(db, sql`select id from profile order by id limit 1`);
    const statuses = await queryRows<{ status: string }>(
      db,
      sql`select status from satusehat_visit where profile_id = ${jakarta.id} order by id`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['sent', 'sent', 'failed', 'not_configured', 'not_configured']);
    const maps = await queryRows<{ kind: string }>(db, sql`select distinct kind from satusehat_map order by kind`);
    expect(maps.map((r) => r.kind)).toEqual(['location', 'practitioner']);
    expect(await queryRows(db, sql`select 1 from satusehat_setting`)).toHaveLength(0);
  });

  it('keeps one supplier for the whole chain: one chain record, a linked row in every branch (issue 30 item 2)', async () => {
    const rows = await queryRows<{ profile_id: number; chain_id: number | null; code: string }>(
      db,
      sql`select v.profile_id, v.chain_id, v.code from vendor v join chain_master m on m.id = v.chain_id
          where m.kind = 'item_supplier' and m.key = 'PST-SUP' order by v.profile_id`,
    );
    const branches = await queryRows<{ id: number }>(db, sql`select id from profile order by id`);
    expect(rows.map((r) => Number(r.profile_id))).toEqual(branches.map((b) => Number(b.id)));
    expect(new Set(rows.map((r) => Number(r.chain_id))).size).toBe(1);
  });

  it('keeps a photo label and a promo package for the whole chain, on sale in every branch (issue 30 item 2)', async () => {
    const branches = (await queryRows<{ id: number }>(db, sql`select id from profile order by id`)).map((b) =>
      Number(b.id),
    );
    const labels = await queryRows<{ profile_id: number }>(
      db,
      sql`select l.profile_id from multimedia_label l join chain_master m on m.id = l.chain_id
          where m.kind = 'foto-label' order by l.profile_id`,
    );
    expect(labels.map((r) => Number(r.profile_id))).toEqual(branches);
    const pakets = await queryRows<{
      profile_id: number;
      version: number;
      status: number;
      items: number;
      type: number;
    }>(
      db,
      sql`select k.profile_id, h.version, h.status,
            (select count(*)::int from paket_history_item i join perawatan p on p.id = i.perawatan_id
              where i.paket_history_id = h.id and p.profile_id = k.profile_id and p.chain_id is not null) as items,
            (select count(*)::int from paket_type t where t.id = h.paket_type_id and t.profile_id = k.profile_id
              and t.chain_id is not null) as type
          from paket k join chain_master m on m.id = k.chain_id
          join paket_history h on h.paket_id = k.id and h.is_current
          where m.kind = 'promosi' and m.key = ${DEMO_CHAIN_PACKAGE} order by k.profile_id`,
    );
    expect(pakets.map((r) => Number(r.profile_id))).toEqual(branches);
    for (const r of pakets) expect([r.version, r.status, r.items, r.type].map(Number)).toEqual([1, 1, 1, 1]);
  });

  it('is deterministic on the same date', async () => {
    const again = await seeded();
    expect(await books(again)).toEqual(await books(db));
  });
});
