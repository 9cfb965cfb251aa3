import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let mgr: TestUser;
let fin: TestUser;
let perawat: TestUser;
let hr: TestUser;

const URL = '/api/attendance/payroll/pph21';
const months = (from: number, to: number, bruto: number, extra: Record<number, number> = {}) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ month: from + i, bruto: bruto + (extra[from + i] ?? 0) }));

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch({ name: 'Cabang Sim' });
  mgr = await t.makeUser('manager', { branchId: branch });
  fin = await t.makeUser('finance', { branchId: branch });
  perawat = await t.makeUser('perawat', { branchId: branch });
  hr = await t.makeUser('perawat', { branchId: branch, toplevel: 'managerhr' });
});
afterAll(() => t.close());

describe('POST /api/attendance/payroll/pph21', () => {
  it('monthly TER for January to November and the December recomputation (Tuan B, K/1)', async () => {
    const res = await t.api(fin).post(URL, {
      ptkp: 'K/1',
      employment: 'tetap',
      year: 2025,
      months: months(1, 12, 10_000_000, { 1: 5_000_000, 10: 2_000_000, 11: 2_000_000, 12: 2_000_000 }),
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.months[0]).toEqual({ month: 1, bruto: 15_000_000, category: 'B', rate: 6, pph21: 900_000 });
    expect(d.months[1]).toEqual({ month: 2, bruto: 10_000_000, category: 'B', rate: 1.5, pph21: 150_000 });
    expect(d.months[9]).toEqual({ month: 10, bruto: 12_000_000, category: 'B', rate: 3, pph21: 360_000 });
    expect(d.months[11].pph21).toBe(480_000);
    expect(d.last).toMatchObject({
      bruto_setahun: 131_000_000,
      biaya_jabatan: 6_000_000,
      ptkp: 63_000_000,
      pkp: 62_000_000,
      pph_setahun: 3_300_000,
      dipotong: 2_820_000,
      pph21: 480_000,
    });
    expect(d.total_pph21).toBe(3_300_000);
  });

  it('a part-year employee leaving in June gets a refund (negative pph21)', async () => {
    const res = await t.api(mgr).post(URL, {
      ptkp: 'TK/0',
      employment: 'tetap',
      months: months(1, 6, 7_400_000, { 3: 7_400_000 }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.last).toMatchObject({
      month: 6,
      bulan_kerja: 6,
      pkp: 0,
      dipotong: 1_258_000,
      pph21: -1_258_000,
    });
  });

  it('start_month counts the months for biaya jabatan', async () => {
    const res = await t.api(mgr).post(URL, {
      ptkp: 'TK/0',
      employment: 'tetap',
      start_month: 10,
      months: months(10, 12, 30_000_000),
    });
    expect(res.body.data.last).toMatchObject({ bulan_kerja: 3, biaya_jabatan: 1_500_000, pph21: -5_475_000 });
  });

  it('bukan pegawai: 50% of each payment at Pasal 17 rates, not cumulative (PMK 168/2023)', async () => {
    const res = await t.api(mgr).post(URL, {
      ptkp: 'TK/0',
      employment: 'bukan_pegawai',
      months: months(1, 5, 25_000_000),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.last).toBeNull();
    expect(
      res.body.data.months.map((m: { pph21: number; rate: number; category: unknown }) => [
        m.category,
        m.rate,
        m.pph21,
      ]),
    ).toEqual([
      [null, 5, 625_000],
      [null, 5, 625_000],
      [null, 5, 625_000],
      [null, 5, 625_000],
      [null, 5, 625_000],
    ]);
  });

  it('the tRPC twin answers the same', async () => {
    const input = { ptkp: 'TK/0' as const, employment: 'tetap' as const, months: months(1, 12, 8_000_000) };
    const viaTrpc = await t.trpc(fin).attendance.payroll.pph21(input);
    const viaRest = await t.api(fin).post(URL, input);
    expect(viaTrpc).toEqual(viaRest.body.data);
    expect(viaTrpc.last?.pph21).toBe(540_000);
  });

  it('bad input: 400 with Indonesian messages per field', async () => {
    const res = await t.api(mgr).post(URL, {
      ptkp: 'K/4',
      employment: 'freelance',
      start_month: 13,
      months: [
        { month: 1, bruto: -5 },
        { month: 1, bruto: 'abc' },
      ],
    });
    expect(res.status).toBe(400);
    const fields = res.body.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['ptkp', 'employment', 'start_month', 'months.0.bruto', 'months.1.bruto']),
    );
    expect(res.body.find((e: { field: string }) => e.field === 'ptkp').message).toMatch(/Status PTKP/);
    expect(res.body.find((e: { field: string }) => e.field === 'months.0.bruto').message).toBe('Tidak boleh negatif');

    const dup = await t.api(mgr).post(URL, {
      ptkp: 'TK/0',
      employment: 'tetap',
      months: [
        { month: 2, bruto: 1 },
        { month: 2, bruto: 1 },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body[0]).toEqual({ message: 'Bulan 2 diisi lebih dari sekali', field: 'months.1.month' });

    const empty = await t.api(mgr).post(URL, { ptkp: 'TK/0', employment: 'tetap', months: [] });
    expect(empty.status).toBe(400);
    expect(empty.body[0].message).toBe('Isi penghasilan minimal satu bulan');

    const late = await t.api(mgr).post(URL, {
      ptkp: 'TK/0',
      employment: 'tetap',
      start_month: 5,
      months: [{ month: 3, bruto: 1 }],
    });
    expect(late.status).toBe(400);
    expect(late.body[0].field).toBe('start_month');
  });

  it('refuses roles outside payroll (403) and anonymous callers (401); manager HR may use it', async () => {
    const body = { ptkp: 'TK/0', employment: 'tetap', months: months(1, 1, 8_000_000) };
    expect((await t.api(perawat).post(URL, body)).status).toBe(403);
    expect((await t.api(null).post(URL, body)).status).toBe(401);
    expect((await t.api(hr).post(URL, body)).status).toBe(200);
  });
});
