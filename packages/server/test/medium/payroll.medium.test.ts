/**
 * Payroll (medium test, issue 27 item 8): the PPh 21 computation of the payroll (`simulatePph21`, the same rules a
 * payroll run applies) called with a request's `Ctx`, without Fastify: monthly TER, the December recomputation, a
 * part-year refund and the Pasal 17 rates of a non-employee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pph21SimInput } from '@klinik/shared';
import { simulatePph21 } from '../../src/modules/attendance/index.js';
import { mediumDb, type MediumDb, type MediumUser } from './helpers.js';

let m: MediumDb;
let finance: MediumUser;

const months = (from: number, to: number, bruto: number, extra: Record<number, number> = {}) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ month: from + i, bruto: bruto + (extra[from + i] ?? 0) }));
const simulate = (input: unknown) => simulatePph21(m.ctxFor(finance), pph21SimInput.parse(input));

beforeAll(async () => {
  m = await mediumDb();
  finance = await m.makeUser('finance', await m.makeBranch());
  m.setNow('2026-11-23T02:00:00Z');
});
afterAll(() => m?.close());

describe('PPh 21 of the payroll (medium)', () => {
  it('monthly TER for January to November and the December recomputation (Tuan B, K/1)', () => {
    const d = simulate({
      ptkp: 'K/1',
      employment: 'tetap',
      year: 2025,
      months: months(1, 12, 10_000_000, { 1: 5_000_000, 10: 2_000_000, 11: 2_000_000, 12: 2_000_000 }),
    });
    expect(d.months[0]).toEqual({ month: 1, bruto: 15_000_000, category: 'B', rate: 6, pph21: 900_000 });
    expect(d.months[1]).toEqual({ month: 2, bruto: 10_000_000, category: 'B', rate: 1.5, pph21: 150_000 });
    expect(d.last).toMatchObject({ bruto_setahun: 131_000_000, pkp: 62_000_000, dipotong: 2_820_000, pph21: 480_000 });
    expect(d.total_pph21).toBe(3_300_000);
  });

  it('a part-year employee leaving in June gets a refund (negative pph21)', () => {
    const d = simulate({ ptkp: 'TK/0', employment: 'tetap', months: months(1, 6, 7_400_000, { 3: 7_400_000 }) });
    expect(d.last).toMatchObject({ month: 6, bulan_kerja: 6, pkp: 0, dipotong: 1_258_000, pph21: -1_258_000 });
  });

  it('bukan pegawai: 50% of each payment at Pasal 17 rates, not cumulative (PMK 168/2023)', () => {
    const d = simulate({ ptkp: 'TK/0', employment: 'bukan_pegawai', months: months(1, 5, 25_000_000) });
    expect(d.last).toBeNull();
    expect(d.months.map((x) => [x.category, x.rate, x.pph21])).toEqual([
      [null, 5, 625_000],
      [null, 5, 625_000],
      [null, 5, 625_000],
      [null, 5, 625_000],
      [null, 5, 625_000],
    ]);
  });
});
