/** The bank test's verification: every acknowledged answer checked against the database afterwards. */
import pg from 'pg';

import { type Check } from '../bank.js';
import { Stats } from './server.js';
import { type BranchFixture, one } from './setup.js';
import { Ledger, messageOf } from './load.js';

// ------------------------------------------------------------------------------------------ verification

interface Snapshot {
  maxPayment: number;
  accounts: Map<string, number>; // `${branch}:${akun_id}` -> balance (sen)
  stock: Map<string, number>; // `${warehouse}:${item}` -> quantity
  slots: Map<number, number>; // slot id -> used
  cicilan: Map<number, number>; // membership id -> paid sum
}

export async function snapshot(db: pg.Client): Promise<Snapshot> {
  // One client: one query after the other.
  const mp = await one<{ m: number }>(db, 'select coalesce(max(id), 0)::int as m from kasir_payment');
  const acc = await db.query(
    `select d.profile_id, d.akun_id, sum(d.debit - d.credit)::text as b from jurnal_detail d
     where d.akun_id in (select akun_id from payment_method) group by 1, 2`,
  );
  const st = await db.query('select warehouse_id, item_id, sum(quantity)::int as q from stock_balance group by 1, 2');
  const sl = await db.query('select id, used_slot from paket_membership_slot');
  const ci = await db.query(
    'select membership_id, sum(paid_amount)::text as p from paket_membership_cicilan group by 1',
  );
  return {
    maxPayment: mp.m,
    accounts: new Map(acc.rows.map((r) => [`${r.profile_id}:${r.akun_id}`, Number(r.b)])),
    stock: new Map(st.rows.map((r) => [`${r.warehouse_id}:${r.item_id}`, Number(r.q)])),
    slots: new Map(sl.rows.map((r) => [Number(r.id), Number(r.used_slot)])),
    cicilan: new Map(ci.rows.map((r) => [Number(r.membership_id), Number(r.p)])),
  };
}

function check(checks: Check[], name: string, bad: unknown[], detail: string) {
  checks.push({
    name,
    ok: bad.length === 0,
    detail: bad.length === 0 ? detail : `${bad.length} wrong: ${JSON.stringify(bad.slice(0, 5))}`,
  });
}

