import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asSen, fromSen } from '../money.js';
import {
  TER_PP58_2023,
  computeBpjs,
  DEFAULT_PAYROLL_SETTINGS,
  pasal17,
  pph21Annual,
  pph21BukanPegawai,
  hasValidTaxId,
  pph21Harian,
  pph21Ter,
  pph21Year,
  settingsAt,
  taxRulesFor,
  terRateBp,
  PTKP_STATUSES,
  type PtkpStatus,
} from './index.js';

const R = taxRulesFor(2026);
const rp = (n: number) => Math.round(n * 100); // rupiah -> sen

describe('TER tables (PP 58/2023)', () => {
  it('the TypeScript table equals the shipped CSV row for row', () => {
    const csv = readFileSync(new URL('./ter_pp58_2023.csv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    expect(csv).toHaveLength(125);
    const fromCsv: Record<string, [number, number | null, number][]> = { A: [], B: [], C: [] };
    for (const line of csv) {
      const [k, , lo, hi, rate] = line.split(',');
      fromCsv[k].push([Number(lo), hi === '' ? null : Number(hi), Math.round(Number(rate) * 100)]);
    }
    expect(TER_PP58_2023.A).toHaveLength(44);
    expect(TER_PP58_2023.B).toHaveLength(40);
    expect(TER_PP58_2023.C).toHaveLength(41);
    expect(TER_PP58_2023).toEqual(fromCsv);
  });

  it('each table is contiguous from 0, rising, and open-ended at the top', () => {
    for (const k of ['A', 'B', 'C'] as const) {
      const rows = TER_PP58_2023[k];
      expect(rows[0][0]).toBe(0);
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i][0]).toBe(rows[i - 1][1]);
        expect(rows[i][2]).toBeGreaterThan(rows[i - 1][2]);
      }
      expect(rows[rows.length - 1][1]).toBeNull();
    }
  });

  it('row C-30 is 83.200.000 to 95.600.000 at 23%', () => {
    expect(TER_PP58_2023.C[29]).toEqual([83_200_000, 95_600_000, 2300]);
  });

  it('categories by PTKP: TK/0, TK/1, K/0 -> A; TK/2, TK/3, K/1, K/2 -> B; K/3 -> C', () => {
    const want: Record<PtkpStatus, string> = {
      'TK/0': 'A',
      'TK/1': 'A',
      'K/0': 'A',
      'TK/2': 'B',
      'TK/3': 'B',
      'K/1': 'B',
      'K/2': 'B',
      'K/3': 'C',
    };
    for (const s of PTKP_STATUSES) expect(pph21Ter(rp(1), s, R).category).toBe(want[s]);
  });

  it('lower bound exclusive, upper bound inclusive', () => {
    expect(terRateBp('A', rp(5_400_000), R)).toBe(0);
    expect(terRateBp('A', rp(5_400_000.01), R)).toBe(25);
    expect(terRateBp('A', rp(8_550_000), R)).toBe(150);
    expect(terRateBp('A', rp(8_550_001), R)).toBe(175);
    expect(terRateBp('A', rp(1_400_000_000), R)).toBe(3300);
    expect(terRateBp('A', rp(1_400_000_000.01), R)).toBe(3400);
    expect(terRateBp('A', 0, R)).toBe(0);
    expect(terRateBp('C', rp(95_600_000), R)).toBe(2300);
    expect(terRateBp('C', rp(95_600_001), R)).toBe(2400);
  });
});

