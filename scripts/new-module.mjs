#!/usr/bin/env node
// `pnpm new-module <name> [--route /spec/route] [--out <dir>]`: copies templates/module into a new module named
// <name> (lower camel case, e.g. itemCategory): shared schema, table, server module with its test, and with --route
// the web page. Without --out it writes into this repository and registers the module (shared index, schema index,
// modules.ts, router.ts); then follow docs/adding-a-module.md from step 3 (migration). With --out it only writes the
// files under <dir> (the template's own test uses this).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = path.join(ROOT, 'templates/module');

/** Template file -> where it goes, relative to the repository (tokens substituted in the path too). */
export const FILES = [
  ['shared/schema.ts', 'packages/shared/src/schemas/__name__.ts'],
  ['server/schema/table.ts', 'packages/server/src/db/schema/__name__.ts'],
  ['server/module/index.ts', 'packages/server/src/modules/__name__/index.ts'],
  ['server/module/entities.ts', 'packages/server/src/modules/__name__/entities.ts'],
  ['server/module/endpoints.ts', 'packages/server/src/modules/__name__/endpoints.ts'],
  ['server/module/router.ts', 'packages/server/src/modules/__name__/router.ts'],
  ['server/module/queries.ts', 'packages/server/src/modules/__name__/queries.ts'],
  ['server/module/service.ts', 'packages/server/src/modules/__name__/service.ts'],
  ['server/module/module.test.ts', 'packages/server/src/modules/__name__/__name__.test.ts'],
  ['server/factory.ts', 'packages/server/test/factories/__name__.ts'],
];
export const WEB_FILES = [
  ['web/routes.tsx', 'packages/web/src/modules/__name__/routes.tsx'],
  ['web/pages/Page.tsx', 'packages/web/src/modules/__name__/pages/__Name__Page.tsx'],
];

export function substitute(text, name, route = '/') {
  if (!route.startsWith('/')) throw new Error(`Rute harus diawali /: ${route}`);
  const Name = name[0].toUpperCase() + name.slice(1);
  const NAME = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return text
    .replaceAll('__name__', name)
    .replaceAll('__Name__', Name)
    .replaceAll('__NAME__', NAME)
    .replaceAll('/__route__', route);
}

/** Writes the module's files under `outDir`; returns their paths relative to it. */
export function generate({ name, route, outDir }) {
  if (!/^[a-z][a-zA-Z0-9]{1,40}$/.test(name)) throw new Error(`Nama modul tidak valid: ${name} (contoh: itemCategory)`);
  const files = [...FILES, ...(route ? WEB_FILES : [])];
  const written = [];
  for (const [from, to] of files) {
    const target = path.join(outDir, substitute(to, name));
    if (fs.existsSync(target)) throw new Error(`Sudah ada: ${path.relative(outDir, target)}`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, substitute(fs.readFileSync(path.join(TEMPLATE, from), 'utf8'), name, route));
    written.push(path.relative(outDir, target));
  }
  return written;
}

function appendLine(file, line) {
  const p = path.join(ROOT, file);
  const text = fs.readFileSync(p, 'utf8');
  if (!text.includes(line)) fs.writeFileSync(p, text.replace(/\n*$/, '\n') + line + '\n');
}

function insertAfterLast(file, pattern, line) {
  const p = path.join(ROOT, file);
  const lines = fs.readFileSync(p, 'utf8').split('\n');
  let at = -1;
  lines.forEach((l, i) => {
    if (pattern.test(l)) at = i;
  });
  if (at < 0) throw new Error(`${file}: tempat untuk "${line.trim()}" tidak ditemukan; tambahkan sendiri`);
  lines.splice(at + 1, 0, line);
  fs.writeFileSync(p, lines.join('\n'));
}

/** The additive edits that register the module (each a line; re-run safe only on a clean tree). */
export function register(name) {
  appendLine('packages/shared/src/index.ts', `export * from './schemas/${name}.js';`);
  appendLine('packages/server/src/db/schema/index.ts', `export * from './${name}.js';`);
  insertAfterLast(
    'packages/server/src/modules.ts',
    /^import .* from '\.\/modules\/.*\/index\.js';$/,
    `import { ${name}Endpoints, ${name}Entities } from './modules/${name}/index.js';`,
  );
  insertAfterLast('packages/server/src/modules.ts', /^ {2}\w+: \w+Endpoints,$/, `  ${name}: ${name}Endpoints,`);
  insertAfterLast('packages/server/src/modules.ts', /^ {2}\.\.\.\w+Entities,$/, `  ...${name}Entities,`);
  insertAfterLast(
    'packages/server/test/factories/index.ts',
    /^import .* from '\.\/\w+\.js';$/,
    `import { ${name}Factories } from './${name}.js';`,
  );
  insertAfterLast('packages/server/test/factories/index.ts', /^ {2}\.\.\.\w+Factories,$/, `  ...${name}Factories,`);
  insertAfterLast(
    'packages/server/src/router.ts',
    /^import .* from '\.\/modules\/.*\/index\.js';$/,
    `import { ${name}Router } from './modules/${name}/index.js';`,
  );
  insertAfterLast('packages/server/src/router.ts', /^ {2}\w+: \w+Router,$/, `  ${name}: ${name}Router,`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (flag) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  const route = opt('--route');
  const out = opt('--out');
  const [name] = args;
  if (!name) {
    console.error('Pakai: pnpm new-module <nama> [--route /rute/dari/spec] [--out <folder>]');
    process.exit(2);
  }
  try {
    const written = generate({ name, route, outDir: out ? path.resolve(out) : ROOT });
    if (!out) register(name);
    console.log(written.map((f) => `  + ${f}`).join('\n'));
    if (!out)
      console.log(
        `Terdaftar di shared/index.ts, db/schema/index.ts, modules.ts, router.ts dan test/factories/index.ts.\n` +
          `Lanjutkan dengan docs/adding-a-module.md langkah 3 (migrasi: pnpm db:generate --name ${name}).`,
      );
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
