#!/usr/bin/env node
// Lists, for every trigger function defined in drizzle/*.sql, the migration that holds its current body (the last
// migration that creates or replaces it) and the triggers that call it. `node scripts/trigger-functions.mjs` prints the
// table kept in drizzle/README.md; scripts/trigger-functions.test.ts fails when the README's table is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {{ fn: string, file: string, triggers: string[] }[]} */
export function triggerFunctions(dir = path.join(ROOT, 'drizzle')) {
  /** @type {Map<string, { file: string, triggers: Set<string> }>} */
  const fns = new Map();
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort();
  for (const file of files) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8').replace(/--[^\n]*/g, '');
    for (const m of sql.matchAll(/create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?"?([a-z0-9_]+)"?\s*\(/gi)) {
      const fn = m[1].toLowerCase();
      const prev = fns.get(fn);
      fns.set(fn, { file, triggers: prev?.triggers ?? new Set() });
    }
    for (const m of sql.matchAll(
      /create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+"?([a-z0-9_]+)"?[\s\S]*?execute\s+(?:function|procedure)\s+(?:public\.)?"?([a-z0-9_]+)"?/gi,
    )) {
      const entry = fns.get(m[2].toLowerCase());
      if (entry) entry.triggers.add(m[1].toLowerCase());
    }
  }
  return [...fns.entries()]
    .map(([fn, { file, triggers }]) => ({ fn, file, triggers: [...triggers].sort() }))
    .sort((a, b) => a.fn.localeCompare(b.fn));
}

export function triggerTable() {
  const rows = triggerFunctions().map(
    ({ fn, file, triggers }) => `| \`${fn}\` | \`${file}\` | ${triggers.map((t) => `\`${t}\``).join(', ') || '-'} |`,
  );
  return ['| function | current body in | called by triggers |', '| --- | --- | --- |', ...rows].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(triggerTable());