describe('monthly TER examples of PMK 10/2025 and PMK 72/2025', () => {
  const cases: [string, PtkpStatus, number, number, number][] = [
    ['PMK 10/2025 Tuan A', 'TK/0', 8_000_000, 150, 120_000],
    ['PMK 10/2025 Tuan B January (salary + bonus)', 'K/1', 15_000_000, 600, 900_000],
    ['PMK 10/2025 Tuan B February', 'K/1', 10_000_000, 150, 150_000],
    ['PMK 10/2025 Tuan B October (raise)', 'K/1', 12_000_000, 300, 360_000],
    ['PMK 10/2025 Tuan C March', 'TK/0', 9_000_000, 175, 157_500],
    ['PMK 10/2025 Tuan C October (bonus)', 'TK/0', 14_000_000, 600, 840_000],
    ['PMK 72/2025 Tuan F', 'TK/0', 7_400_000, 125, 92_500],
    ['PMK 72/2025 Tuan F March (THR)', 'TK/0', 14_800_000, 600, 888_000],
    ['PMK 72/2025 Tuan G April (bonus)', 'TK/0', 16_000_000, 700, 1_120_000],
    ['PMK 72/2025 Tuan H', 'K/3', 9_000_000, 125, 112_500],
    ['PMK 72/2025 Tuan H March (two months bonus)', 'K/3', 27_000_000, 1000, 2_700_000],
  ];
  it.each(cases)('%s', (_name, ptkp, bruto, rateBp, pph) => {
    const r = pph21Ter(rp(bruto), ptkp, R);
    expect(r.rateBp).toBe(rateBp);
    expect(r.pph21).toBe(rp(pph));
  });

  it('a fraction of a rupiah is rounded down', () => {
    // 5.432.123 x 0,25% = 13.580,3075 -> 13.580
    expect(pph21Ter(rp(5_432_123), 'TK/0', R).pph21).toBe(rp(13_580));
  });

  it('PMK 10/2025 Tuan E, daily-paid: 500.000 a day at 0,5% = 2.500', () => {
    expect(pph21Harian(rp(500_000), R)).toEqual({ rateBp: 50, pph21: rp(2_500) });
    expect(pph21Harian(rp(450_000), R)).toEqual({ rateBp: 0, pph21: 0 });
    expect(pph21Harian(rp(2_500_000), R).pph21).toBe(rp(12_500));
    // above 2.500.000: Pasal 17 on 50%: 3.000.000 -> 1.500.000 x 5%
    expect(pph21Harian(rp(3_000_000), R).pph21).toBe(rp(75_000));
  });
});

describe('Pasal 17 (UU HPP)', () => {
  it('layers 5/15/25/30/35%', () => {
    expect(pasal17(rp(60_000_000), R)).toBe(rp(3_000_000));
    expect(pasal17(rp(250_000_000), R)).toBe(rp(3_000_000 + 28_500_000));
    expect(pasal17(rp(500_000_000), R)).toBe(rp(31_500_000 + 62_500_000));
    expect(pasal17(rp(5_000_000_000), R)).toBe(rp(94_000_000 + 1_350_000_000));
    expect(pasal17(rp(6_000_000_000), R)).toBe(rp(1_444_000_000 + 350_000_000));
    expect(pasal17(0, R)).toBe(0);
    expect(pasal17(rp(-5), R)).toBe(0);
  });
});

/** Months 1..12 of a permanent employee, with per-month gross overrides. */
function year(ptkp: PtkpStatus, monthly: number, extra: Record<number, number> = {}, months = [1, 12]) {
  const list = [];
  for (let m = months[0]; m <= months[1]; m++) list.push({ month: m, bruto: rp(monthly + (extra[m] ?? 0)) });
  return list;
}

