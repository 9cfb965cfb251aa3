/**
 * Correction runs (issue 15: "a correction is a new run"): 'Buat Koreksi' on an approved run makes a new draft for
 * the same period and group, recomputed from the data as it is now; approving it reverses the stored journal lines
 * of the run it corrects (issue 28 item 8: never recomputed, so a mapping changed in between does not matter), posts
 * its own figures whole and supersedes the corrected run, which stays locked with its journal. Later months (the
 * December recomputation) read the corrected figures.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { setEmployment } from '../../../test/pay-helpers.js';
import { queryRows } from '../../db/client.js';
import { createPeriode } from '../finance/index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let fin: TestUser;
let finB: TestUser;
/** Second managers: they approve what fin and finB make (issue 25). */
let approverA: TestUser;
let approverB: TestUser;
let ani: TestUser;
let citra: TestUser;
let budi: TestUser;
let groupA: number;
let groupB: number;
let groupNov: number;

async function employment(by: TestUser, u: TestUser, body: Record<string, unknown>) {
  await setEmployment(t, by, by === fin ? approverA : approverB, u.id, body);
}

async function journal(id: number) {
  const rows = await queryRows<{ code: string; debit: string; credit: string }>(
    t.db,
    sql`select a.code, d.debit::text, d.credit::text from jurnal_detail d join akun a on a.id = d.akun_id
        where d.jurnal_id = ${id} order by a.code`,
  );
  return rows.map((l) => [l.code, Number(l.debit) / 100, Number(l.credit) / 100]);
}

async function payrollBalances(by: TestUser) {
  const tb = await t.api(by).get('/api/finance/laporan/trialbalance?from=2026-03-01&to=2026-03-31');
  expect(tb.status).toBe(200);
  return (tb.body.data.rows as { code: string; closing_debit: number; closing_credit: number }[])
    .filter((r) => ['2104', '2201', '2204', '6101', '6190', '6105'].includes(r.code))
    .filter((r) => r.closing_debit !== 0 || r.closing_credit !== 0)
    .map((r) => [r.code, r.closing_debit, r.closing_credit]);
}

function pdfText(res: { raw: { rawPayload: Buffer } }): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'slipk-')), 's.pdf');
  fs.writeFileSync(file, res.raw.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang Koreksi A' });
  branchB = await t.makeBranch({ name: 'Cabang Koreksi B' });
  fin = await t.makeUser('manager', { branchId: branchA });
  finB = await t.makeUser('manager', { branchId: branchB });
  approverA = await t.makeUser('manager', { branchId: branchA });
  approverB = await t.makeUser('manager', { branchId: branchB });
  ani = await t.makeUser('perawat', { branchId: branchA, name: 'Ani Koreksi' });
  budi = await t.makeUser('perawat', { branchId: branchA, name: 'Budi Koreksi' });
  citra = await t.makeUser('perawat', { branchId: branchB, name: 'Citra Segar' });
  await createPeriode(t.ctx(fin), { start_date: '2025-01-01' });
  await createPeriode(t.ctx(finB), { start_date: '2025-01-01' });
  await employment(fin, ani, { employment: 'tetap', ptkp: 'TK/0', base_salary: 15_000_000, join_date: '2024-01-01' });
  await employment(fin, budi, { employment: 'tetap', ptkp: 'TK/0', base_salary: 10_000_000, join_date: '2025-11-01' });
  // Branch B's employee already has the corrected salary: its fresh run is what A's corrected books must show.
  await employment(finB, citra, {
    employment: 'tetap',
    ptkp: 'TK/0',
    base_salary: 17_000_000,
    join_date: '2024-01-01',
  });
  const cA = await t.api(fin).post('/api/attendance/payroll/components', {
    name: 'Tunjangan',
    kind: 'earning',
    method: 'fixed',
    amount: 500_000,
  });
  const cB = await t.api(finB).post('/api/attendance/payroll/components', {
    name: 'Tunjangan',
    kind: 'earning',
    method: 'fixed',
    amount: 500_000,
  });
  groupA = (
    await t.api(fin).post('/api/attendance/payroll/groups', {
      name: 'Bulanan',
      components: [cA.body.data.id],
      members: [ani.id],
    })
  ).body.data.id;
  groupB = (
    await t.api(finB).post('/api/attendance/payroll/groups', {
      name: 'Bulanan',
      components: [cB.body.data.id],
      members: [citra.id],
    })
  ).body.data.id;
  groupNov = (await t.api(fin).post('/api/attendance/payroll/groups', { name: 'Baru', members: [budi.id] })).body.data
    .id;
});
afterAll(() => t.close());

