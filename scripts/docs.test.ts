/**
 * The docs tell the truth about the tree (issue 27 item 7): every file or folder path named in backticks in
 * docs/*.md and the READMEs exists. A token counts as a path when it ends in a source or doc extension, or starts with
 * one of the repository's top-level folders; it resolves when some file of the tree ends with it (so `http/clock.ts`,
 * `modules/finance/posting.ts` and `.../queries.ts` all resolve) or some folder does. Placeholders (`<domain>`, `*`)
 * are not paths.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'output', 'coverage']);

function walk(dir: string, files: string[], dirs: string[]): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const rel = path.relative(ROOT, path.join(dir, e.name)).split(path.sep).join('/');
    if (e.isDirectory()) {
      dirs.push(rel);
      walk(path.join(dir, e.name), files, dirs);
    } else files.push(rel);
  }
}

const EXT = /\.(ts|tsx|mts|mjs|js|json|sql|md|css|html|yml|yaml|sh)$/;
const TOP = /^(packages|docs|drizzle|e2e|bench|scripts|templates|\.ci)\//;

/** The path-like tokens in backticks of one markdown text, with their line numbers. */
export function pathTokens(text: string): { token: string; line: number }[] {
  const out: { token: string; line: number }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/`([^`\s]+)`/g)) {
      const token = m[1].replace(/^(\.\.\.\/|\.\/)/, '');
      if (!/^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(token)) continue; // placeholders, globs, URLs, commands
      if (/^(https?:|\/)/.test(m[1]) || token.startsWith('@')) continue; // URLs, routes, package names
      if (!EXT.test(token) && !TOP.test(token)) continue;
      if (/\.(js|json)$/.test(token) && !token.includes('/') && /^\.\//.test(m[1])) continue; // import specifiers
      out.push({ token, line: i + 1 });
    }
  });
  return out;
}

describe('docs name only paths that exist', () => {
  const files: string[] = [];
  const dirs: string[] = [];
  walk(ROOT, files, dirs);
  const docs = [
    ...fs
      .readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    'README.md',
    'drizzle/README.md',
    'e2e/README.md',
    'bench/README.md',
    'packages/server/src/modules/README.md',
  ].filter((f) => fs.existsSync(path.join(ROOT, f)));

  const exists = (token: string): boolean => {
    const t = token.replace(/\/$/, '');
    // Build and test outputs (gitignored) are named as what the commands make.
    if (/(^|\/)(dist|output)(\/|$)/.test(t)) return true;
    const hit = (p: string) => p === t || p.endsWith(`/${t}`);
    return files.some(hit) || dirs.some(hit);
  };

  for (const doc of docs)
    it(doc, () => {
      const missing = pathTokens(fs.readFileSync(path.join(ROOT, doc), 'utf8'))
        .filter(({ token }) => !exists(token))
        .map(({ token, line }) => `${doc}:${line}: ${token}`);
      expect(missing).toEqual([]);
    });

  it('recognises paths and leaves other backticked words alone', () => {
    const tokens = pathTokens(
      '`http/clock.ts` `.../queries.ts` `<domain>.ts` `/api/x` `Asia/Jakarta` `drizzle/x` `a b`',
    );
    expect(tokens.map((t) => t.token)).toEqual(['http/clock.ts', 'queries.ts', 'drizzle/x']);
  });
});

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

describe('docs/decisions.md has a subject index that works', () => {
  const text = fs.readFileSync(path.join(ROOT, 'docs/decisions.md'), 'utf8');
  const headings = [...text.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]);
  const anchors = new Set(headings.map(anchorOf));
  const links = [...text.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);

  it('every link of the index names a section', () => {
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !anchors.has(l))).toEqual([]);
  });

  it('every section (##) is in the index', () => {
    const linked = new Set(links);
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]).filter((h) => h !== 'Index by subject');
    expect(sections.filter((h) => !linked.has(anchorOf(h)))).toEqual([]);
  });
});
