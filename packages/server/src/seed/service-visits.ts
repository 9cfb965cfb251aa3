import { and, eq, sql } from 'drizzle-orm';
import { addDays, todayIn, type VisitKind, type VisitStatus } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { profile, reservation, users, visit, visitStatusLog } from '../db/schema/index.js';
import { formatDocNumber, nextNumber } from '../lib/numbering.js';

/**
 * Demo visits of the Jakarta branch (issue 11 item 8): today's queue in every status across its doctors (walk-ins
 * and checked-in reservations, several needing photos), three weeks of finished and cancelled visits, and a few
 * past visits whose follow-up is due tomorrow (the reminder page lists them). Codes and queue numbers come from
 * the same counters the service uses, so the next registration continues the day's queue. Every visit has its
 * status log. Checked-in reservations ('datang') take at most one place per slot. Deterministic for a date.
 */

type Step = { to: VisitStatus; at: string };

/** The status chain from menunggu to `status`, a few minutes apart from `start` (HH:MM, branch time). */
function chain(date: string, start: string, status: VisitStatus, offset: string): Step[] {
  const [h, m] = start.split(':').map(Number);
  const at = (min: number) => {
    const t = h * 60 + m + min;
    return `${date}T${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}:00${offset}`;
  };
  const steps: Step[] = [{ to: 'menunggu', at: at(0) }];
  const path: VisitStatus[] =
    status === 'batal'
      ? ['batal']
      : (['dipanggil', 'diperiksa', 'selesai'] as VisitStatus[]).slice(
          0,
          ['dipanggil', 'diperiksa', 'selesai'].indexOf(status) + 1,
        );
  path.forEach((to, i) => steps.push({ to, at: at(12 + i * 15) }));
  return steps;
}

