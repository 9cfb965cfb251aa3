// What the login page downloads before it renders: the entry chunk of the built web app and every chunk it
// imports statically (modulepreload), gzip and brotli sizes as the server sends them (the precompressed twins).
// Usage: node bench/bundle-report.mjs [--json] [--budget-kb 150]   (after `pnpm build`)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'packages/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(root, manifestPath)}: run \`pnpm build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget-kb') + 1]) || 150;

function sizes(file) {
  const buf = fs.readFileSync(path.join(dist, file));
  const gz = fs.existsSync(path.join(dist, `${file}.gz`))
    ? fs.statSync(path.join(dist, `${file}.gz`)).size
    : zlib.gzipSync(buf, { level: 9 }).length;
  const br = fs.existsSync(path.join(dist, `${file}.br`))
    ? fs.statSync(path.join(dist, `${file}.br`)).size
    : zlib.brotliCompressSync(buf).length;
  return { file, raw: buf.length, gzip: gz, brotli: br };
}

/** The entry and its static imports, transitively: what index.html loads before the first paint. */
function initialChunks() {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  walk(entryKey);
  const js = [...seen].map((k) => manifest[k].file);
  const css = [...new Set([...seen].flatMap((k) => manifest[k].css ?? []))];
  return { js, css };
}

const { js, css } = initialChunks();
const jsSizes = js.map(sizes).sort((a, b) => b.gzip - a.gzip);
const cssSizes = css.map(sizes);
const total = (list, key) => list.reduce((s, x) => s + x[key], 0);
const kb = (n) => (n / 1024).toFixed(1);
const report = {
  js: jsSizes,
  css: cssSizes,
  jsGzipKb: Number(kb(total(jsSizes, 'gzip'))),
  jsBrotliKb: Number(kb(total(jsSizes, 'brotli'))),
  jsRawKb: Number(kb(total(jsSizes, 'raw'))),
  budgetKb,
};

if (args.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log('Login page, JavaScript loaded before first render (entry + static imports):');
  for (const s of jsSizes)
    console.log(
      `  ${s.file.padEnd(44)} ${kb(s.raw).padStart(7)} KB  gzip ${kb(s.gzip).padStart(6)} KB  br ${kb(s.brotli).padStart(6)} KB`,
    );
  console.log(
    `  total JS: ${report.jsRawKb} KB raw, ${report.jsGzipKb} KB gzip, ${report.jsBrotliKb} KB brotli (budget ${budgetKb} KB gzip)`,
  );
  for (const s of cssSizes) console.log(`  css ${s.file}: ${kb(s.raw)} KB, gzip ${kb(s.gzip)} KB`);
}
if (report.jsGzipKb > budgetKb) {
  console.error(`Over budget: ${report.jsGzipKb} KB gzip > ${budgetKb} KB`);
  process.exit(1);
}
