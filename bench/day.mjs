// `pnpm bench day` (`node bench/run.mjs day`; issue 33 items 2 and 4): a clinic chain's working day through the
// public REST API, on the database `pnpm bench:data` built (BENCH_CHAIN_DB, default klinik_chain, next to
// BENCH_DATABASE_URL). DAY_PROCESSES (1) built servers on that one database (ports side by side, requests spread
// over them); DAY_STAFF (70) virtual staff, seven per branch from branch 4 on (two at the front desk and till, a
// nurse, two doctors, a pharmacist, and the back office), for DAY_SECONDS (60). Patients arrive at a fixed rate
// (DAY_RATE visits/s, default one per 20 staff-seconds) and each visit walks the daily loop: find (or register) the
// patient, register the visit, the nurse calls and takes vitals, the doctor examines (SOAP with diagnosis, a
// treatment, a prescription) and finishes, the pharmacist dispenses, the cashier bills and takes payment (cash, or
// cash + QRIS split; every fifth visit is a package member's: a slot covers the treatment, cash pays the rest).
// Meanwhile each branch's queue and display refresh every DAY_POLL s (5) with the event stream open, and the back
// office pulls reports and an export. Prints p50/p95/p99 per step, errors, CPU and database time and statements per
// visit, and afterwards checks every acknowledged payment is there once, every journal of the day balanced and the
// packages' used slots went up by the slots the payments used. DAY_SLOW_MS prints each call slower than that, with
// the second it ended in. A benchmark: nothing asserted.
import { cpuMs, load, machine, sleep, startApp, withPg } from './lib.mjs';
import {
  closeAgents,
  dbCounters,
  listen,
  login,
  MEMBERS,
  packageMembers,
  request,
  staffOn,
  Steps,
  usedSlots,
} from './day-lib.mjs';

const STAFF = Number(process.env.DAY_STAFF || 70);
const SECONDS = Number(process.env.DAY_SECONDS || 60);
const PROCESSES = Number(process.env.DAY_PROCESSES || 1);
const RATE = Number(process.env.DAY_RATE || STAFF / 20);
const POLL = Number(process.env.DAY_POLL || 5);
const PASSWORD = process.env.DEMO_PASSWORD || 'klinik123';
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const u = new URL(ADMIN_URL);
u.pathname = '/' + (process.env.BENCH_CHAIN_DB || 'klinik_chain');
const DB_URL = u.toString();
const BRANCHES = Math.max(1, Math.min(47, Math.round(STAFF / 7)));
const pad = (b) => String(b).padStart(2, '0');
const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10); // Asia/Jakarta

/** Per branch: the ids the loop needs, and patients to look for. */
async function branchData() {
  return withPg(DB_URL, async (c) => {
    const rows = (
      await c.query(
        `select p.id as b,
          (select array_agg(id order by username) from users where profile_id = p.id and role = 2 and username ~ '\\.c[0-9]{2}$') as doctors,
          (select id from perawatan where profile_id = p.id order by id limit 1) as perawatan,
          (select id from item where profile_id = p.id order by id limit 1) as item,
          (select id from warehouse where profile_id = p.id and kind = 'apotek') as apotek,
          (select array_agg(x) from (select id || '|' || name as x from users where profile_id = p.id and role = 1
             and username like 'RM%' order by id limit 300) s) as patients
        from profile p where p.id between 4 and $1 order by p.id`,
        [3 + BRANCHES],
      )
    ).rows;
    const methods = (await c.query(`select id, type from payment_method order by id`)).rows;
    return { rows, cash: methods.find((m) => m.type === 'tunai')?.id ?? 1, qris: methods[1]?.id ?? 2 };
  });
}

