import { and, eq, sql } from 'drizzle-orm';
import { addDays, todayIn, toSen } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { formLab, perawatan, profile, users } from '../db/schema/index.js';
import { formatDocNumber, nextNumber } from '../lib/numbering.js';
import {
  LONG_HISTORY_PATIENT,
  LONG_HISTORY_VISITS,
  type Dx,
  SOAP,
  PROCEDURES,
  MEDICINES,
  DEMO_ALLERGY,
  type RecordPlan,
  reserveIds,
  insertJson,
  demoItems,
} from './medical-records-data.js';

export { LONG_HISTORY_PATIENT, LONG_HISTORY_VISITS, DEMO_ALLERGY } from './medical-records-data.js';

/**
 * Demo medical records (issue 12 item 7) of the Jakarta branch, after the visits seed: every finished past visit
 * gets a finished record (SOAP with vital signs and ICD-10 diagnoses, the treatment of a treatment visit, some
 * products, some prescriptions, a few lab forms), and one patient, "Sri Rahayu Wulandari", has 700 past visits with records (about
 * five years, before the visits seed's weeks) so the speed of the patient timeline is visible. Written in bulk
 * (ids reserved from the sequences, one INSERT ... SELECT from JSON per table): the demo seed runs in tests.
 * Deterministic for a date (the PRNG is given). Rows are written straight into the append-only tables; the
 * database's triggers check each (entry consistent with its record, version 1 creating the head).
 */

