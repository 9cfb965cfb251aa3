// How fast the SATUSEHAT outbox drains against the local simulator (issue 33 item 3, goal >= 50 resources/s), on the
// chain database of `pnpm bench:data`: chain branch SS_BRANCH (default 7) is set up as a clinic reporting to the
// simulator (settings through the API as the owner; a Location per visit kind, the branch's doctors and the patients
// of the visits looked up by NIK in the simulator's registers, its treatments mapped to ICD-9-CM 89.7, through the
// API), SS_VISITS (default 300) of its finished visits of the data set (before today: not the day simulator's, whose
// drugs have no KFA code) are put in the outbox as the record's finished hook does, and the built server (sweep every
// second) sends them. Printed: visits and resources sent, the time from the first to the last send, resources/s.
// Outbox rows of an earlier run are removed first. A benchmark: printed, never asserted.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { load, login, machine, ROOT, startApp, withPg } from './lib.mjs';
import { request } from './day-lib.mjs';

/** The simulator of the built server (`main.js satusehat-sim`) in its own process; resolves its URLs and stop(). */
async function startSim(args) {
  const child = spawn(process.execPath, ['packages/server/dist/main.js', 'satusehat-sim', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (/SATUSEHAT_BASE_URL=\S+/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`simulator exited (${code}): ${out}`)));
  });
  return {
    authUrl: /SATUSEHAT_AUTH_URL=(\S+)/.exec(out)[1],
    baseUrl: /SATUSEHAT_BASE_URL=(\S+)/.exec(out)[1],
    close: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}
const u = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
u.pathname = '/' + (process.env.BENCH_CHAIN_DB || 'klinik_chain');
const DB_URL = u.toString();
const BRANCH = Number(process.env.SS_BRANCH || 7);
const VISITS = Number(process.env.SS_VISITS || 300);
const CLIENT = { clientId: 'bench-client', clientSecret: 'bench-secret', orgId: '100000077' };
const KEY = randomBytes(32).toString('hex');

console.log(`# SATUSEHAT outbox drain ${new Date().toISOString()}  ${machine()}  load average ${load()}`);
const setup = await withPg(DB_URL, async (c) => {
  await c.query(
    `delete from satusehat_resource where outbox_id in (select id from satusehat_visit where profile_id = $1)`,
    [BRANCH],
  );
  await c.query(`delete from satusehat_visit where profile_id = $1`, [BRANCH]);
  await c.query(`delete from satusehat_map where profile_id = $1`, [BRANCH]);
  const records = (
    await c.query(
      `select r.id, r.visit_id, v.customer_id, u.idcard, u.name from rm_record r join visit v on v.id = r.visit_id
       join users u on u.id = v.customer_id where r.profile_id = $1 and r.finished_at is not null
         and v.visit_date < current_date
       order by r.id desc limit $2`,
      [BRANCH, VISITS],
    )
  ).rows;
  // The branch's doctors get a NIK when they have none (the chain's accounts are made without one).
  const doctors = (
    await c.query(
      `update users set idcard = coalesce(idcard, lpad((3171000000000000 + id)::text, 16, '0'))
       where role = 2 and profile_id = $1 returning id, idcard, name`,
      [BRANCH],
    )
  ).rows;
  const treatments = (await c.query(`select id from perawatan where profile_id = $1`, [BRANCH])).rows;
  return { records, doctors, treatments };
});
const name = (s) => s.replace(/[^A-Za-z .]/g, '');
const sim = await startSim([
  '--client',
  `${CLIENT.clientId}:${CLIENT.clientSecret}:${CLIENT.orgId}`,
  ...setup.records
    .filter((p) => p.idcard)
    .flatMap((p, i) => ['--patient', `${p.idcard}:P${String(i).padStart(10, '0')}:${name(p.name)}`]),
  ...setup.doctors.flatMap((d, i) => ['--practitioner', `${d.idcard}:1000${100000 + i}:${name(d.name)}`]),
]);

const env = {
  DATABASE_URL: DB_URL,
  SEED_DEMO: '0',
  LOG_LEVEL: 'error',
  SATUSEHAT_AUTH_URL: sim.authUrl,
  SATUSEHAT_BASE_URL: sim.baseUrl,
  SATUSEHAT_SECRET_KEY: KEY,
  SATUSEHAT_SWEEP_SECONDS: '1',
  JOB_POLLING_SECONDS: '1',
};
// Set up through the API (sweep off meanwhile would need a restart: nothing is in the outbox yet, so it idles).
const app = await startApp('satusehat', env);
try {
  const { cookie } = await login(app.base, 'owner');
  const call = async (method, path, body) => {
    const r = await request(app.base, method, path, { cookie, body });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    return r.body;
  };
  await call('POST', '/api/profile/switch', { profile_id: BRANCH });
  await call('PUT', `/api/satusehat/settings/${BRANCH}`, {
    organization_id: CLIENT.orgId,
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    environment: 'staging',
  });
  for (const kind of ['konsultasi', 'tindakan'])
    await call('PUT', '/api/satusehat/mappings', {
      kind: 'location',
      local_key: kind,
      code: `loc-${kind}`,
      display: kind,
    });
  for (const tr of setup.treatments)
    await call('PUT', '/api/satusehat/mappings', { kind: 'treatment', local_key: String(tr.id), code: '89.7' });
  await call('POST', '/api/satusehat/mappings/lookup', { kind: 'practitioner' });
  const ids = setup.records.map((r) => Number(r.customer_id));
  for (let i = 0; i < ids.length; i += 50)
    await call('POST', '/api/satusehat/mappings/lookup', { kind: 'patient', ids: ids.slice(i, i + 50) });
  const t0 = Date.now();
  await withPg(DB_URL, (c) =>
    c.query(
      `insert into satusehat_visit (profile_id, visit_id, record_id, status)
       select $1, r.visit_id, r.id, 'waiting' from rm_record r where r.id = any($2::int[])`,
      [BRANCH, setup.records.map((r) => r.id)],
    ),
  );
  let state;
  for (;;) {
    state = await withPg(DB_URL, async (c) => {
      const v = (
        await c.query(
          `select count(*) filter (where status = 'waiting')::int waiting, count(*) filter (where status = 'sent')::int sent,
                  count(*)::int n, extract(epoch from max(sent_at) - min(sent_at))::float span
           from satusehat_visit where profile_id = $1`,
          [BRANCH],
        )
      ).rows[0];
      const r = (
        await c.query(
          `select count(*) filter (where s.status = 'sent')::int sent, count(*)::int n,
                  string_agg(distinct v.reason, '; ') reasons
           from satusehat_resource s join satusehat_visit v on v.id = s.outbox_id where v.profile_id = $1`,
          [BRANCH],
        )
      ).rows[0];
      return { ...v, resources: r.sent, planned: r.n, reasons: r.reasons };
    });
    if (!state.waiting || Date.now() - t0 > 600_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const wall = (Date.now() - t0) / 1000;
  console.log(
    `  ${state.sent} of ${state.n} visits sent (${state.n - state.sent - state.waiting} failed${state.reasons ? `: ${state.reasons.slice(0, 200)}` : ''}), ${state.resources} resources; first to last send ${Number(state.span).toFixed(1)} s, outbox to drained ${wall.toFixed(1)} s: ${(state.resources / Number(state.span)).toFixed(1)} resources/s (${(state.resources / wall).toFixed(1)} with the sweep's start)`,
  );
} finally {
  await app.stop();
  await sim.close();
}
console.log(`  load average at the end: ${load()}`);
