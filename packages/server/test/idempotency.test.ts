/**
 * The one idempotency protocol (http/idempotency.ts; issue 27 item 2, issue 25 finding 6): every state-changing
 * money or stock endpoint declares it, the protocol replays the same request and refuses the key with another
 * one, and a key another request holds is never a 5xx and never writes, on any idempotent route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { allows, ROLE_NAMES } from '@klinik/shared';
import { apiModules } from '../src/modules.js';
import { restEntries, type RestEntry } from '../src/http/endpoint.js';
import { fingerprintOf, idempotent, KEY_REUSED } from '../src/http/idempotency.js';
import { AppError } from '../src/http/errors.js';
import { queryRows } from '../src/db/client.js';
import { idempotencyRequest } from '../src/db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';

/** Where money and stock documents are written: every POST under these paths must take an Idempotency-Key. */
const MONEY_OR_STOCK = [
  '/api/kasir/',
  '/api/finance/jurnal',
  '/api/finance/periode',
  '/api/finance/expenses',
  '/api/finance/hutang/pajak',
  '/api/inventory/purchase',
  '/api/inventory/mutation',
  '/api/inventory/adjustment',
  '/api/inventory/dispense',
  '/api/paket/membership',
  '/api/attendance/payroll/run',
  '/api/finance/deviden/runs',
];
/** POSTs there that write no money or stock, with the reason. */
const EXEMPT = new Map([
  ['POST /api/kasir/payment/:id/printed', 'counts a thermal print of a receipt'],
  ['POST /api/finance/expenses/proof', 'stores a proof file; the expense that uses it is keyed'],
  ['POST /api/finance/expenses/categories', 'a master row (category to expense account), no money'],
]);

/**
 * A body each idempotent route's schema accepts (the handler never runs: the key is refused first). A route
 * without one is still walked (never a 5xx, nothing written).
 */
const SAMPLE: Record<string, object> = {
  'POST /api/finance/periode': { start_date: '2026-01-01' },
  'POST /api/inventory/purchase': { vendor: 1, warehouse: 1, items: [{ item: 1, qty: 1, price: 1000 }] },
  'POST /api/inventory/purchase/:id/receive': { items: [{ item: 1, qty: 1, price: 1000 }] },
  'POST /api/paket/membership': { customer: 1, doctor: 1, paket_history_id: 1 },
  'POST /api/service/visit': { customer: 1, doctor: 1, kind: 'konsultasi' },
  'POST /api/service/reservation': { customer: 1, doctor: 1, date: '2026-12-01', time: '09:00' },
  'POST /api/attendance/payroll/run': { period: '2026-01', group: 1 },
  'POST /api/finance/deviden/runs': { period: '2026-01', profile_id: 1 },
  'POST /api/rekammedis/visit/:id/soap': { subjective: 'Pusing' },
  'POST /api/rekammedis/visit/:id/treatment': { perawatan: 1, qty: 1, doctor: 1 },
  'POST /api/rekammedis/visit/:id/produk': { item: 1, qty: 1 },
  'POST /api/rekammedis/visit/:id/bhp': { item: 1, qty: 1 },
  'POST /api/rekammedis/visit/:id/resep': { items: [{ item: 1, qty: 1, signa: '3x1' }] },
  'POST /api/rekammedis/visit/:id/alergi': { allergen: 'Amoksisilin' },
  'POST /api/rekammedis/visit/:id/lab': { form_lab: 1, qty: 1 },
  'POST /api/inventory/mutation': { from_warehouse: 1, to_warehouse: 2, items: [{ item: 1, qty: 1 }] },
  'POST /api/inventory/dispense': { resep: 1, warehouse: 1 },
  'POST /api/kasir/session': { opening_float: 0 },
  'POST /api/kasir/payment': { visit: 1, payments: [{ method: 1, amount: 1000 }] },
  'POST /api/kasir/payment/:id/settle': { payments: [{ method: 1, amount: 1000 }] },
  'POST /api/kasir/sales': { warehouse: 1, items: [{ item: 1, qty: 1 }], payments: [{ method: 1, amount: 1000 }] },
  'POST /api/kasir/cicilan': { membership: 1, amount: 1000, payments: [{ method: 1, amount: 1000 }] },
  'POST /api/kasir/payment/:id/void': { reason: 'Salah input' },
  'POST /api/finance/expenses': { category: 1, date: '2026-01-10', amount: 1000, method: 1, memo: 'Uji' },
  'POST /api/finance/expenses/:id/reverse': { reason: 'Salah input' },
  'POST /api/finance/hutang/pajak/:tax/deposit': {
    masa: '2026-01',
    amount: 1000,
    billing_code: '123456789012345',
    ntpn: 'AB12CD34EF56GH78',
    date: '2026-02-10',
    method: 1,
  },
};

const entries: RestEntry[] = Object.entries(apiModules).flatMap(([name, tree]) => restEntries(name, tree));
const route = (e: RestEntry) => `${e.rest.method} ${e.rest.path}`;
/**
 * The path a route is walked at, where a parameter is not a row id (a tax's key names one of the fixed tax kinds);
 * every other route is walked with its ids set to 1.
 */
const PATH_SAMPLE: Record<string, string> = {
  'POST /api/finance/hutang/pajak/:tax/deposit': '/api/finance/hutang/pajak/pph_pegawai/deposit',
};
const samplePath = (e: RestEntry) => PATH_SAMPLE[route(e)] ?? e.rest.path.replace(/:[a-z_]+/g, '1');
const idempotentEntries = entries.filter((e) => e.rest.idempotencyKey);