export async function seedMedicalRecords(
  tx: Db,
  branchIds: number[],
  random: () => number,
  now: Date = new Date(),
): Promise<{ records: number; longHistoryPatient: number | null }> {
  const branch = branchIds[0];
  const [b] = await tx.select({ timezone: profile.timezone }).from(profile).where(eq(profile.id, branch));
  if (!b) return { records: 0, longHistoryPatient: null };
  const tz = b.timezone;
  const offset = tz === 'Asia/Makassar' ? '+08:00' : tz === 'Asia/Jayapura' ? '+09:00' : '+07:00';
  const today = todayIn(tz, now);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];

  const doctors = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile_id, branch), eq(users.role, 2), eq(users.status, 1)))
    .orderBy(users.id);
  const [nurse] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile_id, branch), eq(users.username, 'perawat')));
  if (!doctors.length) return { records: 0, longHistoryPatient: null };
  const tindakan = new Map(
    (
      await tx
        .select({ id: perawatan.id, code: perawatan.code, price: perawatan.price, share: perawatan.doctor_share })
        .from(perawatan)
        .where(eq(perawatan.profile_id, branch))
    ).map((r) => [r.code, r]),
  );
  const { products, medicine } = await demoItems(tx, branch);

  // ------------------------------------------------------------------ the patient with 700 visits
  const n = await nextNumber(tx, branch, 'RM');
  const [patient] = await tx
    .insert(users)
    .values({
      role: 1,
      username: `RM${String(branch).padStart(2, '0')}${String(n).padStart(6, '0')}`,
      name: LONG_HISTORY_PATIENT,
      initial: 'SR',
      gender: 1,
      marital: 1,
      birth_place: 'Yogyakarta',
      birth_date: '1978-04-17',
      idcard: '3174055704780003',
      phone: '081277001700',
      email: 'sri.rahayu.w@gmail.com',
      address: 'Jl. Kemang Raya No. 45, RT 004/RW 002',
      desa: 'Bangka',
      kecamatan: 'Mampang Prapatan',
      city: 'Kota Administrasi Jakarta Selatan',
      provincy: 'DKI Jakarta',
      postalcode: '12730',
      profile_id: branch,
      status: 1,
      join_at: '2020-01-06',
    })
    .returning({ id: users.id });
  // Her visits end in the month before the visits seed's three weeks (their counters never meet), one every two
  // or three days going back about five years.
  const lastMonth = addDays(today, -22).slice(0, 7);
  let date = addDays(`${lastMonth}-01`, -1);
  const history: { id?: number; date: string; doctor: number; kind: string; complaint: string; start: string }[] = [];
  const complaints = Object.keys(SOAP);
  const procedures = Object.keys(PROCEDURES);
  while (history.length < LONG_HISTORY_VISITS) {
    if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) {
      const kind = history.length % 3 === 1 ? 'tindakan' : 'konsultasi';
      history.push({
        date,
        doctor: doctors[history.length % doctors.length].id,
        kind,
        complaint: kind === 'tindakan' ? pick(procedures) : pick(complaints),
        start: `${String(9 + Math.floor(random() * 8)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`,
      });
    }
    date = addDays(date, random() < 0.5 ? -2 : -3);
  }
  history.reverse();
  const visitIds = await reserveIds(tx, 'visit', history.length);
  const perMonth = new Map<string, number>();
  const at = (d: string, hm: string, plus = 0) => {
    const [h, m] = hm.split(':').map(Number);
    const t = h * 60 + m + plus;
    return `${d}T${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}:00${offset}`;
  };
  const visitRows = history.map((v, i) => {
    v.id = visitIds[i];
    const month = v.date.slice(0, 7).replace('-', '');
    const k = (perMonth.get(month) ?? 0) + 1;
    perMonth.set(month, k);
    return {
      id: v.id,
      profile_id: branch,
      code: formatDocNumber('KJ', branch, month, k),
      visit_date: v.date,
      queue_number: 1,
      customer_id: patient.id,
      doctor_id: v.doctor,
      nurse_id: v.kind === 'tindakan' ? (nurse?.id ?? null) : null,
      kind: v.kind,
      complaint: v.complaint,
      status: 'selesai',
      called_at: at(v.date, v.start, 5),
      started_at: at(v.date, v.start, 10),
      finished_at: at(v.date, v.start, 30),
      created_at: at(v.date, v.start),
      updated_at: at(v.date, v.start, 30),
    };
  });
  await insertJson(
    tx,
    'visit',
    [
      ['id', 'int'],
      ['profile_id', 'int'],
      ['code', 'text'],
      ['visit_date', 'date'],
      ['queue_number', 'int'],
      ['customer_id', 'int'],
      ['doctor_id', 'int'],
      ['nurse_id', 'int'],
      ['kind', 'text'],
      ['complaint', 'text'],
      ['status', 'text'],
      ['called_at', 'timestamptz'],
      ['started_at', 'timestamptz'],
      ['finished_at', 'timestamptz'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    visitRows,
  );
  // Their status log (menunggu -> dipanggil -> diperiksa -> selesai) and the month counters continuing after them.
  await tx.execute(sql`insert into visit_status_log (visit_id, from_status, to_status, at)
      select v.id, s.from_status, s.to_status, v.created_at + s.plus
      from visit v, (values (null, 'menunggu', interval '0'), ('menunggu', 'dipanggil', interval '5 minutes'),
                            ('dipanggil', 'diperiksa', interval '10 minutes'), ('diperiksa', 'selesai', interval '30 minutes'))
                     as s(from_status, to_status, plus)
      where v.customer_id = ${patient.id}`);
  for (const [month, last] of perMonth)
    await tx.execute(sql`insert into doc_counter (profile_id, kind, period, last) values (${branch}, 'KJ', ${month}, ${last})
        on conflict (profile_id, kind, period) do update set last = greatest(doc_counter.last, excluded.last)`);

  // ------------------------------------------------------------------ records of every finished visit (today's too: the till has bills)
  const past = await queryRows<RecordPlan>(
    tx,
    sql`select id as visit_id, customer_id, doctor_id, nurse_id, visit_date::text as visit_date, kind,
          coalesce(complaint, '') as complaint, coalesce(finished_at, created_at)::text as at
        from visit where profile_id = ${branch} and status = 'selesai' and visit_date <= ${today}
        order by visit_date, id`,
  );
  // Lab forms (no draw from the PRNG, so everything else stays as it was): hair loss work-ups get a complete blood
  // count (the plan says so), the first of today's finished visits gets one too (the till's queue shows a lab line),
  // and the latest finished visit of one patient holding an unused lab slot of a package gets that form (covered).
  const labs = new Map(
    (
      await tx
        .select({ id: formLab.id, code: formLab.code, price: formLab.price })
        .from(formLab)
        .where(and(eq(formLab.profile_id, branch), eq(formLab.status, 1)))
    ).map((r) => [r.code, r]),
  );
  const labSlots = await queryRows<{ customer_id: number; form_lab_id: number }>(
    tx,
    sql`select m.customer_id, i.form_lab_id from paket_membership_slot s
        join paket_membership m on m.id = s.membership_id
        join paket_history_item i on i.id = s.paket_history_item_id
        where s.profile_id = ${branch} and s.type = 3 and m.status in (1, 2) and s.used_slot < s.free_slot
          and s.expired_at >= ${today}
        order by m.id, s.id`,
  );
  const lastVisitOf = new Map(past.map((v) => [Number(v.customer_id), Number(v.visit_id)]));
  const covered = labSlots.find((x) => lastVisitOf.has(Number(x.customer_id)));
  const coveredVisit = covered ? lastVisitOf.get(Number(covered.customer_id)) : undefined;
  const labPrice = new Map([...labs.values()].map((l) => [l.id, Number(l.price)]));
  let todayLab = false;

  const recordIds = await reserveIds(tx, 'rm_record', past.length);
  const records: Record<string, unknown>[] = [];
  const prescriptions: Record<string, unknown>[] = [];
  const entries: Record<string, unknown>[] = [];
  const versions: Record<string, unknown>[] = [];
  const diagnoses: Record<string, unknown>[] = [];
  type Planned = { kind: string; prescription?: number; content: Record<string, unknown>; dx?: Dx };
  const planned: { plan: RecordPlan; record: number; items: Planned[] }[] = [];
  const rxPerMonth = new Map<string, number>();
  let rxCount = 0;
  for (const [i, v] of past.entries()) {
    const record = recordIds[i];
    const proc = v.kind === 'tindakan' ? PROCEDURES[v.complaint] : undefined;
    const tpl = proc?.t ?? SOAP[v.complaint] ?? SOAP['Kontrol pengobatan jerawat'];
    const items: Planned[] = [];
    const vitals =
      random() < 0.8
        ? {
            sistole: 105 + Math.floor(random() * 30),
            diastole: 65 + Math.floor(random() * 20),
            nadi: 66 + Math.floor(random() * 24),
            respirasi: 16 + Math.floor(random() * 5),
            suhu: (36.2 + Math.floor(random() * 9) / 10).toFixed(1),
            spo2: 97 + Math.floor(random() * 4),
            berat: (48 + Math.floor(random() * 30) + 0.5).toFixed(1),
            tinggi: (150 + Math.floor(random() * 25)).toFixed(1),
          }
        : {};
    items.push({
      kind: 'soap',
      content: { subjective: tpl.s, objective: tpl.o, assessment: tpl.a, plan: tpl.p, ...vitals },
      dx: tpl.dx,
    });
    const tm = proc
      ? tindakan.get(proc.tm)
      : v.kind === 'konsultasi' && random() < 0.5
        ? tindakan.get('TM-KONS')
        : undefined;
    if (tm)
      items.push({
        kind: 'treatment',
        content: {
          perawatan_id: tm.id,
          doctor_id: v.doctor_id,
          assistant_id: proc ? (v.nurse_id ?? nurse?.id ?? null) : null,
          icd9cm: proc?.icd9 ?? null,
          qty: 1,
          price: Number(tm.price),
          doctor_share: Number(tm.share),
        },
      });
    const dl = labs.get('LB-DL');
    const labOf = (form: number, note: string | null) => ({
      kind: 'lab',
      content: { form_lab_id: form, qty: 1, price: labPrice.get(form) ?? 0, note },
    });
    if (coveredVisit === Number(v.visit_id) && covered) items.push(labOf(Number(covered.form_lab_id), null));
    else if (dl && v.complaint === 'Rambut rontok' && Number(v.customer_id) !== patient.id)
      items.push(labOf(dl.id, 'Cek anemia dan feritin'));
    else if (dl && v.visit_date === today && !todayLab) items.push(labOf(dl.id, null));
    if (v.visit_date === today && items.some((x) => x.kind === 'lab')) todayLab = true;
    if (products.length && random() < 0.35) {
      const p = pick(products);
      items.push({ kind: 'produk', content: { item_id: p.id, qty: 1, price: Number(p.price) } });
    }
    const wantsRx = !proc && random() < 0.45;
    if (wantsRx) {
      const month = v.visit_date.slice(0, 7).replace('-', '');
      const k = (rxPerMonth.get(month) ?? 0) + 1;
      rxPerMonth.set(month, k);
      const rx = { key: rxCount++, code: formatDocNumber('RSP', branch, month, k) };
      const meds =
        v.complaint.includes('erawat') || v.complaint.includes('Bekas')
          ? ['OB-TRET', 'OB-DOKSI']
          : v.complaint.includes('Flek')
            ? ['OB-HQ4']
            : v.complaint.includes('Rambut')
              ? ['OB-MINOX']
              : ['OB-CETIR'];
      prescriptions.push({ key: rx.key, code: rx.code, record, visit: v });
      for (const code of meds) {
        const m = MEDICINES.find((x) => x[0] === code)!;
        items.push({
          kind: 'resep',
          prescription: rx.key,
          content: { item_id: medicine.get(code), qty: m[5], signa: m[4], price: toSen(m[3]) },
        });
      }
    }
    planned.push({ plan: v, record, items });
    records.push({
      id: record,
      profile_id: branch,
      visit_id: v.visit_id,
      customer_id: v.customer_id,
      doctor_id: v.doctor_id,
      visit_date: v.visit_date,
      status: 'finished',
      finished_at: v.at,
      finished_by: v.doctor_id,
      created_by: v.doctor_id,
      created_at: v.at,
    });
  }
  // The long-history patient's allergy, recorded at her latest past visit.
  const latest = planned.filter((p) => Number(p.plan.customer_id) === patient.id).at(-1);
  latest?.items.push({ kind: 'alergi', content: DEMO_ALLERGY });
  const rxIds = await reserveIds(tx, 'rm_prescription', prescriptions.length);
  const entryCount = planned.reduce((s, p) => s + p.items.length, 0);
  const entryIds = await reserveIds(tx, 'rm_entry', entryCount);
  const versionIds = await reserveIds(tx, 'rm_entry_version', entryCount);
  let e = 0;
  for (const { plan: v, record, items } of planned) {
    for (const it of items) {
      const id = entryIds[e];
      const versionId = versionIds[e];
      e++;
      entries.push({
        id,
        profile_id: branch,
        record_id: record,
        visit_id: v.visit_id,
        customer_id: v.customer_id,
        kind: it.kind,
        prescription_id: it.prescription === undefined ? null : rxIds[it.prescription],
        created_by: v.doctor_id,
        created_at: v.at,
      });
      versions.push({
        id: versionId,
        profile_id: branch,
        entry_id: id,
        kind: it.kind,
        version: 1,
        action: 'create',
        created_by: v.doctor_id,
        created_at: v.at,
        ...it.content,
      });
      for (const [seq, [code, primary]] of (it.dx ?? []).entries())
        diagnoses.push({ profile_id: branch, version_id: versionId, code, is_primary: primary, seq: seq + 1 });
    }
  }
  await insertJson(
    tx,
    'rm_record',
    [
      ['id', 'int'],
      ['profile_id', 'int'],
      ['visit_id', 'int'],
      ['customer_id', 'int'],
      ['doctor_id', 'int'],
      ['visit_date', 'date'],
      ['status', 'text'],
      ['finished_at', 'timestamptz'],
      ['finished_by', 'int'],
      ['created_by', 'int'],
      ['created_at', 'timestamptz'],
    ],
    records,
  );
  await insertJson(
    tx,
    'rm_prescription',
    [
      ['id', 'int'],
      ['profile_id', 'int'],
      ['record_id', 'int'],
      ['visit_id', 'int'],
      ['customer_id', 'int'],
      ['doctor_id', 'int'],
      ['code', 'text'],
      ['pharmacy_status', 'text'],
      ['created_by', 'int'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    prescriptions.map((p, i) => {
      const v = p.visit as RecordPlan;
      return {
        id: rxIds[i],
        profile_id: branch,
        record_id: p.record,
        visit_id: v.visit_id,
        customer_id: v.customer_id,
        doctor_id: v.doctor_id,
        code: p.code,
        pharmacy_status: 'diserahkan',
        created_by: v.doctor_id,
        created_at: v.at,
        updated_at: v.at,
      };
    }),
  );
  for (const [month, last] of rxPerMonth)
    await tx.execute(sql`insert into doc_counter (profile_id, kind, period, last) values (${branch}, 'RSP', ${month}, ${last})
        on conflict (profile_id, kind, period) do update set last = greatest(doc_counter.last, excluded.last)`);
  await insertJson(
    tx,
    'rm_entry',
    [
      ['id', 'int'],
      ['profile_id', 'int'],
      ['record_id', 'int'],
      ['visit_id', 'int'],
      ['customer_id', 'int'],
      ['kind', 'text'],
      ['prescription_id', 'int'],
      ['created_by', 'int'],
      ['created_at', 'timestamptz'],
    ],
    entries,
  );
  await insertJson(
    tx,
    'rm_entry_version',
    [
      ['id', 'int'],
      ['profile_id', 'int'],
      ['entry_id', 'int'],
      ['kind', 'text'],
      ['version', 'int'],
      ['action', 'text'],
      ['subjective', 'text'],
      ['objective', 'text'],
      ['assessment', 'text'],
      ['plan', 'text'],
      ['sistole', 'int'],
      ['diastole', 'int'],
      ['nadi', 'int'],
      ['respirasi', 'int'],
      ['suhu', 'numeric'],
      ['spo2', 'int'],
      ['berat', 'numeric'],
      ['tinggi', 'numeric'],
      ['perawatan_id', 'int'],
      ['doctor_id', 'int'],
      ['assistant_id', 'int'],
      ['icd9cm', 'text'],
      ['item_id', 'int'],
      ['signa', 'text'],
      ['form_lab_id', 'int'],
      ['allergen', 'text'],
      ['note', 'text'],
      ['qty', 'int'],
      ['price', 'bigint'],
      ['doctor_share', 'bigint'],
      ['created_by', 'int'],
      ['created_at', 'timestamptz'],
    ],
    versions,
  );
  await insertJson(
    tx,
    'rm_diagnosis',
    [
      ['profile_id', 'int'],
      ['version_id', 'int'],
      ['code', 'text'],
      ['is_primary', 'boolean'],
      ['seq', 'int'],
    ],
    diagnoses,
  );
  return { records: records.length, longHistoryPatient: patient.id };
}
