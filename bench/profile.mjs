// CPU profile of the built server under load (issue 10 item 4): starts packages/server/dist/main.js with the demo
// clinic and `node --cpu-prof`, signs in, drives one path with 10 clients, stops the server and prints the functions
// that used the most CPU in the measured seconds only (start-up and seeding left out), self and inclusive.
//   node bench/profile.mjs /api/auth/me
//   PROFILE_USER=owner node bench/profile.mjs '/api/finance/laporan/trialbalance'
//   PROFILE_DATABASE_URL=postgres://.../somedb node bench/profile.mjs '/api/users?role=1&keyword=hidayat'
// PROFILE_SECONDS (6), PROFILE_TOP (30), PROFILE_KEEP=dir keeps the .cpuprofile (open it in Chrome DevTools).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drive, fmt, load, login, startApp } from './lib.mjs';

const target = process.argv[2] || '/api/auth/me';
const SECONDS = Number(process.env.PROFILE_SECONDS || 6);
const TOP = Number(process.env.PROFILE_TOP || 30);
const dir = process.env.PROFILE_KEEP || fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-prof-'));
const data = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-prof-data-'));
const env = process.env.PROFILE_DATABASE_URL
  ? { DATABASE_URL: process.env.PROFILE_DATABASE_URL }
  : { DATA_DIR: data, DATABASE_URL: '' };

const app = await startApp('profile', env, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
let result;
try {
  const { cookie } = await login(app.base, process.env.PROFILE_USER || 'admin');
  const make = () => ({ path: target, headers: { cookie } });
  await drive({ base: app.base, clients: 10, seconds: 2, make }); // warm-up
  result = await drive({ base: app.base, clients: 10, seconds: SECONDS, make });
} finally {
  await app.stop(); // the profile is written when the process exits
  fs.rmSync(data, { recursive: true, force: true });
}
console.log(`${fmt(target, result)}   load average ${load()}`);

const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const prof = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) => {
  const url = n.callFrame.url
    .replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/.*\/packages\//, '');
  return `${n.callFrame.functionName || '(anonymous)'} ${url}${url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
};
// Only the last SECONDS + 1 s of samples: the measured load and the shutdown, not start-up and seeding.
const total = prof.timeDeltas.reduce((a, b) => a + b, 0);
const from = total - (SECONDS + 1) * 1e6;
const self = new Map();
const incl = new Map();
let busy = 0;
let t = 0;
prof.samples.forEach((id, i) => {
  const dt = prof.timeDeltas[i] ?? 0;
  t += dt;
  if (t < from) return;
  const k = name(byId.get(id));
  if (k.startsWith('(idle)')) return;
  busy += dt;
  self.set(k, (self.get(k) ?? 0) + dt);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const kk = name(byId.get(cur));
    if (seen.has(kk) || kk.startsWith('(root)')) continue;
    seen.add(kk);
    incl.set(kk, (incl.get(kk) ?? 0) + dt);
  }
});
const top = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([k, v]) => `${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`\nbusy CPU ${(busy / 1000).toFixed(0)} ms in the last ${SECONDS + 1} s; self time:\n${top(self)}`);
console.log(`\ninclusive time:\n${top(incl)}`);
if (!process.env.PROFILE_KEEP) fs.rmSync(dir, { recursive: true, force: true });
else console.log(`\nprofile kept: ${path.join(dir, file)}`);
