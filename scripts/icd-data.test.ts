import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { migrationSql, parseCsv, readIcd10, readIcd9cm } from './icd-data.mjs';

type Row = { code: string; name_id: string; name_en: string };
const ROOT = path.resolve(__dirname, '..');

describe('scripts/icd-data.mjs (ICD code lists -> data migration)', () => {
  it('parses quoted CSV with separators, doubled quotes and CRLF inside and between fields', () => {
    expect(parseCsv('a,b,c\r\n1,"x, ""y""",z\n2,"line\nbreak",\n', ',')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, "y"', 'z'],
      ['2', 'line\nbreak', ''],
    ]);
    expect(parseCsv("A00;Cholera;Kolera\nB01;Chickenpox's;Cacar", ';')).toEqual([
      ['A00', 'Cholera', 'Kolera'],
      ['B01', "Chickenpox's", 'Cacar'],
    ]);
  });

  it('reads every ICD-10 and ICD-9-CM code once with both names, blanks collapsed', () => {
    const icd10: Row[] = readIcd10();
    const icd9: Row[] = readIcd9cm();
    expect(icd10).toHaveLength(18547);
    expect(icd9).toHaveLength(4626);
    expect(icd10[0]).toEqual({ code: 'A00', name_id: 'Kolera', name_en: 'Cholera' });
    expect(icd10.find((r) => r.code === 'C83.0')!.name_en).toBe("Diffuse non-hodgkin's lymphoma, Small cell (diffuse)");
    expect(icd9.find((r) => r.code === '93.96')).toEqual({
      code: '93.96',
      name_id: 'Pengayaan oksigen lainnya',
      name_en: 'Other oxygen enrichment',
    });
    for (const r of [...icd10, ...icd9]) expect(r.name_id && r.name_en && !/\s\s/.test(r.name_en)).toBeTruthy();
  });

  it('the committed data migration is exactly what the script makes from the committed CSV files', () => {
    const files = fs.readdirSync(path.join(ROOT, 'drizzle')).filter((f) => /_icd_data\.sql$/.test(f));
    expect(files).toHaveLength(1);
    const sql: string = migrationSql();
    expect(fs.readFileSync(path.join(ROOT, 'drizzle', files[0]), 'utf8')).toBe(sql);
    expect(sql).toContain("('A09','");
    expect(sql).toContain('MIT licence');
  });
});
