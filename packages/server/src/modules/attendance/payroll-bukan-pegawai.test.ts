import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pph21BukanPegawai, taxRulesFor, toSen, fromSen } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { setEmployment } from '../../../test/pay-helpers.js';
import { createPeriode } from '../finance/index.js';

/**
 * The payroll module's bukan pegawai line uses the shared PMK 168/2023 function (issue 29 item 3): Pasal 17 on 50%
 * of the month's payment, not cumulative, 20% higher without a valid NIK/NPWP.
 */
let t: TestApp;
let fin: TestUser;
let approver: TestUser;
let withNik: TestUser;
let without: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch({ name: 'Cabang Dokter Lepas' });
  fin = await t.makeUser('manager', { branchId: branch });
  approver = await t.makeUser('manager', { branchId: branch });
  withNik = await t.makeUser('dokter', { branchId: branch, name: 'Dr Ber NIK' });
  without = await t.makeUser('dokter', { branchId: branch, name: 'Dr Tanpa NPWP' });
  await createPeriode(t.ctx(fin), { start_date: '2025-01-01' });
  const base = { employment: 'bukan_pegawai', ptkp: 'TK/0', join_date: '2024-01-01' };
  await setEmployment(t, fin, approver, withNik.id, { ...base, base_salary: 150_000_000, nik: '3171011203900001' });
  await setEmployment(t, fin, approver, without.id, { ...base, base_salary: 30_000_000 });
});
afterAll(() => t.close());

describe('payroll: bukan pegawai per PMK 168/2023', () => {
  it('150 M with a NIK withholds 5.250.000 every month; 30 M without NIK/NPWP 900.000; the shared function agrees', async () => {
    const g = await t.api(fin).post('/api/attendance/payroll/groups', {
      name: 'Dokter lepas',
      members: [withNik.id, without.id],
    });
    expect(g.status).toBe(201);
    const res = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-03', group: g.body.data.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lines = res.body.data.lines as { employee: number; bruto: number; pph21: number; pph21_method: string }[];
    const a = lines.find((l) => l.employee === withNik.id)!;
    const b = lines.find((l) => l.employee === without.id)!;
    expect([a.bruto, a.pph21, a.pph21_method]).toEqual([150_000_000, 5_250_000, 'pasal17_50']); // 3 M + 15% x 15 M
    expect([b.bruto, b.pph21]).toEqual([30_000_000, 900_000]);
    const rules = taxRulesFor(2026);
    expect(a.pph21).toBe(fromSen(pph21BukanPegawai(toSen(150_000_000), rules, { nik: '3171011203900001' }).pph21));
    expect(b.pph21).toBe(fromSen(pph21BukanPegawai(toSen(30_000_000), rules, null).pph21));
    // Not cumulative: after March is approved (base 75 M already used), April withholds the same 5.250.000
    // (the pre-2024 cumulative rule would take 15% of all 75 M: 11.250.000).
    const ok = await t.api(approver).post(`/api/attendance/payroll/run/${res.body.data.id}/approve`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const apr = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-04', group: g.body.data.id });
    expect(apr.status).toBe(201);
    expect(apr.body.data.lines.find((l: { employee: number }) => l.employee === withNik.id).pph21).toBe(5_250_000);
  });
});