describe('last tax period: annual recomputation (Pasal 17, biaya jabatan, PTKP)', () => {
  it('Tuan A, TK/0, 8.000.000 a month: December 540.000', () => {
    const r = pph21Year({ ptkp: 'TK/0', employment: 'tetap', months: year('TK/0', 8_000_000) }, R);
    expect(r.months.slice(0, 11).every((m) => m.pph21 === rp(120_000))).toBe(true);
    expect(r.last).toMatchObject({
      month: 12,
      monthsWorked: 12,
      brutoSetahun: rp(96_000_000),
      biayaJabatan: rp(4_800_000),
      neto: rp(91_200_000),
      ptkp: rp(54_000_000),
      pkp: rp(37_200_000),
      pphSetahun: rp(1_860_000),
      dipotong: rp(1_320_000),
      pph21: rp(540_000),
    });
    expect(r.months[11].pph21).toBe(rp(540_000));
  });

  it('Tuan B, K/1: January 15 M, February-September 10 M, October-December 12 M: biaya jabatan capped at 6 M', () => {
    const months = year('K/1', 10_000_000, { 1: 5_000_000, 10: 2_000_000, 11: 2_000_000, 12: 2_000_000 });
    const r = pph21Year({ ptkp: 'K/1', employment: 'tetap', months }, R);
    expect(r.months.map((m) => m.pph21 / 100).slice(0, 11)).toEqual([
      900_000, 150_000, 150_000, 150_000, 150_000, 150_000, 150_000, 150_000, 150_000, 360_000, 360_000,
    ]);
    expect(r.last).toMatchObject({
      brutoSetahun: rp(131_000_000),
      biayaJabatan: rp(6_000_000),
      neto: rp(125_000_000),
      ptkp: rp(63_000_000),
      pkp: rp(62_000_000),
      pphSetahun: rp(3_300_000),
      dipotong: rp(2_820_000),
      pph21: rp(480_000),
    });
  });

  it('Tuan C, TK/0, 9 M a month with a 5 M bonus in October: December 252.500', () => {
    const r = pph21Year({ ptkp: 'TK/0', employment: 'tetap', months: year('TK/0', 9_000_000, { 10: 5_000_000 }) }, R);
    expect(r.last).toMatchObject({
      brutoSetahun: rp(113_000_000),
      biayaJabatan: rp(5_650_000),
      pkp: rp(53_350_000),
      pphSetahun: rp(2_667_500),
      dipotong: rp(2_415_000),
      pph21: rp(252_500),
    });
  });

  it('Tuan H, K/3, 9 M a month with two months bonus in March: December is a refund of 1.425.000', () => {
    const r = pph21Year({ ptkp: 'K/3', employment: 'tetap', months: year('K/3', 9_000_000, { 3: 18_000_000 }) }, R);
    expect(r.last).toMatchObject({
      brutoSetahun: rp(126_000_000),
      biayaJabatan: rp(6_000_000),
      ptkp: rp(72_000_000),
      pkp: rp(48_000_000),
      pphSetahun: rp(2_400_000),
      dipotong: rp(3_825_000),
      pph21: rp(-1_425_000),
    });
  });

  it('Tuan F, TK/0, leaves in June after a THR in March: everything withheld is refunded', () => {
    const r = pph21Year(
      { ptkp: 'TK/0', employment: 'tetap', months: year('TK/0', 7_400_000, { 3: 7_400_000 }, [1, 6]) },
      R,
    );
    expect(r.last).toMatchObject({
      month: 6,
      monthsWorked: 6,
      brutoSetahun: rp(51_800_000),
      biayaJabatan: rp(2_590_000),
      neto: rp(49_210_000),
      pkp: 0,
      pphSetahun: 0,
      dipotong: rp(1_258_000),
      pph21: rp(-1_258_000),
    });
  });

  it('part-year employee joining in October: biaya jabatan capped at 3 x 500.000 (PMK 105/2025)', () => {
    const r = pph21Year(
      { ptkp: 'TK/0', employment: 'tetap', startMonth: 10, months: year('TK/0', 30_000_000, {}, [10, 12]) },
      R,
    );
    expect(r.months[0]).toMatchObject({ category: 'A', rateBp: 1200, pph21: rp(3_600_000) });
    expect(r.last).toMatchObject({
      monthsWorked: 3,
      brutoSetahun: rp(90_000_000),
      biayaJabatan: rp(1_500_000),
      neto: rp(88_500_000),
      pkp: rp(34_500_000),
      pphSetahun: rp(1_725_000),
      dipotong: rp(7_200_000),
      pph21: rp(-5_475_000),
    });
  });

  it('start month defaults to the first month given; an explicit earlier start counts the months from it', () => {
    const months = year('TK/0', 10_000_000, {}, [7, 12]);
    const r1 = pph21Year({ ptkp: 'TK/0', employment: 'tetap', months }, R);
    expect(r1.last).toMatchObject({ monthsWorked: 6, biayaJabatan: rp(3_000_000), pkp: rp(3_000_000) });
    expect(r1.last?.pph21).toBe(rp(150_000 - 5 * 200_000));
    const r2 = pph21Year({ ptkp: 'TK/0', employment: 'tetap', startMonth: 1, months }, R);
    expect(r2.last?.monthsWorked).toBe(12);
    expect(r2.last?.biayaJabatan).toBe(rp(3_000_000)); // 5% of 60 M, under the 6 M cap
  });

  it('employee JHT and JP reduce neto; PKP is rounded down to thousands', () => {
    const a = pph21Annual(
      { ptkp: 'TK/0', brutoSetahun: rp(100_000_500), iuranPensiun: rp(3_600_000), monthsWorked: 12, dipotong: 0 },
      R,
    );
    // neto = 100.000.500 - 5.000.025 - 3.600.000 = 91.400.475 -> PKP 37.400.475 -> 37.400.000
    expect(a.biayaJabatan).toBe(rp(5_000_025));
    expect(a.neto).toBe(rp(91_400_475));
    expect(a.pkp).toBe(rp(37_400_000));
    expect(a.pphSetahun).toBe(rp(1_870_000));
  });

  it('pegawai tidak tetap paid monthly: TER every month, no recomputation', () => {
    const r = pph21Year({ ptkp: 'TK/0', employment: 'tidak_tetap', months: year('TK/0', 8_000_000) }, R);
    expect(r.last).toBeNull();
    expect(r.months[11].pph21).toBe(rp(120_000));
  });

  it('refuses the same month twice and a start after the first income', () => {
    expect(() =>
      pph21Year(
        {
          ptkp: 'TK/0',
          employment: 'tetap',
          months: [
            { month: 1, bruto: 1 },
            { month: 1, bruto: 2 },
          ],
        },
        R,
      ),
    ).toThrow();
    expect(() =>
      pph21Year({ ptkp: 'TK/0', employment: 'tetap', startMonth: 5, months: [{ month: 3, bruto: 1 }] }, R),
    ).toThrow();
  });
});