describe('a correction run', () => {
  it('reverses the stored lines and posts whole, leaves the original locked and superseded, and books equal a fresh run', async () => {
    const draft = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-03', group: groupA });
    expect(draft.status).toBe(201);
    const orig = (await t.api(approverA).post(`/api/attendance/payroll/run/${draft.body.data.id}/approve`)).body.data;
    expect(orig.status).toBe(1);
    const origJournal = await journal(orig.jurnal_id);

    // A draft cannot be corrected; the approved period cannot be run again.
    expect((await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-03', group: groupA })).status).toBe(
      409,
    );

    // The salary was wrong: HR fixes the employee and makes a correction from the current data.
    await employment(fin, ani, { employment: 'tetap', ptkp: 'TK/0', base_salary: 17_000_000, join_date: '2024-01-01' });
    const corr = await t.api(fin).post(`/api/attendance/payroll/run/${orig.id}/correction`);
    expect(corr.status).toBe(201);
    expect(corr.body.data).toMatchObject({ status: 0, corrects_run_id: orig.id, is_correction: true });
    expect(corr.body.data.lines[0].base_salary).toBe(17_000_000);
    expect(corr.body.data.differences).toHaveLength(1);
    expect(corr.body.data.differences[0]).toMatchObject({
      employee: ani.id,
      before: { earnings: 15_500_000 },
      after: { earnings: 17_500_000 },
      diff: { earnings: 2_000_000 },
    });
    expect(corr.body.data.differences[0].diff.net).toBe(corr.body.data.lines[0].net - orig.lines[0].net);
    // One open correction per run.
    expect((await t.api(fin).post(`/api/attendance/payroll/run/${orig.id}/correction`)).status).toBe(409);
    // Another branch's manager sees nothing.
    expect((await t.api(finB).post(`/api/attendance/payroll/run/${orig.id}/correction`)).status).toBe(404);

    // The payslip of a correction says so.
    const slip = await t.api(fin).get(`/api/attendance/payroll/run/${corr.body.data.id}/payslip`);
    expect(pdfText(slip)).toContain('SLIP GAJI KOREKSI (DRAFT)');

    // Between the run and its correction, salaries move to another expense account (both branches, from March).
    const akun = await t
      .api(fin)
      .post('/api/finance/akun', { code: '6190', name: 'Beban Gaji Klinik', category: 6, normal: 'D' });
    expect(akun.status, JSON.stringify(akun.body)).toBe(201);
    for (const by of [fin, finB]) {
      const m = await t
        .api(by)
        .put('/api/finance/autoposting/bebanGaji', { akun: '6190', effective_from: '2026-03-01' });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
    }
    const ok = await t.api(approverA).post(`/api/attendance/payroll/run/${corr.body.data.id}/approve`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe(1);
    const corrJournal = await journal(ok.body.data.jurnal_id);
    // The original's stored lines reversed (6101 as it was posted), then the correction's figures whole (6190).
    const [rev] = await queryRows<{ id: number; kind: string }>(
      t.db,
      sql`select id, kind from jurnal where source_type = 'payroll_run' and reversal_of = ${orig.jurnal_id}`,
    );
    expect(rev.kind).toBe('reversal');
    const revJournal = await journal(rev.id);
    expect(revJournal).toEqual(origJournal.map(([code, d, c]) => [code, c, d]));
    const fresh = (await t.api(finB).post('/api/attendance/payroll/run', { period: '2026-03', group: groupB })).body
      .data;
    const freshOk = await t.api(approverB).post(`/api/attendance/payroll/run/${fresh.id}/approve`);
    expect(freshOk.status).toBe(200);
    const freshJournal = await journal(freshOk.body.data.jurnal_id);
    const byCode = (j: (string | number)[][]) =>
      Object.fromEntries(j.map(([code, d, c]) => [code, Math.round(((d as number) - (c as number)) * 100)]));
    const o = byCode(origJournal);
    const c = byCode(corrJournal);
    const f = byCode(freshJournal);
    const r = byCode(revJournal);
    for (const code of Object.keys(f)) expect((o[code] ?? 0) + (r[code] ?? 0) + (c[code] ?? 0)).toBe(f[code]);
    expect(o['6101'] + r['6101']).toBe(0);
    expect(c['6190']).toBe(f['6190']);
    expect(c['6101']).toBeUndefined();
    // The trial balance of A after the correction equals B's with a fresh run of the right figures.
    expect(await payrollBalances(fin)).toEqual(await payrollBalances(finB));

    // The original stays, locked, with its journal; it is superseded by the correction.
    const after = (await t.api(fin).get(`/api/attendance/payroll/run/${orig.id}`)).body.data;
    expect(after).toMatchObject({ status: 2, superseded_by: ok.body.data.id, jurnal_id: orig.jurnal_id });
    expect(after.lines).toEqual(orig.lines);
    expect(await journal(orig.jurnal_id)).toEqual(origJournal);
    expect(after.chain.map((r: { id: number; status: number }) => [r.id, r.status])).toEqual([
      [orig.id, 2],
      [ok.body.data.id, 1],
    ]);
    await expect(t.db.execute(sql`update payroll_run set status = 1 where id = ${orig.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update payroll_run_line set net = 0 where run_id = ${orig.id}`)).rejects.toThrow();
    // A superseded run cannot be corrected again; the correction can.
    expect((await t.api(fin).post(`/api/attendance/payroll/run/${orig.id}/correction`)).status).toBe(409);
    // 'Gaji Saya' shows the current figures once.
    const mine = (await t.api(ani).get('/api/attendance/payroll/my')).body.data;
    expect(mine.map((s: { run: number }) => s.run)).toEqual([ok.body.data.id]);
  });

  it('the December recomputation reads the corrected November', async () => {
    const nov = await t.api(fin).post('/api/attendance/payroll/run', { period: '2025-11', group: groupNov });
    const novOk = (await t.api(approverA).post(`/api/attendance/payroll/run/${nov.body.data.id}/approve`)).body.data;
    await employment(fin, budi, {
      employment: 'tetap',
      ptkp: 'TK/0',
      base_salary: 12_000_000,
      join_date: '2025-11-01',
    });
    const corr = await t.api(fin).post(`/api/attendance/payroll/run/${novOk.id}/correction`);
    expect(corr.status).toBe(201);
    const corrOk = (await t.api(approverA).post(`/api/attendance/payroll/run/${corr.body.data.id}/approve`)).body.data;
    const novLine = corrOk.lines[0];
    expect(novLine.bruto).toBeGreaterThan(novOk.lines[0].bruto);
    const dec = await t.api(fin).post('/api/attendance/payroll/run', { period: '2025-12', group: groupNov });
    const l = dec.body.data.lines[0];
    expect(l.pph21_method).toBe('pasal17_tahunan');
    expect(l.annual.bruto_setahun).toBe(novLine.bruto + l.bruto);
    expect(l.annual.dipotong).toBe(novLine.pph21);
  });
  it('a draft is computed again (Hitung Ulang) or discarded (Buang Draft); an approved run is neither', async () => {
    const runs = (await t.api(finB).get('/api/attendance/payroll/run')).body.data as {
      id: number;
      period: string;
      status: number;
    }[];
    const approved = runs.find((r) => r.period === '2026-03' && r.status === 1)!;
    const corr = (await t.api(finB).post(`/api/attendance/payroll/run/${approved.id}/correction`)).body.data;
    expect(corr.lines[0].base_salary).toBe(17_000_000);
    await employment(finB, citra, {
      employment: 'tetap',
      ptkp: 'TK/0',
      base_salary: 18_000_000,
      join_date: '2024-01-01',
    });
    // Another branch cannot touch the draft; a nurse may not.
    expect((await t.api(fin).post(`/api/attendance/payroll/run/${corr.id}/recompute`)).status).toBe(404);
    const again = await t.api(finB).post(`/api/attendance/payroll/run/${corr.id}/recompute`);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ status: 0, corrects_run_id: approved.id });
    expect(again.body.data.id).not.toBe(corr.id);
    expect(again.body.data.lines[0].base_salary).toBe(18_000_000);
    expect((await t.api(finB).get(`/api/attendance/payroll/run/${corr.id}`)).status).toBe(404);

    expect((await t.api(finB).post(`/api/attendance/payroll/run/${approved.id}/discard`)).status).toBe(409);
    expect((await t.api(finB).post(`/api/attendance/payroll/run/${approved.id}/recompute`)).status).toBe(409);
    const gone = await t.api(finB).post(`/api/attendance/payroll/run/${again.body.data.id}/discard`);
    expect(gone.status).toBe(200);
    const after = (await t.api(finB).get(`/api/attendance/payroll/run/${approved.id}`)).body.data;
    expect(after).toMatchObject({ status: 1, open_correction: null });
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'payroll_run' and entity_id in (${String(corr.id)}, ${String(again.body.data.id)}) order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['recompute', 'delete']));

    // A first draft is computed again too.
    const april = (await t.api(finB).post('/api/attendance/payroll/run', { period: '2026-04', group: groupB })).body
      .data;
    const aprilAgain = await t.api(finB).post(`/api/attendance/payroll/run/${april.id}/recompute`);
    expect(aprilAgain.status).toBe(201);
    expect(aprilAgain.body.data).toMatchObject({ period: '2026-04', status: 0 });
  });
});
