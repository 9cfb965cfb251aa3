import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { asSen } from '@klinik/shared';
import { ACCOUNT } from './accounts.js';
import { postJournal } from './posting.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let fin: TestUser;
let mgr: TestUser;
let admin: TestUser;
let investor: TestUser;
let owner: TestUser;
let finB: TestUser;
let periodeA: number;

const TABLES = [
  'jurnal',
  'jurnal_detail',
  'finance_periode',
  'finance_periode_saldo',
  'akun',
  'payment_method',
  'pajak',
  'audit_log',
];

const line = (akun: string | number, debit: number, credit: number, description = '') => ({
  akun,
  description,
  debit,
  credit,
});
const journal = (over: Record<string, unknown> = {}) => ({
  code: '',
  transaction_at: '2026-01-10',
  memo: 'Setoran modal',
  details: [line(ACCOUNT.kas, 10_000_000, 0), line(ACCOUNT.modalDisetor, 0, 10_000_000)],
  ...over,
});

async function akunId(code: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(t.db, sql`select id from akun where code = ${code}`);
  return Number(r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  fin = await t.makeUser('finance', { branchId: branchA });
  mgr = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  investor = await t.makeUser('investor', { branchId: branchA });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  finB = await t.makeUser('finance', { branchId: branchB });
});
afterAll(() => t.close());

