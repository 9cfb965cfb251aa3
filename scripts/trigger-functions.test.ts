import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { triggerTable, triggerFunctions } from './trigger-functions.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('drizzle/README.md names where each trigger function lives', () => {
  it('its table is the one the migrations give (node scripts/trigger-functions.mjs)', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'drizzle/README.md'), 'utf8');
    const m = /<!-- trigger-functions:start -->\n([\s\S]*?)\n<!-- trigger-functions:end -->/.exec(readme);
    expect(m?.[1]).toBe(triggerTable() as string);
  });

  it('takes the last migration that replaces a function', () => {
    const fns = triggerFunctions() as { fn: string; file: string }[];
    expect(fns.find((f) => f.fn === 'jurnal_detail_before_insert')?.file).toBe('0014_akun_row_lock_on_posting.sql');
  });
});