const steps = new Steps();
const acked = []; // { visit, payment } the server answered 2xx to
let visitsDone = 0;
let visitsStarted = 0;
const key = () => `day-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** One visit's walk through the day, by the branch's staff; a failed step ends the walk (counted as an error). */
async function walk(br, ids, n) {
  const { admin, nurse, doctors, pharmacist } = br.staff;
  const doctor = doctors[n % doctors.length];
  let customer;
  if (n % 7 === 0) {
    const r = await admin.call('daftar pasien baru', 'POST', '/api/service/registration/storecustomer', {
      name: `Pasien Hari Ini ${n}`,
      gender: n % 2,
      birth_date: '1990-05-17',
      phone: `0813${String(10000000 + ((n * 7919) % 89999999))}`,
      confirm_duplicate: true,
    });
    if (r.status !== 201) return;
    customer = r.body.data.id;
  } else {
    // Every fifth visit is a package member's (a slot covers the treatment); the others are not members.
    const pick = n % 5 === 2 ? (n * 13) % MEMBERS : MEMBERS + ((n * 31) % (ids.patients.length - MEMBERS));
    const [id, name] = ids.patients[pick].split('|');
    const kw = encodeURIComponent(name.split(' ').slice(0, 2).join(' '));
    const r = await admin.call('cari pasien', 'GET', `/api/service/registration/searchcustomer?keyword=${kw}`);
    if (r.status !== 200) return;
    customer = Number(id);
  }
  const v = await admin.call(
    'registrasi kunjungan',
    'POST',
    '/api/service/visit',
    { customer, doctor: doctor.id, kind: 'konsultasi', complaint: 'Kontrol kulit' },
    { 'idempotency-key': key() },
  );
  if (v.status !== 201) return;
  const visit = v.body.data.id;
  br.expect.set(visit, performance.now());
  if (
    (await nurse.call('panggil pasien', 'POST', `/api/service/visit/${visit}/status`, { status: 'dipanggil' }))
      .status !== 200
  )
    return;
  const vit = { sistole: 120, diastole: 80, nadi: 78, suhu: 36.6, berat: 60, tinggi: 160 };
  if ((await nurse.call('vital perawat', 'POST', `/api/rekammedis/visit/${visit}/soap`, { vitals: vit })).status >= 300)
    return;
  if (
    (await doctor.s.call('mulai periksa', 'POST', `/api/service/visit/${visit}/status`, { status: 'diperiksa' }))
      .status !== 200
  )
    return;
  await doctor.s.call('riwayat pasien', 'GET', `/api/rekammedis/patient/${customer}?page=1`);
  const soap = {
    subjective: 'Kulit kering dan gatal',
    objective: 'Eritema ringan',
    assessment: 'Dermatitis',
    plan: 'Krim, kontrol 2 minggu',
    vitals: {},
    diagnoses: [{ code: 'L20.9', primary: true }],
  };
  if ((await doctor.s.call('SOAP + diagnosis', 'POST', `/api/rekammedis/visit/${visit}/soap`, soap)).status >= 300)
    return;
  const tr = { perawatan: ids.perawatan, qty: 1, doctor: doctor.id };
  if ((await doctor.s.call('tindakan', 'POST', `/api/rekammedis/visit/${visit}/treatment`, tr)).status >= 300) return;
  const rx = { items: [{ item: ids.item, qty: 1, signa: '2 x sehari oles' }] };
  const resep = await doctor.s.call('resep', 'POST', `/api/rekammedis/visit/${visit}/resep`, rx);
  if (resep.status >= 300) return;
  if ((await doctor.s.call('selesai', 'POST', `/api/rekammedis/visit/${visit}/finish`)).status >= 300) return;
  const bill = await admin.call('tagihan', 'GET', `/api/kasir/bill/${visit}`);
  if (bill.status !== 200) return;
  const total = Number(bill.body.data?.total ?? bill.body.data?.due ?? 0);
  // The slots this bill covers (packages/shared `coveredSlots`), named in the payment as the web does.
  const covered = (bill.body.data?.lines ?? []).flatMap((l) => (l.covered_by_paket ? [l.covered_by_paket] : []));
  const slots = covered.length;
  const split = !slots && n % 3 === 0 && total > 1;
  const payments = split
    ? [
        { method: br.cash, amount: Math.floor(total / 2) },
        { method: br.qris, amount: total - Math.floor(total / 2) },
      ]
    : total > 0
      ? [{ method: br.cash, amount: total }]
      : [];
  const pay = await admin.call(
    slots ? 'bayar (paket)' : split ? 'bayar (split)' : 'bayar (tunai)',
    'POST',
    '/api/kasir/payment',
    { visit, payments, paket_slots: covered },
    {
      'idempotency-key': key(),
    },
  );
  if (pay.status >= 300) return;
  acked.push({ visit, payment: pay.body.data?.id, slots });
  const list = await pharmacist.call('antrian resep', 'GET', '/api/inventory/resep?status=antri');
  const mine = list.body?.data?.find?.((r) => r.visit_id === visit);
  if (mine) {
    const d = await pharmacist.call(
      'serah obat',
      'POST',
      '/api/inventory/dispense',
      { resep: mine.id, warehouse: ids.apotek },
      {
        'idempotency-key': key(),
      },
    );
    if (d.status >= 300) return;
  }
  visitsDone++;
}

// Each branch's pollers and back office start at a random point of their first cycle, as people do, not all in the
// same millisecond: started together, the first round was a burst of about 140 requests at once at 350 staff, which
// alone made the back office's p95 (every call over 300 ms came in the run's first second; DAY_SLOW_MS shows them).
async function poller(br, until) {
  await sleep(POLL * 1000 * Math.random());
  while (performance.now() < until) {
    await br.staff.admin.call('antrian (refresh)', 'GET', `/api/service/visit?date=${today()}`);
    await br.staff.nurse.call('layar antrian (refresh)', 'GET', '/api/service/visit/display');
    await sleep(POLL * 1000 * (0.8 + Math.random() * 0.4));
  }
}

async function backOffice(br, until) {
  const month = today().slice(0, 8) + '01';
  const year = `${today().slice(0, 4)}-01-01`;
  const calls = [
    ['laporan kasir harian', `/api/kasir/report/daily?date=${today()}`],
    ['neraca saldo (bulan)', `/api/finance/laporan/trialbalance?from=${month}&to=${today()}`],
    ['laba rugi (tahun)', `/api/finance/laporan/labarugi?from=${year}&to=${today()}`],
    ['neraca', `/api/finance/laporan/neraca?to=${today()}`],
    ['jurnal (halaman 1)', `/api/finance/jurnal?page=1`],
    ['ekspor kasir harian', `/api/kasir/report/daily/export?date=${today()}`],
    ['dashboard', `/api/dashboard`],
    ['daftar kunjungan', `/api/service/kunjungan?page=1`, 'admin'],
    ['daftar pembayaran', `/api/kasir/payment?page=1`, 'admin'],
  ];
  let i = br.b;
  await sleep(4000 * Math.random());
  while (performance.now() < until) {
    const [step, path, who = 'finance'] = calls[i++ % calls.length];
    await br.staff[who].call(step, 'GET', path);
    await sleep(2000 + Math.random() * 2000);
  }
}

async function main() {
  console.log(`# day ${new Date().toISOString()}  ${machine()}  load average at start: ${load()}`);
  console.log(
    `  ${STAFF} staff in ${BRANCHES} branches, ${RATE.toFixed(2)} visits/s for ${SECONDS} s, ${PROCESSES} server process(es)`,
  );
  const data = await branchData();
  const apps = [];
  for (let i = 0; i < PROCESSES; i++)
    apps.push(await startApp(`day${i + 1}`, { DATABASE_URL: DB_URL, SEED_DEMO: '0', LOG_LEVEL: 'error' }));
  const stopAll = () => Promise.all(apps.map((a) => a.stop()));
  try {
    const branches = [];
    let k = 0;
    for (const ids of data.rows) {
      const on = () => apps[k++ % apps.length].base; // each member of staff on one process, spread round robin
      const sign = async (name) => {
        const base = on();
        return staffOn(base, name, await login(base, name, PASSWORD), steps);
      };
      const staff = {
        admin: await sign(`admin.c${pad(ids.b)}`),
        nurse: await sign(`perawat.c${pad(ids.b)}`),
        pharmacist: await sign(`apoteker.c${pad(ids.b)}`),
        finance: await sign(`finance.c${pad(ids.b)}`),
        doctors: [],
      };
      const dnames = ['dokter', 'dokter2'];
      for (let d = 0; d < ids.doctors.length; d++)
        staff.doctors.push({ id: ids.doctors[d], s: await sign(`${dnames[d]}.c${pad(ids.b)}`) });
      // the till: one open session for the cashier today
      const cur = await request(staff.admin.base, 'GET', '/api/kasir/session/current', { cookie: staff.admin.cookie });
      if (!cur.body?.data)
        await request(staff.admin.base, 'POST', '/api/kasir/session', {
          cookie: staff.admin.cookie,
          body: { opening_float: 0 },
          headers: { 'idempotency-key': key() },
        });
      // the queue screen listens on the other process when there are two (a change made in one shows in the other)
      const other = apps[(apps.findIndex((a) => a.base === staff.admin.base) + 1) % apps.length];
      const ev = listen(
        other.base,
        staff.nurse.base === other.base
          ? staff.nurse.cookie
          : await login(other.base, `perawat.c${pad(ids.b)}`, PASSWORD),
      );
      await packageMembers(DB_URL, staff.admin, ids);
      branches.push({ b: ids.b, ids, staff, cash: data.cash, qris: data.qris, ev, expect: new Map() });
    }
    await sleep(500);
    const before = await dbCounters(DB_URL);
    const slotsBefore = await usedSlots(DB_URL);
    const cpu0 = apps.map((a) => cpuMs(a.pid));
    const maxJournal = await withPg(DB_URL, async (c) =>
      Number((await c.query('select max(id) m from jurnal')).rows[0].m),
    );
    const t0 = performance.now();
    const until = t0 + SECONDS * 1000;
    const background = branches.flatMap((br) => [poller(br, until), backOffice(br, until)]);
    const walks = [];
    // fixed arrival rate: visit n starts at t0 + n / RATE, whatever the state of the earlier ones (open model)
    for (let n = 0; performance.now() < until; n++) {
      const at = t0 + (n / RATE) * 1000;
      if (at > performance.now()) await sleep(at - performance.now());
      const br = branches[n % branches.length];
      visitsStarted++;
      walks.push(walk(br, br.ids, n).catch((e) => steps.fail('walk', 0, e.message)));
    }
    await Promise.all(background);
    await Promise.all(walks);
    const elapsed = (performance.now() - t0) / 1000;
    const after = await dbCounters(DB_URL);
    const cpu = apps.map((a, i) => cpuMs(a.pid) - cpu0[i]);
    const lagged = [];
    for (const br of branches) {
      for (const [id, t] of br.expect) {
        const s = br.ev.seen.get(id);
        lagged.push(s === undefined ? Infinity : s - t);
      }
      br.ev.close();
    }
    const per = (x) => (visitsDone ? (x / visitsDone).toFixed(1) : '-');
    console.log(
      `\n## steps (${visitsStarted} visits started, ${visitsDone} walked to the end in ${elapsed.toFixed(0)} s)`,
    );
    console.log(steps.table());
    console.log(`\n  errors: ${steps.errors}; throughput ${((visitsDone / elapsed) * 3600).toFixed(0)} visits/hour`);
    console.log(
      `  per finished visit (every request of the run divided by the visits): server CPU ${per(cpu.reduce((a, b) => a + b, 0))} ms` +
        ` (${cpu.map((c) => c.toFixed(0)).join(' + ')} ms per process), database time in statements ${per(after.activeMs - before.activeMs)} ms,` +
        ` statements ${after.calls === null ? '- (pg_stat_statements not loaded)' : per(after.calls - before.calls)},` +
        ` transactions ${per(after.xacts - before.xacts)}, rows read ${per(after.read - before.read)}, rows written ${per(after.written - before.written)}`,
    );
    const shown = lagged.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    console.log(
      `  event stream: ${branches.reduce((a, br) => a + br.ev.events, 0)} events; of ${lagged.length} registered visits ${shown.length} seen on the queue stream` +
        `${PROCESSES > 1 ? ' of the other process' : ''}, slowest after ${shown.length ? shown[shown.length - 1].toFixed(0) : '-'} ms`,
    );
    // afterwards: every acknowledged payment exists once, every journal of the run balanced
    await withPg(DB_URL, async (c) => {
      const ids = acked.map((a) => a.visit);
      const once = (
        await c.query(
          `select count(*) filter (where n = 1)::int as once, count(*) filter (where n <> 1)::int as other
           from (select v, (select count(*) from kasir_payment p where p.visit_id = v and p.status <> 'void') n from unnest($1::int[]) v) s`,
          [ids],
        )
      ).rows[0];
      const unbalanced = (
        await c.query(
          `select count(*)::int n from jurnal j left join (select jurnal_id, sum(debit) d, sum(credit) c, count(*) n
             from jurnal_detail where jurnal_id > $1 group by 1) s on s.jurnal_id = j.id
           where j.id > $1 and (s.d is null or s.d <> s.c or s.d <> j.total or s.n <> j.line_count)`,
          [maxJournal],
        )
      ).rows[0].n;
      const made = (await c.query('select count(*)::int n from jurnal where id > $1', [maxJournal])).rows[0].n;
      console.log(
        `  check: ${acked.length} acknowledged payments, ${once.once} found exactly once, ${once.other} missing or twice; ` +
          `${made} journals posted in the run, ${unbalanced} unbalanced`,
      );
      const covered = acked.reduce((a, x) => a + x.slots, 0);
      console.log(
        `  check: ${acked.filter((x) => x.slots).length} payments used ${covered} package slots; the packages' used slots went up by ${(await usedSlots(DB_URL)) - slotsBefore}`,
      );
    });
    if (apps.length > 1) {
      // a session ended in one process is refused by the other at once
      const name = `inventory.c${pad(branches[0].b)}`;
      const cookie = await login(apps[0].base, name, PASSWORD);
      const before = await request(apps[1].base, 'GET', '/api/auth/me', { cookie });
      await request(apps[0].base, 'POST', '/api/auth/logout', { cookie, body: {} });
      const after = await request(apps[1].base, 'GET', '/api/auth/me', { cookie });
      console.log(
        `  check: signed in on process 1, /api/auth/me on process 2 ${before.status}; signed out on 1, on 2 at once ${after.status}`,
      );
    }
    console.log(`  load average at the end: ${load()}`);
  } finally {
    closeAgents();
    await stopAll();
  }
}

await main();
