/** The bank test's load: concurrent cashiers paying, retrying with the same Idempotency-Key, voiding. */

import { coveredSlots } from '@klinik/shared';
import { sleep, type Res } from './server.js';
import { type BranchFixture, key } from './setup.js';

// ------------------------------------------------------------------------------------------ the load

export type Kind = 'visit' | 'sales' | 'cicilan';
interface Ack {
  kind: Kind;
  key: string;
  id: number;
  code: string;
  branch: number;
  visit?: number;
}
interface Attempt {
  kind: Kind;
  key: string;
  branch: number;
  /** Final status: 2xx acknowledged, 4xx refused, 0 unknown (gave up). */
  final: number;
  message?: string;
}

export class Ledger {
  acks: Ack[] = [];
  attempts: Attempt[] = [];
  voidsAcked = new Set<number>();
  voidRequests = 0;
  refusals: Record<string, number> = {};
  unexpected: string[] = [];
}

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: T[]): T => xs[rand(xs.length)];
const roundUp = (v: number, to: number) => Math.ceil(v / to) * to;

/** Messages a correct server may answer a racing or late cashier with (4xx). */
const EXPECTED_REFUSALS = [
  /sudah dibayar/,
  /Slot paket sudah terpakai/,
  /Stok .*tidak cukup|tidak cukup|Stok/,
  /melebihi sisa tagihan/,
  /sudah lunas/,
  /sudah dibatalkan/,
  /sudah diputuskan/,
  // Two cashiers asking to void the same payment: the second request while the first awaits approval.
  /Masih ada permintaan yang menunggu persetujuan/,
  /Pembayaran non-tunai melebihi/,
  // The bill was fully covered by a package when read; its slot went to another visit before the payment.
  /Pembayaran wajib diisi/,
];

/**
 * What the server answers a transaction PostgreSQL cancelled (a deadlock or a serialization failure, see
 * http/errors.ts): nothing was written, and the message asks to try again, which a cashier does.
 */
const TRY_AGAIN = 'Data sedang diubah oleh pengguna lain, silakan coba lagi';

export async function until(r: () => Promise<Res>, giveUpAt: () => number): Promise<Res> {
  // A connection error means "unknown": the same request (same Idempotency-Key) again once the server is back.
  // A 409 asking to try again is sent again as well (with the same key), as the cashier would.
  for (let i = 0; ; i++) {
    const res = await r();
    if (res.status !== 0 && !(res.status === 409 && messageOf(res) === TRY_AGAIN)) return res;
    if (Date.now() > giveUpAt()) return res;
    await sleep(150 + rand(200));
  }
}

export function messageOf(r: Res): string {
  const b = r.body as { message?: string } | { message?: string }[] | null;
  if (Array.isArray(b)) return b.map((x) => x.message).join('; ');
  return b?.message ?? JSON.stringify(b)?.slice(0, 200) ?? '';
}