let t: TestApp;
let branch: number;
const byRole = new Map<string, TestUser>();

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik Kunci' });
  for (const role of ROLE_NAMES) byRole.set(role, await t.makeUser(role, { branchId: branch }));
  // The head office's routes (the chain's price list) are for top-level users only.
  byRole.set('owner', await t.makeUser('manager', { branchId: branch, toplevel: 'owner' }));
});
afterAll(() => t.close());

/** Rows of every table of the app (the refused requests must leave each count as it was). */
async function allCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [r] = await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from "${name}"`));
    out[name] = Number(r.n);
  }
  return out;
}

describe('declarations', () => {
  it('every state-changing money or stock endpoint declares the Idempotency-Key', () => {
    const moneyOrStock = entries.filter(
      (e) =>
        e.endpoint.type === 'mutation' &&
        e.rest.method === 'POST' &&
        MONEY_OR_STOCK.some((p) => e.rest.path.startsWith(p)) &&
        !EXEMPT.has(route(e)),
    );
    expect(moneyOrStock.length).toBeGreaterThan(20);
    expect(moneyOrStock.filter((e) => !e.rest.idempotencyKey).map(route)).toEqual([]);
    // Void requests too (a retried void was a second approval request).
    expect(idempotentEntries.map(route)).toEqual(
      expect.arrayContaining(['POST /api/kasir/payment/:id/void', 'POST /api/finance/jurnal/:id/reverse']),
    );
  });

  it('only mutations are idempotent, and their tRPC procedures take the same key field', () => {
    for (const e of idempotentEntries) {
      expect(e.endpoint.type, route(e)).toBe('mutation');
      expect(e.endpoint.trpc, route(e)).toBe(true);
      expect(e.rest.idempotencyKey, route(e)).toBe('idempotency_key');
    }
  });
});

describe('the protocol', () => {
  it('replays the same request, refuses the key with another input or user, and frees the key of a failure', async () => {
    const kasir = byRole.get('admin')!;
    const other = byRole.get('manager')!;
    let runs = 0;
    const run = async () => ({ n: ++runs, created: true });
    const req = { operation: 'POST /api/uji', key: 'uji-protokol-0001', input: { id: 1, b: { y: 2, x: 1 } } };
    expect(await idempotent(t.ctx(kasir), req, run)).toEqual({ result: { n: 1, created: true }, replayed: false });
    // Key order inside the input does not matter (canonical JSON).
    const same = { ...req, input: { b: { x: 1, y: 2 }, id: 1 } };
    expect(await idempotent(t.ctx(kasir), same, run)).toEqual({ result: { n: 1, created: true }, replayed: true });
    for (const [ctx, r] of [
      [t.ctx(kasir), { ...req, input: { id: 2, b: { y: 2, x: 1 } } }],
      [t.ctx(kasir), { ...req, operation: 'POST /api/lain' }],
      [t.ctx(other), req],
    ] as const) {
      const err = await idempotent(ctx, r, run).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(409);
      expect((err as AppError).issues).toEqual([{ message: KEY_REUSED, field: 'Idempotency-Key' }]);
    }
    expect(runs).toBe(1);
    const failing = { ...req, key: 'uji-protokol-0002' };
    await expect(
      idempotent(t.ctx(kasir), failing, () => Promise.reject(new AppError(400, [{ message: 'x' }]))),
    ).rejects.toThrow('x');
    expect(await idempotent(t.ctx(kasir), { ...failing, input: { id: 3 } }, run)).toMatchObject({ replayed: false });
  });

  it('a key held by another request is never a 5xx and writes nothing, on every idempotent route', async () => {
    expect(idempotentEntries.length).toBeGreaterThan(25);
    const before = await allCounts();
    const refused: string[] = [];
    for (const e of idempotentEntries) {
      const role = [...ROLE_NAMES, 'owner'].find((r) => allows(byRole.get(r)!.session, e.endpoint.access));
      expect(role, route(e)).toBeDefined();
      const user = byRole.get(role!)!;
      const key = `dipakai-${e.name.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 100);
      // The key already answered another request of this user (another route and input).
      await t.db.insert(idempotencyRequest).values({
        profile_id: branch,
        key,
        user_id: user.id,
        operation: 'POST /api/lain',
        fingerprint: fingerprintOf('POST /api/lain', {}),
        result: { data: 'lain' },
      });
      const path = samplePath(e);
      const res = await t.api(user).post(path, SAMPLE[route(e)] ?? {}, { 'idempotency-key': key });
      expect(res.status, route(e)).toBeGreaterThanOrEqual(400);
      expect(res.status, route(e)).toBeLessThan(500);
      expect(JSON.stringify(res.body)).not.toContain('lain"');
      if (res.status === 409 || SAMPLE[route(e)])
        expect(res.body, route(e)).toEqual([{ field: 'Idempotency-Key', message: KEY_REUSED }]);
      if (res.status === 409) refused.push(route(e));
    }
    // Every input the schema accepts reaches the key and is refused by it.
    expect(refused.length).toBeGreaterThanOrEqual(Object.keys(SAMPLE).length);
    const after = await allCounts();
    expect({ ...after, idempotency_request: 0 }).toEqual({ ...before, idempotency_request: 0 });
    expect(after.idempotency_request).toBe(before.idempotency_request + idempotentEntries.length);
  });
});
