/**
 * One owner per table (issue 27 item 1, `src/db/owners.ts`): every table of the schema has one owner, and no
 * module's SQL inserts, updates or deletes a table it does not own (other than the shrinking PENDING list). The
 * writes are found in the source: drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` on a schema table, raw SQL
 * `insert into t`, `update t`, `delete from t`, and the generic master pages' table list (`MASTER_DEFS`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PENDING_FOREIGN_WRITES, TABLE_OWNERS } from '../src/db/owners.js';

const SRC = path.join(__dirname, '../src');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [p] : [];
  });
}

/** Schema tables: drizzle variable name -> SQL name. */
function schemaTables(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of files(path.join(SRC, 'db/schema')))
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      out.set(m[1], m[2]);
  return out;
}

const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');

/** The tables a source text writes. */
export function writesIn(source: string, tables: Map<string, string>): Set<string> {
  const names = new Set(tables.values());
  const text = stripComments(source);
  const out = new Set<string>();
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const t = tables.get(m[1]);
    if (t) out.add(t);
  }
  for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi))
    if (names.has(m[1]) && !/^set$/i.test(m[1])) out.add(m[1]);
  // The generic master pages write the tables their definitions name.
  if (/MASTER_DEFS/.test(text)) for (const m of text.matchAll(/\btable: '(\w+)'/g)) out.add(m[1]);
  return out;
}

describe('one owner per table', () => {
  const tables = schemaTables();
  const modulesDir = path.join(SRC, 'modules');
  const modules = fs.readdirSync(modulesDir).filter((d) => fs.statSync(path.join(modulesDir, d)).isDirectory());

  it('every table of the schema has exactly one owner, and the map names only real tables and owners', () => {
    const names = [...tables.values()].sort();
    expect(names.filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => !names.includes(t))).toEqual([]);
    for (const owner of new Set(Object.values(TABLE_OWNERS))) {
      if (owner === 'migrations') continue;
      if (owner.startsWith('platform:')) expect(fs.existsSync(path.join(SRC, owner.slice(9)))).toBe(true);
      else expect(modules).toContain(owner);
    }
  });

  it('no module writes a table it does not own (except the pending list, which only shrinks)', () => {
    const found: string[] = [];
    for (const mod of modules)
      for (const f of files(path.join(modulesDir, mod)))
        for (const t of writesIn(fs.readFileSync(f, 'utf8'), tables))
          if (TABLE_OWNERS[t] !== mod) found.push(`${mod} -> ${t} (${path.relative(SRC, f)})`);
    const pending = (s: string) => PENDING_FOREIGN_WRITES.some((p) => s.startsWith(`${p.module} -> ${p.table} `));
    expect(found.filter((s) => !pending(s))).toEqual([]);
    const stale = PENDING_FOREIGN_WRITES.filter((p) => !found.some((s) => s.startsWith(`${p.module} -> ${p.table} `)));
    expect(stale).toEqual([]);
  });

  it('platform files write only the tables they own', () => {
    const found: string[] = [];
    for (const dir of ['lib', 'auth', 'http', 'pdf'])
      for (const f of files(path.join(SRC, dir)))
        for (const t of writesIn(fs.readFileSync(f, 'utf8'), tables)) {
          const owner = TABLE_OWNERS[t];
          const file = path.relative(SRC, f);
          if (owner !== `platform:${file}` && !(owner === 'auth' && file.startsWith('auth/')))
            found.push(`${file} -> ${t}`);
        }
    expect(found).toEqual([]);
  });

  it('sees the writes it looks for (a write of another module fails the rule)', () => {
    const w = writesIn(
      'await db.update(paketMembershipSlot).set({}); sql`update paket_membership_cicilan set paid_amount = 1`; // update visit\n',
      new Map([
        ['paketMembershipSlot', 'paket_membership_slot'],
        ['visit', 'visit'],
        ['x', 'paket_membership_cicilan'],
      ]),
    );
    expect([...w].sort()).toEqual(['paket_membership_cicilan', 'paket_membership_slot']);
  });
});
