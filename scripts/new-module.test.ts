import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { generate } from './new-module.mjs';

const ROOT = path.resolve(__dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-module-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** Where a relative import of `file` (a repository path) points, as a source file of the repository or the output. */
function resolves(file: string, spec: string, written: Set<string>): boolean {
  const base = path.posix.join(path.posix.dirname(file), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.some((c) => written.has(c) || fs.existsSync(path.join(ROOT, c)));
}

describe('pnpm new-module (templates/module)', () => {
  const written: string[] = generate({ name: 'contohModul', route: '/inventory/master/category', outDir: out });
  const set = new Set(written);

  it('writes the shared schema, table, server module with its test, and the web page', () => {
    expect(written).toEqual(
      expect.arrayContaining([
        'packages/shared/src/schemas/contohModul.ts',
        'packages/server/src/db/schema/contohModul.ts',
        'packages/server/src/modules/contohModul/endpoints.ts',
        'packages/server/src/modules/contohModul/queries.ts',
        'packages/server/src/modules/contohModul/contohModul.test.ts',
        'packages/web/src/modules/contohModul/pages/ContohModulPage.tsx',
      ]),
    );
    for (const f of written) expect(fs.readFileSync(path.join(out, f), 'utf8')).not.toMatch(/__(name|Name|route)__/);
  });

  it('imports only files that exist (the template follows the code it is copied into)', () => {
    const missing: string[] = [];
    for (const f of written) {
      const text = fs.readFileSync(path.join(out, f), 'utf8');
      for (const m of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g))
        if (!resolves(f, m[1], set)) missing.push(`${f}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it('refuses a bad name and an existing module', () => {
    expect(() => generate({ name: 'Bad-Name', outDir: out })).toThrow('Nama modul tidak valid');
    expect(() => generate({ name: 'contohModul', outDir: out })).toThrow('Sudah ada');
  });
});