export async function verify(db: pg.Client, before: Snapshot, ledger: Ledger, stats: Stats, branches: number[]) {
  const checks: Check[] = [];
  const run = before.maxPayment;

  // 1. Every acknowledged payment exists exactly once, under its key, with the code the client was given.
  const rows = (
    await db.query<{
      id: number;
      code: string;
      kind: string;
      idempotency_key: string;
      status: string;
      profile_id: number;
    }>('select id, code, kind, idempotency_key, status, profile_id from kasir_payment where id > $1', [run])
  ).rows;
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const keyCount = new Map<string, number>();
  for (const r of rows) keyCount.set(r.idempotency_key, (keyCount.get(r.idempotency_key) ?? 0) + 1);
  const ackedKeys = new Map<string, number>();
  const lost: unknown[] = [];
  for (const a of ledger.acks) {
    const r = byId.get(a.id);
    if (!r || r.code !== a.code || r.idempotency_key !== `key:${a.key}` || r.kind !== a.kind) lost.push(a);
    if (ackedKeys.has(a.key) && ackedKeys.get(a.key) !== a.id)
      lost.push({ key: a.key, ids: [ackedKeys.get(a.key), a.id] });
    ackedKeys.set(a.key, a.id);
  }
  check(
    checks,
    'every acknowledged payment exists exactly once',
    [...lost, ...[...keyCount].filter(([, n]) => n > 1)],
    `${ledger.acks.length} acknowledged, ${ackedKeys.size} distinct, ${rows.length} payments in the run`,
  );

  // 2. A key the server refused (4xx as its last word) left no payment; no payment the clients did not ask for.
  // Per key, every answer it got (a double click sends it twice): all of them must agree with the database.
  const sent = new Map<string, number[]>();
  for (const a of ledger.attempts) sent.set(`key:${a.key}`, [...(sent.get(`key:${a.key}`) ?? []), a.final]);
  const refusedButStored = rows
    .filter((r) => sent.get(r.idempotency_key)?.some((s) => s >= 400))
    .map((r) => ({
      ...r,
      answers: sent.get(r.idempotency_key),
      messages: ledger.attempts.filter((a) => `key:${a.key}` === r.idempotency_key).map((a) => a.message),
    }));
  const unknownStored = rows.filter((r) => sent.get(r.idempotency_key)?.every((s) => s === 0)).length;
  const strangers = rows.filter((r) => !sent.has(r.idempotency_key));
  check(
    checks,
    'no payment behind a refusal, none nobody asked for',
    [...refusedButStored, ...strangers],
    `${ledger.attempts.filter((a) => a.final === 0).length} outcomes left unknown (${unknownStored} of them stored)`,
  );

  // 3. No bill paid twice.
  const twice = (
    await db.query(
      `select visit_id, count(*)::int as n from kasir_payment where visit_id is not null and status <> 'void'
       group by 1 having count(*) > 1`,
    )
  ).rows;
  const visitsPaid = await one<{ n: number }>(
    db,
    `select count(distinct visit_id)::int as n from kasir_payment where id > $1 and visit_id is not null`,
    [run],
  );
  check(checks, 'no bill has two live payments', twice, `${visitsPaid.n} bills paid in the run, each once`);

  // 4. Acknowledged voids are voids, each with one void record and one reversal journal; every void likewise.
  const voids = (
    await db.query<{ id: number; n: number; j: number; status: string }>(
      `select p.id, p.status, (select count(*)::int from kasir_void v where v.payment_id = p.id) as n,
              (select count(*)::int from jurnal j where j.source_type = 'kasir_void' and j.source_id = p.id::text) as j,
              p.jurnal_id
       from kasir_payment p where p.id > $1 and (p.status = 'void' or exists (select 1 from kasir_void v where v.payment_id = p.id))`,
      [run],
    )
  ).rows;
  const voidIds = new Set(voids.map((v) => Number(v.id)));
  const badVoids = [
    ...voids.filter(
      (v) => v.status !== 'void' || v.n !== 1 || v.j !== ((v as { jurnal_id?: number }).jurnal_id ? 1 : 0),
    ),
    ...[...ledger.voidsAcked].filter((id) => !voidIds.has(id)).map((id) => ({ acked_void_missing: id })),
  ];
  check(
    checks,
    'voids: reversed once, acknowledged voids stored',
    badVoids,
    `${ledger.voidsAcked.size} voids acknowledged, ${voids.length} voids stored`,
  );

  // 5. Each live payment has its journal; its debits to the methods' accounts equal its tenders.
  const journals = (
    await db.query(
      `select p.id, p.jurnal_id, p.status,
              (select coalesce(sum(t.amount), 0)::text from kasir_payment_tender t where t.payment_id = p.id) as tenders,
              (select coalesce(sum(d.debit), 0)::text from jurnal_detail d where d.jurnal_id = p.jurnal_id
                 and d.akun_id in (select akun_id from payment_method)) as cash_debit,
              (select count(*)::int from jurnal j where j.source_type = 'kasir_payment' and j.source_id = p.id::text) as n
       from kasir_payment p where p.id > $1`,
      [run],
    )
  ).rows.filter((r) => r.n !== (r.jurnal_id ? 1 : 0) || (r.jurnal_id && r.tenders !== r.cash_debit));
  const orphans = (
    await db.query(
      `select j.id, j.code from jurnal j where j.source_type in ('kasir_payment', 'kasir_void')
       and not exists (select 1 from kasir_payment p where p.id::text = j.source_id)`,
    )
  ).rows;
  check(checks, 'each payment has one journal matching its tenders', [...journals, ...orphans], 'ok');

  // 6. Cash and bank: per branch and account, what moved equals the live payments' tenders by method.
  const moved = (
    await db.query(
      `select d.profile_id, d.akun_id, sum(d.debit - d.credit)::text as b from jurnal_detail d
       where d.akun_id in (select akun_id from payment_method) group by 1, 2`,
    )
  ).rows;
  const tenders = (
    await db.query(
      `select p.profile_id, m.akun_id, m.type, sum(t.amount)::text as a from kasir_payment p
       join kasir_payment_tender t on t.payment_id = p.id join payment_method m on m.id = t.payment_method_id
       where p.id > $1 and p.status <> 'void' group by 1, 2, 3`,
      [run],
    )
  ).rows;
  const expected = new Map<string, number>();
  for (const t of tenders) {
    const k = `${t.profile_id}:${t.akun_id}`;
    expected.set(k, (expected.get(k) ?? 0) + Number(t.a));
  }
  const cashBad: unknown[] = [];
  const keys = new Set([...moved.map((r) => `${r.profile_id}:${r.akun_id}`), ...expected.keys()]);
  for (const k of keys) {
    const now = Number(moved.find((r) => `${r.profile_id}:${r.akun_id}` === k)?.b ?? 0);
    const delta = now - (before.accounts.get(k) ?? 0);
    if (delta !== (expected.get(k) ?? 0)) cashBad.push({ account: k, moved: delta, payments: expected.get(k) ?? 0 });
  }
  const byMethod = tenders.map((t) => `${t.profile_id}/${t.type} ${(Number(t.a) / 100).toLocaleString('id-ID')}`);
  check(checks, 'cash and bank accounts equal the payments by method', cashBad, byMethod.join(', '));

  // 7. Stock: balances equal their movements; what left the pharmacy is what the live payments sold.
  const ledgerStock = (
    await db.query(
      `select b.warehouse_id, b.item_id, b.batch_id, b.quantity, coalesce(m.q, 0)::int as moved from stock_balance b
       left join (select warehouse_id, item_id, batch_id, sum(quantity) as q from stock_movement group by 1, 2, 3) m
         on m.warehouse_id = b.warehouse_id and m.item_id = b.item_id and m.batch_id is not distinct from b.batch_id
       where b.quantity <> coalesce(m.q, 0)`,
    )
  ).rows;
  const nowStock = (
    await db.query('select warehouse_id, item_id, sum(quantity)::int as q from stock_balance group by 1, 2')
  ).rows;
  const sold = (
    await db.query(
      `select p.warehouse_id as sales_wh, p.profile_id, p.kind, l.ref_id, l.kind as lkind, sum(l.qty)::int as q
       from kasir_payment p join kasir_payment_line l on l.payment_id = p.id
       where p.id > $1 and p.status <> 'void' and l.kind in ('item', 'product') group by 1, 2, 3, 4, 5`,
      [run],
    )
  ).rows;
  // A visit's product line refers to its record entry: the item is looked up through the stock movement instead.
  const movedOut = (
    await db.query(
      `select m.warehouse_id, m.item_id, -sum(m.quantity)::int as q from stock_movement m
       join kasir_payment p on p.id = m.source_id and m.source_kind = 'kasir_payment'
       where p.id > $1 and p.status <> 'void' group by 1, 2`,
      [run],
    )
  ).rows;
  const lineQty = sold.reduce((s, r) => s + Number(r.q), 0);
  const moveQty = movedOut.reduce((s, r) => s + Number(r.q), 0);
  const stockBad: unknown[] = [...ledgerStock];
  if (lineQty !== moveQty) stockBad.push({ sold_lines: lineQty, issued: moveQty });
  for (const r of nowStock) {
    const k = `${r.warehouse_id}:${r.item_id}`;
    const out = Number(movedOut.find((x) => `${x.warehouse_id}:${x.item_id}` === k)?.q ?? 0);
    const delta = Number(r.q) - (before.stock.get(k) ?? 0);
    if (delta !== -out) stockBad.push({ stock: k, delta, sold: out });
  }
  check(checks, 'stock equals its movements and what was sold', stockBad, `${lineQty} units sold and not voided`);

  // 8. Package slots used equal the covered lines of live payments; never above what the package gives.
  const slots = (
    await db.query(
      `select s.id, s.used_slot, s.free_slot, coalesce((select sum(l.qty) from kasir_payment_line l
         join kasir_payment p on p.id = l.payment_id where l.covered_by_paket = s.id and p.id > $1 and p.status <> 'void'), 0)::int as covered
       from paket_membership_slot s`,
      [run],
    )
  ).rows;
  const slotBad = slots.filter(
    (s) => s.used_slot > s.free_slot || s.used_slot - (before.slots.get(Number(s.id)) ?? 0) !== s.covered,
  );
  check(
    checks,
    'package slots used equal the covered lines paid',
    slotBad,
    `${slots.reduce((a, s) => a + s.covered, 0)} slot units used in the run`,
  );

  // 9. Instalments: never more paid than due; what the schedule received equals the live instalment payments.
  const over = (await db.query('select id from paket_membership_cicilan where paid_amount > amount or paid_amount < 0'))
    .rows;
  const cic = (
    await db.query(
      `select m.id, coalesce((select sum(paid_amount) from paket_membership_cicilan c where c.membership_id = m.id), 0)::text as paid,
              coalesce((select sum(total) from kasir_payment p where p.membership_id = m.id and p.kind = 'cicilan'
                and p.id > $1 and p.status <> 'void'), 0)::text as pays
       from paket_membership m`,
      [run],
    )
  ).rows.filter((r) => Number(r.paid) - (before.cicilan.get(Number(r.id)) ?? 0) !== Number(r.pays));
  check(checks, 'instalments paid never exceed what is due and match the payments', [...over, ...cic], 'ok');

  // 10. Numbers: unique and gapless per branch, kind and month, the counter at the last one.
  const numbering = (
    await db.query(
      `with codes as (
         select profile_id, code from kasir_payment union all select profile_id, code from jurnal),
       g as (select profile_id, split_part(code, '/', 1) as kind, split_part(code, '/', 3) as period,
                    count(*)::int as n, count(distinct code)::int as d,
                    min(split_part(code, '/', 4)::int) as lo, max(split_part(code, '/', 4)::int) as hi
             from codes where code ~ '^[A-Z]+/[0-9]+/[0-9]{6}/[0-9]+$' group by 1, 2, 3)
       select g.*, (select last from doc_counter c where c.profile_id = g.profile_id and c.kind = g.kind
                    and c.period = g.period) as counter
       from g`,
    )
  ).rows;
  const numBad = numbering.filter((r) => r.n !== r.d || r.lo !== 1 || r.hi !== r.n || r.counter !== r.hi);
  check(
    checks,
    'numbering unique and gapless per branch, kind and month',
    numBad,
    numbering
      .filter((r) => ['INV', 'PJU', 'KWC'].includes(r.kind))
      .map((r) => `${r.kind}/${r.profile_id}/${r.period}: 1..${r.hi}`)
      .join(', '),
  );

  // 11. Every journal balances and each branch's trial balance is zero.
  const tb = (
    await db.query(
      `select profile_id, sum(debit)::text as d, sum(credit)::text as c from jurnal_detail group by 1 order by 1`,
    )
  ).rows;
  const unbalanced = (
    await db.query(
      `select jurnal_id from jurnal_detail group by 1 having sum(debit) <> sum(credit)
       union all select j.id from jurnal j where not exists (select 1 from jurnal_detail d where d.jurnal_id = j.id)`,
    )
  ).rows;
  check(
    checks,
    "each branch's trial balance is zero",
    [...tb.filter((r) => r.d !== r.c), ...unbalanced],
    tb
      .filter((r) => branches.includes(Number(r.profile_id)))
      .map((r) => `branch ${r.profile_id}: Dr = Cr = ${(Number(r.d) / 100).toLocaleString('id-ID')}`)
      .join('; '),
  );

  // 12. Cash sessions: each payment in an open session of its own cashier and branch, at most one open per cashier.
  const sess = (
    await db.query(
      `select p.id from kasir_payment p join kasir_session s on s.id = p.session_id
       where p.id > $1 and (s.profile_id <> p.profile_id or s.cashier_id <> p.cashier_id or p.created_at < s.opened_at
         or (s.closed_at is not null and p.created_at > s.closed_at))
       union all select cashier_id from kasir_session where status = 'open' group by profile_id, cashier_id having count(*) > 1`,
      [run],
    )
  ).rows;
  check(checks, 'payments in their cashier’s open session', sess, 'ok');

  // 13. The server never failed (no 5xx) and nothing a correct server would not say.
  check(checks, 'no 5xx answers', stats.errors5xx, `${stats.requests} requests`);
  check(checks, 'no unexpected refusals', ledger.unexpected, 'ok');
  check(checks, 'no request hung', stats.timeouts ? [stats.timeouts] : [], 'ok');
  return checks;
}