export async function seedVisits(
  tx: Db,
  branchIds: number[],
  random: () => number,
  now: Date = new Date(),
): Promise<{ visits: number }> {
  const branch = branchIds[0];
  const [b] = await tx.select({ timezone: profile.timezone }).from(profile).where(eq(profile.id, branch));
  const tz = b?.timezone ?? 'Asia/Jakarta';
  const offset = tz === 'Asia/Makassar' ? '+08:00' : tz === 'Asia/Jayapura' ? '+09:00' : '+07:00';
  const today = todayIn(tz, now);
  const doctors = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile_id, branch), eq(users.role, 2), eq(users.status, 1)))
    .orderBy(users.id);
  const patients = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile_id, branch), eq(users.role, 1)))
    .orderBy(users.id);
  const [nurse] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile_id, branch), eq(users.username, 'perawat')));
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile_id, branch), eq(users.username, 'admin')));
  if (doctors.length === 0 || patients.length === 0) return { visits: 0 };
  const pakets = await queryRows<{ id: number; customer_id: number }>(
    tx,
    sql`select m.id, m.customer_id from paket_membership m
        where m.profile_id = ${branch} and m.status = 1
          and exists (select 1 from paket_membership_slot s where s.membership_id = m.id and s.used_slot < s.free_slot)
        order by m.id limit 2`,
  );
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  let count = 0;

  async function addVisit(v: {
    date: string;
    start: string;
    doctor: number;
    customer: number;
    kind: VisitKind;
    status: VisitStatus;
    complaint: string;
    photos?: boolean;
    reservation?: number;
    paket?: number;
    followUp?: string;
    nurse?: number | null;
  }) {
    const day = v.date.replaceAll('-', '');
    const queue = await nextNumber(tx, branch, `ANTRIAN-${v.doctor}`, day);
    const n = await nextNumber(tx, branch, 'KJ', day.slice(0, 6));
    const steps = chain(v.date, v.start, v.status, offset);
    const stamp = (s: VisitStatus) => steps.find((x) => x.to === s)?.at ?? null;
    const [row] = await tx
      .insert(visit)
      .values({
        profile_id: branch,
        code: formatDocNumber('KJ', branch, day.slice(0, 6), n),
        visit_date: v.date,
        queue_number: queue,
        customer_id: v.customer,
        doctor_id: v.doctor,
        nurse_id: v.kind === 'tindakan' && v.status !== 'menunggu' ? (v.nurse ?? null) : null,
        kind: v.kind,
        complaint: v.complaint,
        reservation_id: v.reservation ?? null,
        paket_membership_id: v.paket ?? null,
        needs_multimedia: v.photos ?? false,
        status: v.status,
        called_at: stamp('dipanggil'),
        started_at: stamp('diperiksa'),
        finished_at: stamp('selesai'),
        cancelled_at: stamp('batal'),
        cancel_reason: v.status === 'batal' ? pick(CANCEL_REASONS) : null,
        follow_up_date: v.followUp ?? null,
        created_by: admin?.id ?? null,
        created_at: steps[0].at,
        updated_at: steps[steps.length - 1].at,
      })
      .returning({ id: visit.id });
    await tx.insert(visitStatusLog).values(
      steps.map((s, i) => ({
        visit_id: row.id,
        from_status: i === 0 ? null : steps[i - 1].to,
        to_status: s.to,
        by_user: admin?.id ?? null,
        at: s.at,
      })),
    );
    count++;
    return row.id;
  }

  /** A reservation of today already checked in ('datang'): one per slot at most. */
  async function arrived(customer: number, doctor: number, time: string) {
    const day = today.replaceAll('-', '');
    const n = await nextNumber(tx, branch, 'reservation', day.slice(0, 6));
    const [h, m] = time.split(':').map(Number);
    const end = `${String(Math.floor((h * 60 + m + 30) / 60)).padStart(2, '0')}:${String((m + 30) % 60).padStart(2, '0')}`;
    const [r] = await tx
      .insert(reservation)
      .values({
        profile_id: branch,
        code: formatDocNumber('RSV', branch, day.slice(0, 6), n),
        customer_id: customer,
        doctor_id: doctor,
        date: today,
        time,
        end_time: end,
        slot_capacity: 4,
        status: 'datang',
        note: 'Reservasi demo (sudah datang)',
        created_by: admin?.id ?? null,
        created_at: `${addDays(today, -2)}T10:00:00${offset}`,
      })
      .returning({ id: reservation.id });
    return r.id;
  }

  // Past three weeks (Monday to Saturday): finished visits, some cancelled; a few follow-ups due tomorrow (visits of
  // one and two weeks ago, from two days each so a Sunday never leaves none).
  const tomorrow = addDays(today, 1);
  let followUps = 0;
  for (let d = 21; d >= 1; d--) {
    const date = addDays(today, -d);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) continue;
    const perDay = 3 + Math.floor(random() * 3);
    for (let i = 0; i < perDay; i++) {
      const kind: VisitKind = random() < 0.6 ? 'konsultasi' : 'tindakan';
      const status: VisitStatus = random() < 0.85 ? 'selesai' : 'batal';
      const followUp = status === 'selesai' && [7, 8, 14, 15].includes(d) && followUps < 4 ? tomorrow : undefined;
      if (followUp) followUps++;
      await addVisit({
        date,
        start: `${String(9 + i).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`,
        doctor: doctors[i % doctors.length].id,
        customer: pick(patients).id,
        kind,
        status,
        complaint: pick(kind === 'konsultasi' ? COMPLAINTS : TREATMENTS),
        photos: kind === 'tindakan' && random() < 0.5,
        followUp,
        nurse: nurse?.id,
      });
    }
  }

  // Today: every status across the doctors, walk-ins and checked-in reservations, several needing photos.
  const todays: { status: VisitStatus; kind: VisitKind; reserved?: string; photos?: boolean; start: string }[][] = [
    [
      { status: 'selesai', kind: 'konsultasi', reserved: '08:00', start: '08:05' },
      { status: 'selesai', kind: 'tindakan', photos: true, start: '08:20' },
      { status: 'diperiksa', kind: 'konsultasi', reserved: '09:00', start: '09:02' },
      { status: 'dipanggil', kind: 'tindakan', photos: true, start: '09:10' },
      { status: 'menunggu', kind: 'konsultasi', start: '09:25' },
      { status: 'menunggu', kind: 'tindakan', photos: true, start: '09:40' },
      { status: 'batal', kind: 'konsultasi', start: '08:40' },
    ],
    [
      { status: 'selesai', kind: 'tindakan', photos: true, reserved: '08:30', start: '08:31' },
      { status: 'diperiksa', kind: 'tindakan', start: '09:05' },
      { status: 'dipanggil', kind: 'konsultasi', reserved: '09:30', start: '09:28' },
      { status: 'menunggu', kind: 'konsultasi', start: '09:45' },
      { status: 'menunggu', kind: 'tindakan', photos: true, start: '10:00' },
      { status: 'batal', kind: 'tindakan', start: '08:50' },
    ],
  ];
  let p = 0;
  for (let di = 0; di < Math.min(doctors.length, todays.length); di++) {
    const doctor = doctors[di].id;
    for (const v of todays[di]) {
      const customer = patients[p++ % patients.length].id;
      const res = v.reserved ? await arrived(customer, doctor, v.reserved) : undefined;
      await addVisit({
        date: today,
        start: v.start,
        doctor,
        customer,
        kind: v.kind,
        status: v.status,
        complaint: pick(v.kind === 'konsultasi' ? COMPLAINTS : TREATMENTS),
        photos: v.photos,
        reservation: res,
        nurse: nurse?.id,
      });
    }
  }
  // Pemakaian paket: a patient with package slots left waits for a treatment from the package.
  for (const [i, m] of pakets.entries()) {
    await addVisit({
      date: today,
      start: `10:${String(10 + i * 10)}`,
      doctor: doctors[i % doctors.length].id,
      customer: Number(m.customer_id),
      kind: 'paket',
      status: i === 0 ? 'menunggu' : 'dipanggil',
      complaint: 'Pemakaian paket',
      photos: true,
      paket: Number(m.id),
      nurse: nurse?.id,
    });
  }
  return { visits: count };
}

const COMPLAINTS = [
  'Jerawat meradang di pipi',
  'Flek hitam di wajah',
  'Kulit kering dan gatal',
  'Kontrol pengobatan jerawat',
  'Rambut rontok',
  'Konsultasi perawatan anti-aging',
  'Bekas jerawat',
];
const TREATMENTS = [
  'Facial acne',
  'Chemical peeling',
  'Laser rejuvenation',
  'Microneedling',
  'Facial brightening',
  'Injeksi vitamin C',
];
const CANCEL_REASONS = ['Pasien pulang sebelum dipanggil', 'Pasien minta jadwal ulang', 'Dokter berhalangan'];