describe('bukan pegawai per PMK 168/2023: Pasal 17 on 50% of each payment, not cumulative, no PTKP', () => {
  const withId = { nik: '3171011203900001', npwp: null };
  const noId = { nik: null, npwp: null };

  it("the design note's public example: a fee of Rp400.000.000 -> base 200 M -> Rp24.000.000", () => {
    expect(pph21BukanPegawai(rp(400_000_000), R, withId)).toEqual({
      dpp: rp(200_000_000),
      rateBp: 1500,
      surchargeBp: 0,
      pph21: rp(24_000_000),
    });
  });

  it('the clinic example: patients paid Rp30.000.000 of doctor fees -> Rp750.000 withheld, Rp23.250.000 paid', () => {
    const r = pph21BukanPegawai(rp(30_000_000), R, withId);
    expect(r.dpp).toBe(rp(15_000_000));
    expect(r.pph21).toBe(rp(750_000));
    expect(rp(24_000_000) - r.pph21).toBe(rp(23_250_000));
  });

  it('without a valid NIK/NPWP the tax is 20% higher', () => {
    expect(pph21BukanPegawai(rp(30_000_000), R, noId)).toMatchObject({ surchargeBp: 2000, pph21: rp(900_000) });
    expect(pph21BukanPegawai(rp(400_000_000), R, noId).pph21).toBe(rp(28_800_000));
    expect(pph21BukanPegawai(rp(400_000_000), R, { nik: '123', npwp: '12.34' }).pph21).toBe(rp(28_800_000));
    expect(pph21BukanPegawai(rp(400_000_000), R, { npwp: '01.234.567.8-901.000' }).pph21).toBe(rp(24_000_000));
    expect(pph21BukanPegawai(rp(30_000_000), R, false).pph21).toBe(rp(900_000));
  });

  it('small and very large payments, to the rupiah', () => {
    // 1.000.001 -> base 500.000 (500.000,5 rounded down) -> 25.000; without NPWP 30.000
    expect(pph21BukanPegawai(rp(1_000_001), R, withId)).toMatchObject({ dpp: rp(500_000), pph21: rp(25_000) });
    expect(pph21BukanPegawai(rp(1_000_001), R, noId).pph21).toBe(rp(30_000));
    // 333.333 -> base 166.666 -> 8.333,3 -> 8.333; without NPWP 9.999,96 -> 9.999
    expect(pph21BukanPegawai(rp(333_333), R, withId).pph21).toBe(rp(8_333));
    expect(pph21BukanPegawai(rp(333_333), R, noId).pph21).toBe(rp(9_999));
    // 1.200.000.000 -> base 600 M: 3 M + 28,5 M + 62,5 M + 30 M = 124.000.000 (top rate 30%)
    expect(pph21BukanPegawai(rp(1_200_000_000), R, withId)).toMatchObject({ rateBp: 3000, pph21: rp(124_000_000) });
    expect(pph21BukanPegawai(0, R, withId).pph21).toBe(0);
  });

  it('each payment stands alone: the same figure in January and December, however much was paid before', () => {
    const r = pph21Year({ ptkp: 'TK/0', employment: 'bukan_pegawai', months: year('TK/0', 25_000_000, {}, [1, 6]) }, R);
    expect(r.last).toBeNull();
    expect(r.months.map((m) => [m.rateBp, fromSen(asSen(m.pph21))])).toEqual(
      Array.from({ length: 6 }, () => [500, 625_000]),
    );
    const noNpwp = pph21Year(
      { ptkp: 'TK/0', employment: 'bukan_pegawai', payee: noId, months: [{ month: 3, bruto: rp(25_000_000) }] },
      R,
    );
    expect(noNpwp.months[0].pph21).toBe(rp(750_000));
  });

  it('hasValidTaxId: a 16-digit NIK or a 15/16-digit NPWP', () => {
    expect(hasValidTaxId({ nik: '3171011203900001' })).toBe(true);
    expect(hasValidTaxId({ npwp: '01.234.567.8-901.000' })).toBe(true);
    expect(hasValidTaxId({ nik: '317101120390000', npwp: '' })).toBe(false);
    expect(hasValidTaxId(null)).toBe(false);
  });
});

