import fs from 'node:fs';

/**
 * The server log of an e2e run holds no personal data (issue 32 item 4): no NIK, phone number or name of any person
 * in the database (the demo's patients and staff and every one the tests made), and no password hash. The values
 * come from the run's own database when it is PostgreSQL; the hash pattern is checked on PGlite runs too.
 */
export interface PersonalValue {
  kind: 'NIK' | 'telepon' | 'nama' | 'hash';
  value: string;
}

interface Queryable {
  query(sql: string): Promise<unknown>;
}

/** Every NIK, phone number, full name and password hash of the database's people. */
export async function personalValues(c: Queryable): Promise<PersonalValue[]> {
  const res = (await c.query(
    'select name, idcard, phone, wali_name, wali_idcard, wali_phone, password_hash from users',
  )) as { rows: Record<string, string | null>[] };
  const out: PersonalValue[] = [];
  const add = (kind: PersonalValue['kind'], v: string | null, min: number) => {
    const value = v?.trim();
    if (value && value.length >= min) out.push({ kind, value });
  };
  for (const r of res.rows) {
    add('NIK', r.idcard, 16);
    add('NIK', r.wali_idcard, 16);
    add('telepon', r.phone, 8);
    add('telepon', r.wali_phone, 8);
    // A full name (two words or more): one word ('Admin') could be any word of a log line.
    for (const n of [r.name, r.wali_name]) if (n && /\S+\s+\S+/.test(n.trim())) add('nama', n, 8);
    add('hash', r.password_hash, 20);
  }
  return out;
}

/** The lines of the log holding one of the values or a password hash: `kind (line n)`, never the value. */
export function personalDataIn(logFile: string, values: PersonalValue[]): string[] {
  if (!fs.existsSync(logFile)) return [];
  const lines = fs.readFileSync(logFile, 'utf8').split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (/\$argon2(?:id|i|d)\$/.test(line)) found.push(`hash (baris ${i + 1})`);
    for (const v of values) if (line.includes(v.value)) found.push(`${v.kind} (baris ${i + 1})`);
  });
  return found;
}