describe('periods: POST/GET /api/finance/periode', () => {
  it('says there is no active period, then refuses journals', async () => {
    const list = await t.api(fin).get('/api/finance/periode?status=0');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [], count: 0 });
    const res = await t.api(fin).post('/api/finance/jurnal', journal());
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ message: 'Periode Pembukuan Aktif belum ada' }]);
  });

  it('refuses a non-finance role (403), an unbalanced saldo_awal and a missing start date (400), writing nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    expect((await t.api(admin).post('/api/finance/periode', { start_date: '2026-01-01' })).status).toBe(403);
    expect((await t.api(investor).post('/api/finance/periode', { start_date: '2026-01-01' })).status).toBe(403);
    const missing = await t.api(fin).post('/api/finance/periode', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual([{ message: 'Wajib diisi', field: 'start_date' }]);
    const unbalanced = await t.api(fin).post('/api/finance/periode', {
      start_date: '2026-01-01',
      saldo_awal: JSON.stringify([{ akun: ACCOUNT.kas, debit: 500, credit: 0 }]),
    });
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body[0].message).toMatch(/^Saldo awal tidak seimbang/);
    const header = await t.api(fin).post('/api/finance/periode', {
      start_date: '2026-01-01',
      saldo_awal: [
        { akun: '1000', debit: 500, credit: 0 },
        { akun: ACCOUNT.modalDisetor, debit: 0, credit: 500 },
      ],
    });
    expect(header.status).toBe(400);
    expect(header.body[0].message).toMatch(/Saldo awal baris 1: akun 1000 ASET adalah akun header/);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('creates the first period with saldo_awal (posted as the opening journal the day before) and lists it as active', async () => {
    const res = await t.api(fin).post('/api/finance/periode', {
      start_date: '2026-01-01',
      saldo_awal: JSON.stringify([
        { akun: ACCOUNT.kas, debit: 2_000_000, credit: 0 },
        { akun: ACCOUNT.bank, debit: 3_000_000, credit: 0 },
        { akun: ACCOUNT.modalDisetor, debit: 0, credit: 5_000_000 },
        { akun: ACCOUNT.hutangUsaha, debit: 0, credit: 0 },
      ]),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      profile_id: branchA,
      start_date: '2026-01-01',
      status: 0,
      statusname: 'Aktif',
    });
    expect(res.body.data.saldo_awal).toHaveLength(3);
    periodeA = res.body.data.id;
    const active = await t.api(fin).get('/api/finance/periode?status=0');
    expect(active.body.count).toBe(1);
    expect(active.body.data[0].id).toBe(periodeA);
    const opening = await t.api(fin).get('/api/finance/jurnal?from=2025-12-31&to=2025-12-31');
    expect(opening.body.count).toBe(1);
    expect(opening.body.data[0]).toMatchObject({ kind: 'opening', transaction_at: '2025-12-31', total: 5_000_000 });
    // Balances at the start of the period: the opening balances.
    const akun = await t.api(fin).get('/api/finance/akun?fromdate=2026-01-01&istypegroup=0');
    expect(akun.status).toBe(200);
    const kas = akun.body.data.find((a: { code: string }) => a.code === ACCOUNT.kas);
    expect(kas).toMatchObject({
      code: '1101',
      name: 'Kas',
      categoryname: 'Aset',
      isheader: false,
      debit: 2_000_000,
      credit: 0,
    });
    expect(akun.body.data.every((a: { isheader: boolean }) => !a.isheader)).toBe(true);
    const groups = await t.api(fin).get('/api/finance/akun?fromdate=2026-01-01&istypegroup=1');
    expect(groups.body.data.find((a: { code: string }) => a.code === '1000')).toMatchObject({
      isheader: true,
      debit: 5_000_000,
    });
    expect(groups.body.data.find((a: { code: string }) => a.code === '3000')).toMatchObject({ credit: 5_000_000 });
  });

  it('refuses a second active period with 409 and the spec message', async () => {
    const res = await t.api(fin).post('/api/finance/periode', { start_date: '2026-02-01' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual([{ message: 'Tidak dapat membuat periode baru karena Masih ada Periode keuangan aktif' }]);
  });

  it('keeps branches apart: another branch has its own period; other branch periods are 403/404', async () => {
    expect((await t.api(finB).get('/api/finance/periode?status=0')).body.count).toBe(0);
    expect((await t.api(finB).get(`/api/finance/periode/${periodeA}`)).status).toBe(404);
    // One rule for every module (docs/decisions.md, issue 9): another branch named by a non-top-level user is
    // ignored (the current branch is answered), as users, branches and attendance lists always did.
    const named = await t.api(finB).get(`/api/finance/periode?profile_id=${branchA}`);
    expect(named.status).toBe(200);
    expect(named.body.data.some((p: { id: number }) => p.id === periodeA)).toBe(false);
    expect((await t.api(finB).post(`/api/finance/periode/${periodeA}/close`, {})).status).toBe(404);
    const all = await t.api(owner).get('/api/finance/periode?isallbranch=1');
    expect(all.body.data.some((p: { profile_id: number }) => p.profile_id === branchA)).toBe(true);
  });
});

describe('general journal: POST /api/finance/jurnal', () => {
  it('posts a balanced journal with automatic numbering and answers the target', async () => {
    const res = await t.api(fin).post('/api/finance/jurnal', journal({ details: JSON.stringify(journal().details) }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      transaction_at: '2026-01-10',
      memo: 'Setoran modal',
      total: 10_000_000,
      kind: 'umum',
      target: '/finance/laporan/jurnal',
    });
    expect(res.body.data.code).toMatch(new RegExp(`^JU/${String(branchA).padStart(2, '0')}/202601/\\d{4}$`));
    expect(res.body.data.details).toEqual([
      { akun_id: await akunId('1101'), akun: '1101', akunname: 'Kas', description: null, debit: 10_000_000, credit: 0 },
      {
        akun_id: await akunId('3101'),
        akun: '3101',
        akunname: 'Modal Disetor',
        description: null,
        debit: 0,
        credit: 10_000_000,
      },
    ]);
  });

  it('accepts account ids (numbers) as well as codes, sen amounts and a manual code', async () => {
    const res = await t.api(mgr).post(
      '/api/finance/jurnal',
      journal({
        code: 'MAN-1',
        details: [line(await akunId('6103'), 1_250_000.5, 0, 'Sewa'), line('1102', 0, 1_250_000.5)],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.code).toBe('MAN-1');
    expect(res.body.data.total).toBe(1_250_000.5);
  });

  it('refuses bad journals with 400 and Indonesian messages, writing nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        journal({ details: [line('1101', 100, 0), line('4101', 0, 99)] }),
        /Jurnal tidak seimbang: total debit Rp100 tidak sama dengan total kredit Rp99/,
      ],
      [journal({ details: [] }), /Detail jurnal wajib diisi/],
      [journal({ details: [line('1101', 0, 0), line('4101', 0, 0)] }), /Baris 1: debit atau kredit wajib diisi/],
      [journal({ details: [line('1101', 100, 100), line('4101', 0, 0)] }), /tidak keduanya/],
      [journal({ details: [line('1101', -100, 0), line('4101', -100, 0)] }), /tidak boleh negatif/],
      [journal({ details: [line('1100', 100, 0), line('4101', 0, 100)] }), /akun header/],
      [journal({ details: [line('8888', 100, 0), line('4101', 0, 100)] }), /akun tidak ditemukan/],
      [journal({ transaction_at: '2025-12-31' }), /di luar periode pembukuan aktif/],
      [journal({ transaction_at: '31-12-2026' }), /Tanggal tidak valid/],
      [journal({ code: 'MAN-1' }), /Kode jurnal MAN-1 sudah dipakai/],
      [journal({ code: 'JU/01/202601/0099' }), /penomoran otomatis/],
      [journal({ details: 'bukan json' }), /Detail jurnal tidak valid/],
      [journal({ details: [{ debit: 5, credit: 0 }] }), /Akun wajib dipilih|Wajib diisi/],
    ];
    for (const [body, re] of cases) {
      const res = await t.api(fin).post('/api/finance/jurnal', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.map((i: { message: string }) => i.message).join(' ')).toMatch(re);
    }
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('refuses an inactive account', async () => {
    const id = await akunId('6106');
    expect((await t.api(fin).put(`/api/finance/akun/${id}`, { status: 0 })).status).toBe(200);
    const res = await t
      .api(fin)
      .post('/api/finance/jurnal', journal({ details: [line('6106', 5, 0), line('1101', 0, 5)] }));
    expect(res.status).toBe(400);
    expect(res.body[0].message).toMatch(/Baris 1: akun 6106 Beban Pemasaran tidak aktif/);
    expect((await t.api(fin).put(`/api/finance/akun/${id}`, { status: 1 })).status).toBe(200);
  });

  it('refuses roles without FINANCE_LAPORAN manage (403) and lets the investor read', async () => {
    expect((await t.api(admin).post('/api/finance/jurnal', journal())).status).toBe(403);
    expect((await t.api(investor).post('/api/finance/jurnal', journal())).status).toBe(403);
    expect((await t.api(admin).get('/api/finance/jurnal')).status).toBe(403);
    expect((await t.api(admin).get('/api/finance/akun')).status).toBe(403);
    expect((await t.api(admin).get('/api/finance/laporan/trialbalance')).status).toBe(403);
    expect((await t.api(investor).get('/api/finance/jurnal')).status).toBe(200);
    expect((await t.api(null).get('/api/finance/jurnal')).status).toBe(401);
  });

  it('numbers 30 automatic journals in a row without duplicates or gaps', async () => {
    // One after another here; the concurrent version runs on PostgreSQL (concurrency.pg.test.ts).
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await t.api(fin).post(
        '/api/finance/jurnal',
        journal({
          transaction_at: '2026-02-14',
          memo: `c${i}`,
          details: [line('1101', 1000 + i, 0), line('4101', 0, 1000 + i)],
        }),
      );
      expect(r.status).toBe(201);
      codes.push(String(r.body.data.code));
    }
    const nums = codes.map((c) => Number(c.split('/')[3]));
    expect(nums).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('lists journals with search, pagination and lines; another branch sees none of them', async () => {
    const page = await t.api(fin).get('/api/finance/jurnal?from=2026-02-14&to=2026-02-14&limit=8&page=2');
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(30);
    expect(page.body.data).toHaveLength(8);
    expect(page.body.data[0].details).toHaveLength(2);
    const search = await t.api(fin).get('/api/finance/jurnal?keyword=c17');
    expect(search.body.count).toBe(1);
    expect(search.body.data[0].memo).toBe('c17');
    const other = await t.api(finB).get('/api/finance/jurnal');
    expect(other.body.count).toBe(0);
    const id = page.body.data[0].id;
    expect((await t.api(finB).get(`/api/finance/jurnal/${id}`)).status).toBe(404);
    // Another branch named by a non-top-level user is ignored: the current branch (none of A's journals).
    const named = await t.api(finB).get(`/api/finance/jurnal?profile_id=${branchA}`);
    expect(named.status).toBe(200);
    expect(named.body.count).toBe(0);
    expect((await t.api(owner).get(`/api/finance/jurnal?profile_id=${branchA}&keyword=c17`)).body.count).toBe(1);
  });
});

describe('reversal: POST /api/finance/jurnal/:id/reverse', () => {
  it('creates the reversing journal once; the original stays', async () => {
    const orig = await t.api(fin).post(
      '/api/finance/jurnal',
      journal({
        transaction_at: '2026-03-01',
        memo: 'Salah input',
        details: [line('6104', 400_000, 0), line('1101', 0, 400_000)],
      }),
    );
    const id = orig.body.data.id;
    const before = await countRows(t.db, 'jurnal');
    expect((await t.api(finB).post(`/api/finance/jurnal/${id}/reverse`, {})).status).toBe(404);
    expect((await t.api(investor).post(`/api/finance/jurnal/${id}/reverse`, {})).status).toBe(403);
    expect(await countRows(t.db, 'jurnal')).toEqual(before);
    const rev = await t.api(fin).post(`/api/finance/jurnal/${id}/reverse`, { transaction_at: '2026-03-02' });
    expect(rev.status).toBe(201);
    expect(rev.body.data).toMatchObject({
      kind: 'reversal',
      reversal_of: id,
      transaction_at: '2026-03-02',
      memo: `Pembatalan ${orig.body.data.code}: Salah input`,
    });
    expect(
      rev.body.data.details.map((d: { akun: string; debit: number; credit: number }) => [d.akun, d.debit, d.credit]),
    ).toEqual([
      ['6104', 0, 400_000],
      ['1101', 400_000, 0],
    ]);
    const again = await t.api(fin).post(`/api/finance/jurnal/${id}/reverse`, {});
    expect(again.status).toBe(400);
    expect(again.body).toEqual([{ message: 'Jurnal ini sudah dibatalkan' }]);
    const reversed = await t.api(fin).get(`/api/finance/jurnal/${id}`);
    expect(reversed.body.data.reversed_by).toBe(rev.body.data.id);
    const revRev = await t.api(fin).post(`/api/finance/jurnal/${rev.body.data.id}/reverse`, {});
    expect(revRev.status).toBe(400);
  });

  it('refuses to reverse an automatic journal (till, stock, packages, payroll), in the service and in the database', async () => {
    const auto = await postJournal(t.ctx(fin), {
      transaction_at: '2026-03-03',
      memo: 'Penyerahan resep RSP/1 (APT/1)',
      source_type: 'stock_dispense',
      source_id: 'dispensing:424242',
      lines: [
        { akun: ACCOUNT.hpp, debit: asSen(50_000), credit: asSen(0) },
        { akun: ACCOUNT.persediaan, debit: asSen(0), credit: asSen(50_000) },
      ],
    });
    const shown = await t.api(fin).get(`/api/finance/jurnal/${auto.id}`);
    expect(shown.body.data.source).toEqual({ label: 'Penyerahan resep', code: null, href: '/inventory/sales/resep' });
    const manual = await t.api(fin).get('/api/finance/jurnal?keyword=Salah%20input');
    expect(manual.body.data[0].source).toBeNull();
    const before = await countRows(t.db, 'jurnal', 'jurnal_detail');
    const res = await t.api(fin).post(`/api/finance/jurnal/${auto.id}/reverse`, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {
        message: 'Jurnal otomatis tidak dapat dibatalkan dari laporan jurnal: batalkan atau koreksi dokumen sumbernya',
      },
    ]);
    const refused = await t.db
      .execute(
        sql`insert into jurnal (profile_id, periode_id, code, transaction_at, kind, source_type, source_id, reversal_of, total, line_count)
            select profile_id, periode_id, 'X-REV', transaction_at, 'reversal', source_type, source_id, id, total, line_count
            from jurnal where id = ${auto.id}`,
      )
      .then(
        () => null,
        (e: { cause?: { message?: string } }) => e.cause?.message,
      );
    expect(refused).toMatch(/Jurnal otomatis tidak dapat dibatalkan/);
    expect(await countRows(t.db, 'jurnal', 'jurnal_detail')).toEqual(before);
  });
});

describe('chart of accounts: /api/finance/akun', () => {
  it('has the fixed codes of the default chart', async () => {
    const res = await t.api(fin).get('/api/finance/akun');
    const codes = new Set(res.body.data.map((a: { code: string }) => a.code));
    for (const code of Object.values(ACCOUNT)) expect(codes.has(code), code).toBe(true);
    const kas = res.body.data.find((a: { code: string }) => a.code === '1101');
    expect(kas).toMatchObject({ parentcode: '1100', normal: 'D', hasposting: true });
  });

  it('creates, edits, deactivates and deletes an unused account; refuses deleting one with postings', async () => {
    const parent = await akunId('1100');
    const created = await t.api(fin).post('/api/finance/akun', {
      code: '1104',
      name: 'Bank Mandiri Cabang A',
      category: 1,
      parent_id: parent,
      profile_id: branchA,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      code: '1104',
      normal: 'D',
      isheader: false,
      status: 1,
      categoryname: 'Aset',
      profile_id: branchA,
    });
    const id = created.body.data.id;
    const dup = await t.api(fin).post('/api/finance/akun', { code: '1104', name: 'Lagi', category: 1 });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual([{ message: 'Kode akun 1104 sudah dipakai', field: 'code' }]);
    const wrongCat = await t
      .api(fin)
      .post('/api/finance/akun', { code: '1105', name: 'X', category: 2, parent_id: parent });
    expect(wrongCat.status).toBe(400);
    expect(wrongCat.body[0].message).toMatch(/Kategori akun harus sama/);
    expect((await t.api(fin).put(`/api/finance/akun/${id}`, { name: 'Bank Mandiri' })).body.data.name).toBe(
      'Bank Mandiri',
    );
    // Branch B neither sees nor posts to branch A's own account.
    const seenByB = await t.api(finB).get('/api/finance/akun');
    expect(seenByB.body.data.some((a: { code: string }) => a.code === '1104')).toBe(false);
    expect((await t.api(finB).put(`/api/finance/akun/${id}`, { name: 'Diambil' })).status).toBe(404);
    expect((await t.api(admin).post('/api/finance/akun', { code: '1106', name: 'X', category: 1 })).status).toBe(403);
    const kas = await akunId('1101');
    const del = await t.api(fin).delete(`/api/finance/akun/${kas}`);
    expect(del.status).toBe(400);
    expect(del.body[0].message).toMatch(/sudah memiliki transaksi tidak dapat dihapus/);
    const recode = await t.api(fin).put(`/api/finance/akun/${kas}`, { code: '1199' });
    expect(recode.status).toBe(400);
    expect((await t.api(fin).delete(`/api/finance/akun/${id}`)).status).toBe(200);
    expect((await t.api(fin).get('/api/finance/akun?keyword=mandiri')).body.count).toBe(0);
  });
});

describe('closing the period', () => {
  it('moves the profit to retained earnings, fixes the closing balances and locks the period', async () => {
    const pl = await t.api(fin).get('/api/finance/laporan/labarugi?from=2026-01-01&to=2026-03-31');
    const profit = pl.body.data.net_profit as number;
    expect(profit).not.toBe(0);
    expect(
      (await t.api(investor).post(`/api/finance/periode/${periodeA}/close`, { end_date: '2026-03-31' })).status,
    ).toBe(403);
    const early = await t.api(fin).post(`/api/finance/periode/${periodeA}/close`, { end_date: '2026-02-28' });
    expect(early.status).toBe(400);
    expect(early.body[0].message).toMatch(/Masih ada jurnal setelah tanggal tutup/);
    const res = await t.api(fin).post(`/api/finance/periode/${periodeA}/close`, { end_date: '2026-03-31' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 1, end_date: '2026-03-31', statusname: 'Ditutup' });
    const closing = await t.api(fin).get('/api/finance/jurnal?from=2026-03-31&to=2026-03-31');
    const tp = closing.body.data.find((j: { kind: string }) => j.kind === 'closing');
    expect(tp.details.find((d: { akun: string }) => d.akun === ACCOUNT.labaDitahan)).toMatchObject(
      profit > 0 ? { credit: profit } : { debit: -profit },
    );
    const saldo = res.body.data.saldo_akhir as { code: string; debit: number; credit: number }[];
    expect(saldo.some((s) => s.code.startsWith('4') || s.code.startsWith('5') || s.code.startsWith('6'))).toBe(false);
    expect(saldo.reduce((s, x) => s + x.debit - x.credit, 0)).toBeCloseTo(0, 6);
    // P&L of the period is unchanged by the closing journal; the balance sheet still balances.
    expect(
      (await t.api(fin).get('/api/finance/laporan/labarugi?from=2026-01-01&to=2026-03-31')).body.data.net_profit,
    ).toBe(profit);
    const bs = await t.api(fin).get('/api/finance/laporan/neraca?to=2026-03-31');
    expect(bs.body.data.current_earnings).toBe(0);
    expect(bs.body.data.total_assets).toBe(bs.body.data.total_liabilities_equity);
    // Locked: no journal into it, no second close, no reversal of its journals without an active period.
    const post = await t.api(fin).post('/api/finance/jurnal', journal({ transaction_at: '2026-03-15' }));
    expect(post.status).toBe(400);
    expect(post.body).toEqual([{ message: 'Periode Pembukuan Aktif belum ada' }]);
    expect((await t.api(fin).post(`/api/finance/periode/${periodeA}/close`, {})).status).toBe(400);
  });

  it('opens the next period with the closing balances and refuses a start inside the closed one', async () => {
    const inside = await t.api(fin).post('/api/finance/periode', { start_date: '2026-03-31' });
    expect(inside.status).toBe(400);
    expect(inside.body[0].message).toMatch(/Tanggal mulai harus setelah akhir periode sebelumnya/);
    const wrong = await t.api(fin).post('/api/finance/periode', {
      start_date: '2026-04-01',
      saldo_awal: [
        { akun: ACCOUNT.kas, debit: 1, credit: 0 },
        { akun: ACCOUNT.modalDisetor, debit: 0, credit: 1 },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body[0].message).toBe('Saldo awal harus sama dengan saldo akhir periode sebelumnya');
    const prior = await t.api(fin).get('/api/finance/akun?fromdate=2026-04-01&istypegroup=0');
    const saldo = prior.body.data
      .filter((a: { debit: number; credit: number }) => a.debit || a.credit)
      .map((a: { code: string; debit: number; credit: number }) => ({
        akun: a.code,
        debit: a.debit,
        credit: a.credit,
      }));
    const res = await t
      .api(fin)
      .post('/api/finance/periode', { start_date: '2026-04-01', saldo_awal: JSON.stringify(saldo) });
    expect(res.status).toBe(201);
    const closed = await t.api(fin).get(`/api/finance/periode/${periodeA}`);
    const byCode = (rows: { code: string; debit: number; credit: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.code, [r.debit, r.credit]]));
    expect(byCode(res.body.data.saldo_awal)).toEqual(byCode(closed.body.data.saldo_akhir));
    // The closed period's journals cannot be reversed into it; the reversal goes into the new period.
    const old = await t.api(fin).get('/api/finance/jurnal?keyword=Setoran%20modal&from=2026-01-10&to=2026-01-10');
    const r1 = await t
      .api(fin)
      .post(`/api/finance/jurnal/${old.body.data[0].id}/reverse`, { transaction_at: '2026-03-20' });
    expect(r1.status).toBe(400);
    const r2 = await t
      .api(fin)
      .post(`/api/finance/jurnal/${old.body.data[0].id}/reverse`, { transaction_at: '2026-04-02' });
    expect(r2.status).toBe(201);
  });
});