describe('BPJS', () => {
  const s = settingsAt(DEFAULT_PAYROLL_SETTINGS, '2026-03-15');

  it('the worked example: 15.000.000 in March 2026, JKK 0,24%', () => {
    expect(computeBpjs(rp(15_000_000), s)).toEqual({
      jknEmployer: rp(480_000),
      jknEmployee: rp(120_000),
      jhtEmployer: rp(555_000),
      jhtEmployee: rp(300_000),
      jpEmployer: rp(221_726),
      jpEmployee: rp(110_863),
      jkk: rp(36_000),
      jkm: rp(45_000),
      taxableBenefit: rp(480_000 + 36_000 + 45_000),
      iuranPensiun: rp(410_863),
      employeeTotal: rp(120_000 + 300_000 + 110_863),
      employerTotal: rp(480_000 + 555_000 + 221_726 + 36_000 + 45_000),
    });
  });

  it('below the caps every part is a plain percentage; at the caps exactly', () => {
    const low = computeBpjs(rp(5_000_000), s);
    expect([low.jknEmployer, low.jknEmployee, low.jpEmployer, low.jpEmployee]).toEqual([
      rp(200_000),
      rp(50_000),
      rp(100_000),
      rp(50_000),
    ]);
    const atJkn = computeBpjs(rp(12_000_000), s);
    expect(atJkn.jknEmployer).toBe(rp(480_000));
    expect(computeBpjs(rp(12_000_001), s).jknEmployee).toBe(rp(120_000));
    expect(computeBpjs(rp(11_086_300), s).jpEmployee).toBe(rp(110_863));
    expect(computeBpjs(rp(50_000_000), s).jpEmployee).toBe(rp(110_863));
  });

  it('the JP cap is the dated row in force: February 2026 uses the 2025 cap, March 2025 the new one', () => {
    expect(computeBpjs(rp(15_000_000), settingsAt(DEFAULT_PAYROLL_SETTINGS, '2026-02-28')).jpEmployee).toBe(
      rp(105_474),
    );
    expect(settingsAt(DEFAULT_PAYROLL_SETTINGS, '2025-03-01').jp_cap).toBe(rp(10_547_400));
    expect(settingsAt(DEFAULT_PAYROLL_SETTINGS, '2025-02-28').jp_cap).toBe(rp(10_042_300));
    expect(() => settingsAt(DEFAULT_PAYROLL_SETTINGS, '2024-01-01')).toThrow(/jp_cap/);
  });

  it('contributions are rounded half up to whole rupiah', () => {
    // 7.333.333 x 0,24% = 17.599,9992 -> 17.600; x 1% = 73.333,33 -> 73.333
    const r = computeBpjs(rp(7_333_333), s);
    expect(r.jkk).toBe(rp(17_600));
    expect(r.jknEmployee).toBe(rp(73_333));
  });
});