export async function client(
  i: number,
  f: BranchFixture,
  cursor: { next: number; taken: number[] },
  ledger: Ledger,
  stop: { at: number },
) {
  // After the stop, a client still finishes what it started (retrying while the server restarts), for 2 minutes at most.
  const giveUpAt = () => (Number.isFinite(stop.at) ? stop.at + 120_000 : Number.POSITIVE_INFINITY);
  const cashier = f.cashiers[i % f.cashiers.length];
  const mine: Ack[] = [];
  const refuse = (what: string, r: Res) => {
    const msg = messageOf(r);
    if (r.status >= 400 && r.status < 500 && EXPECTED_REFUSALS.some((re) => re.test(msg))) {
      const k = `${what} ${r.status}: ${msg.replace(/\d[\d./A-Z-]*/g, '#').slice(0, 80)}`;
      ledger.refusals[k] = (ledger.refusals[k] ?? 0) + 1;
    } else ledger.unexpected.push(`${what} ${r.status}: ${msg.slice(0, 300)}`);
  };
  const record = (kind: Kind, k: string, r: Res, extra: Partial<Ack> = {}) => {
    ledger.attempts.push({ kind, key: k, branch: f.id, final: r.status, message: r.status >= 300 ? messageOf(r) : '' });
    if (r.status === 200 || r.status === 201) {
      const a: Ack = { kind, key: k, id: Number(r.body.data.id), code: r.body.data.code, branch: f.id, ...extra };
      ledger.acks.push(a);
      mine.push(a);
    } else if (r.status !== 0) refuse(kind, r);
  };

  // A client's first action is fixed (visit, instalment or sale by its number, a fresh bill without the package),
  // so every kind is done by some client in every run, however slow the machine: nothing is left to timing.
  let first = true;
  while (!Number.isFinite(stop.at)) {
    const roll = first ? [0.1, 0.6, 0.8][i % 3] : Math.random();
    const fresh = first;
    first = false;
    if (roll < 0.55 && (cursor.next < f.visits.length || cursor.taken.length)) {
      // Pay a visit's bill; a third of the time one another cashier has just taken (a race).
      let visit: number;
      if (cursor.next >= f.visits.length || (!fresh && Math.random() < 0.35 && cursor.taken.length)) {
        visit = pick(cursor.taken.slice(-8));
      } else {
        visit = f.visits[cursor.next++];
        cursor.taken.push(visit);
      }
      const usePaket = !fresh && Math.random() < 0.85;
      const bill = await until(() => cashier.call('GET', `/api/kasir/bill/${visit}?use_paket=${usePaket}`), giveUpAt);
      if (bill.status !== 200) {
        if (bill.status !== 0) ledger.unexpected.push(`bill ${visit}: ${bill.status} ${messageOf(bill)}`);
        continue;
      }
      if (bill.body.data.payment) continue; // the queue would show it paid
      const total = Number(bill.body.data.total);
      const m = f.methods;
      const style = rand(10);
      const payments =
        total === 0
          ? []
          : style < 4
            ? [{ method: m.cash, amount: roundUp(total, 50000) + (style === 0 ? 100000 : 0) }]
            : style < 6
              ? [{ method: m.qris, amount: total }]
              : style < 8
                ? [
                    { method: m.transfer, amount: Math.floor(total / 2) },
                    { method: m.cash, amount: roundUp(total - Math.floor(total / 2), 10000) },
                  ]
                : style < 9
                  ? [{ method: m.debit, amount: total }]
                  : [{ method: m.cash, amount: Math.max(1000, Math.floor(total / 2)) }]; // partial: a receivable
      const k = key('pay');
      const send = () =>
        until(
          () =>
            cashier.call(
              'POST',
              '/api/kasir/payment',
              { visit, use_paket: usePaket, paket_slots: coveredSlots(bill.body.data), payments },
              { 'idempotency-key': k },
            ),
          giveUpAt,
        );
      // One payment in ten is a double click: the same request (same key) twice at once; both must name one payment.
      const answers = Math.random() < 0.1 ? await Promise.all([send(), send()]) : [await send()];
      for (const r of answers) record('visit', k, r, { visit });
    } else if (roll < 0.72 && f.memberships.length) {
      const membership = pick(f.memberships);
      const amount = fresh ? 100000 : pick([100000, 400000, 800000]);
      const k = key('cic');
      const payments =
        Math.random() < 0.5
          ? [{ method: f.methods.cash, amount: roundUp(amount, 50000) + pick([0, 50000]) }]
          : [{ method: f.methods.transfer, amount }];
      const r = await until(
        () => cashier.call('POST', '/api/kasir/cicilan', { membership, amount, payments }, { 'idempotency-key': k }),
        giveUpAt,
      );
      record('cicilan', k, r);
    } else if (roll < 0.9) {
      const chosen = [...new Set([pick(f.items), pick(f.items)])];
      const items = chosen.map((it) => ({ item: it.id, qty: 1 + rand(2) }));
      const estimate = chosen.reduce((s, it, j) => s + it.price * items[j].qty, 0);
      const debit = Math.floor(estimate / 3);
      const k = key('jual');
      const r = await until(
        () =>
          cashier.call(
            'POST',
            '/api/kasir/sales',
            {
              warehouse: f.apotek,
              items,
              payments: [
                { method: f.methods.debit, amount: debit },
                { method: f.methods.cash, amount: roundUp(estimate * 1.2, 50000) },
              ],
            },
            { 'idempotency-key': k },
          ),
        giveUpAt,
      );
      record('sales', k, r);
    } else if (cashier === f.cashiers[0] && mine.length) {
      // Void one of this client's payments: the cashier asks, the branch manager approves.
      // Instalments half of the time when there are some: their schedule is what a void must give back exactly.
      const cic = mine.filter((a) => a.kind === 'cicilan');
      const target = Math.random() < 0.5 && cic.length ? pick(cic) : pick(mine);
      mine.splice(mine.indexOf(target), 1);
      const req = await until(
        () => cashier.call('POST', `/api/kasir/payment/${target.id}/void`, { reason: 'Uji bank: salah input' }),
        giveUpAt,
      );
      ledger.voidRequests++;
      if (req.status === 202) {
        const dec = await until(
          () =>
            f.approver.call('POST', `/api/applog/doconfirm/${req.body.data?.applog_id ?? req.body.applog_id}`, {
              status: 1,
            }),
          giveUpAt,
        );
        if (dec.status === 200) ledger.voidsAcked.add(target.id);
        else if (dec.status !== 0) refuse('approve', dec);
      } else if (req.status === 200) ledger.voidsAcked.add(target.id);
      else if (req.status !== 0) refuse('void', req);
    }
  }
}