/** Tutup kasir for every cashier, counting what the system expects: the difference must be 0 and the expected cash
 * the float plus the live cash payments; the session row must not be locked by a killed transaction. */
export async function closeSessions(db: pg.Client, fixtures: BranchFixture[], checks: Check[]) {
  const bad: unknown[] = [];
  let closed = 0;
  for (const f of fixtures)
    for (const c of f.cashiers) {
      const cur = await c.must('GET', '/api/kasir/session/current');
      const s = cur.data as { id: number; opening_float: number; methods: { method: number; expected: number }[] };
      if (!s) {
        bad.push({ cashier: c.username, session: null });
        continue;
      }
      const r = await c.call('POST', `/api/kasir/session/${s.id}/close`, {
        counts: s.methods.filter((m) => m.expected !== 0).map((m) => ({ method: m.method, amount: m.expected })),
      });
      if (r.status !== 200) {
        bad.push({ cashier: c.username, status: r.status, body: messageOf(r) });
        continue;
      }
      closed++;
      const sums = (
        await db.query(
          `select t.payment_method_id as m, sum(t.amount)::text as a from kasir_payment p
           join kasir_payment_tender t on t.payment_id = p.id where p.session_id = $1 and p.status <> 'void' group by 1`,
          [s.id],
        )
      ).rows;
      const counts = (
        await db.query(
          'select payment_method_id as m, expected::text as e, difference::text as d from kasir_session_count where session_id = $1',
          [s.id],
        )
      ).rows;
      for (const k of counts) {
        const paid = Number(sums.find((x) => x.m === k.m)?.a ?? 0);
        const float = k.m === f.methods.cash ? Math.round(s.opening_float * 100) : 0;
        if (Number(k.e) !== paid + float || Number(k.d) !== 0)
          bad.push({ session: s.id, method: k.m, ...k, paid, float });
      }
      for (const x of sums)
        if (!counts.some((k) => k.m === x.m)) bad.push({ session: s.id, method: x.m, uncounted: x.a });
    }
  check(checks, 'cash sessions close with the expected amounts', bad, `${closed} sessions closed, difference 0`);
}
