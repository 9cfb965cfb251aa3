import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { bmiOf } from '@klinik/shared';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

/**
 * The database itself keeps the medical record append-only (drizzle/0023_medical_records_rules.sql): these run raw
 * SQL, as a careless script or a compromised code path would, and expect PostgreSQL (or PGlite) to refuse.
 */
let t: TestApp;
let branch: number;
let dokter: TestUser;
let recordId: number;
let entryId: number;
let versionId: number;

const one = async <T = Record<string, unknown>>(q: SQL): Promise<T> => (await queryRows<T>(t.db, q))[0];

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch();
  dokter = await t.makeUser('dokter', { branchId: branch, password: null });
  const manager = await t.makeUser('manager', { branchId: branch, password: null });
  const customer = await t.makePatient(branch);
  const v = await t.api(manager).post('/api/service/visit', { customer, doctor: dokter.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  const visitId = v.body.data.id as number;
  await t.db.execute(
    sql`insert into icd10 (code, name_id, name_en) values ('J06.9', 'Infeksi saluran napas atas akut', 'Acute upper respiratory infection, unspecified') on conflict (code) do nothing`,
  );
  const rec = await one<{
    id: number;
  }>(sql`insert into rm_record (profile_id, visit_id, customer_id, doctor_id, visit_date, created_by)
    values (${branch}, ${visitId}, ${customer}, ${dokter.id}, '2026-11-23', ${dokter.id}) returning id`);
  recordId = rec.id;
  const e = await one<{
    id: number;
  }>(sql`insert into rm_entry (profile_id, record_id, visit_id, customer_id, kind, created_by)
    values (${branch}, ${recordId}, ${visitId}, ${customer}, 'soap', ${dokter.id}) returning id`);
  entryId = e.id;
  const ver = await one<{
    id: number;
  }>(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, subjective, berat, tinggi, created_by)
    values (${branch}, ${entryId}, 'soap', 1, 'create', 'Batuk 3 hari', 70, 170, ${dokter.id}) returning id`);
  versionId = ver.id;
  await t.db.execute(
    sql`insert into rm_diagnosis (profile_id, version_id, code, is_primary, seq) values (${branch}, ${versionId}, 'J06.9', true, 1)`,
  );
});
afterAll(() => t?.close());

describe('medical record rules in the database', () => {
  it('points the head at version 1 and computes BMI', async () => {
    const head = await one<{ version: number; version_id: number; voided: boolean }>(
      sql`select version, version_id, voided from rm_entry_head where entry_id = ${entryId}`,
    );
    expect(head).toMatchObject({ version: 1, version_id: versionId, voided: false });
    const v = await one<{ bmi: string }>(sql`select bmi from rm_entry_version where id = ${versionId}`);
    expect(Number(v.bmi)).toBe(24.2);
  });

  it("the form's live BMI is the stored one, halves included (issue 26 item 7)", async () => {
    // The generated column's own expression, on pairs whose BMI ends in exactly 5 hundredths (float rounds them down).
    for (const [berat, tinggi] of [
      [60.8, 160],
      [48, 160],
      [70, 170],
      [41.6, 160],
      [72.5, 181.3],
    ]) {
      const v = await one<{ bmi: string }>(
        sql`select round(${berat}::numeric / ((${tinggi}::numeric / 100.0) * (${tinggi}::numeric / 100.0)), 1) as bmi`,
      );
      expect(bmiOf(berat, tinggi), `${berat} kg, ${tinggi} cm`).toBe(Number(v.bmi));
    }
  });

  it('refuses UPDATE and DELETE of clinical rows', async () => {
    await expect(
      t.db.execute(sql`update rm_entry_version set subjective = 'diubah' where id = ${versionId}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from rm_entry_version where id = ${versionId}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update rm_entry set kind = 'soap' where id = ${entryId}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from rm_entry where id = ${entryId}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update rm_diagnosis set code = 'J06.9'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from rm_diagnosis`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from rm_record where id = ${recordId}`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate rm_entry_version cascade`)).rejects.toThrow();
    const v = await one<{ subjective: string }>(sql`select subjective from rm_entry_version where id = ${versionId}`);
    expect(v.subjective).toBe('Batuk 3 hari');
  });

  it('refuses moving the current-version pointer by hand', async () => {
    await expect(t.db.execute(sql`update rm_entry_head set version = 5 where entry_id = ${entryId}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from rm_entry_head where entry_id = ${entryId}`)).rejects.toThrow();
  });

  it('takes a correction as the next version only, with a reason; nothing after a void', async () => {
    await expect(
      t.db.execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, subjective)
        values (${branch}, ${entryId}, 'soap', 2, 'correct', 'tanpa alasan')`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, reason, subjective)
        values (${branch}, ${entryId}, 'soap', 3, 'correct', 'lompat versi', 'x')`),
    ).rejects.toThrow();
    await t.db
      .execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, reason, subjective)
      values (${branch}, ${entryId}, 'soap', 2, 'correct', 'Salah ketik', 'Batuk 4 hari')`);
    await t.db
      .execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, reason, subjective)
      values (${branch}, ${entryId}, 'soap', 3, 'void', 'Pasien salah', 'Batuk 4 hari')`);
    const head = await one<{ version: number; voided: boolean }>(
      sql`select version, voided from rm_entry_head where entry_id = ${entryId}`,
    );
    expect(head).toMatchObject({ version: 3, voided: true });
    await expect(
      t.db.execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, reason, subjective)
        values (${branch}, ${entryId}, 'soap', 4, 'correct', 'setelah batal', 'x')`),
    ).rejects.toThrow();
    const n = await one<{ n: number }>(
      sql`select count(*)::int as n from rm_entry_version where entry_id = ${entryId}`,
    );
    expect(n.n).toBe(3);
  });

  it('finishes a record once and never changes it otherwise', async () => {
    await expect(
      t.db.execute(
        sql`update rm_record set doctor_id = ${dokter.id}, visit_date = '2020-01-01' where id = ${recordId}`,
      ),
    ).rejects.toThrow();
    await t.db.execute(
      sql`update rm_record set status = 'finished', finished_at = now(), finished_by = ${dokter.id} where id = ${recordId}`,
    );
    await expect(
      t.db.execute(
        sql`update rm_record set status = 'finished', finished_at = now(), finished_by = ${dokter.id} where id = ${recordId}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`update rm_record set status = 'draft', finished_at = null, finished_by = null where id = ${recordId}`,
      ),
    ).rejects.toThrow();
  });

  it('refuses implausible vital signs and a second primary diagnosis', async () => {
    await expect(
      t.db.execute(sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, sistole)
        values (${branch}, ${entryId}, 'soap', 9, 'correct', 900)`),
    ).rejects.toThrow();
    await t.db.execute(
      sql`insert into icd10 (code, name_id, name_en) values ('R05', 'Batuk', 'Cough') on conflict (code) do nothing`,
    );
    await expect(
      t.db.execute(
        sql`insert into rm_diagnosis (profile_id, version_id, code, is_primary, seq) values (${branch}, ${versionId}, 'R05', true, 2)`,
      ),
    ).rejects.toThrow();
  });
});
