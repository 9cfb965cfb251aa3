import { and, asc, eq } from 'drizzle-orm';
import { addDays, ROLE_IDS, todayIn } from '@klinik/shared';
import type { Db } from '../db/client.js';
import { doctorPractice, doctorSchedule, profile, reservation, scheduleClosed, users } from '../db/schema/index.js';
import { formatDocNumber, nextNumber } from '../lib/numbering.js';

/**
 * Demo data of doctors' practice and reservations (issue 11 items 1, 2, 6): every demo doctor practises in their
 * branch Monday to Saturday; Jakarta has reservations for the past three weeks (batal with a reason, tidak_datang),
 * today and tomorrow (booked, for the queue and the reminder page). At most 2 reservations in any one slot (the
 * visits seed adds checked-in 'datang' ones, at most 1 per slot). Deterministic given today's date.
 */
const BLOCKS: Record<number, [string, string][]> = {
  // doctor index in the branch -> weekday blocks (Mon-Fri); Saturday is the first block only.
  0: [
    ['09:00', '12:00'],
    ['13:00', '16:00'],
  ],
  1: [['13:00', '19:00']],
};
const CANCEL_REASONS = [
  'Pasien berhalangan hadir',
  'Pasien sakit',
  'Jadwal bentrok dengan pekerjaan',
  'Pindah ke cabang lain',
];
const NOTES = [
  'Konsultasi jerawat',
  'Kontrol pasca facial',
  'Konsultasi flek hitam',
  null,
  'Konsultasi rambut rontok',
  null,
];

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const fromMin = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const isoDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

export async function seedServiceSchedule(tx: Db, branchIds: number[], now: Date = new Date()): Promise<void> {
  const schedulesByBranch = new Map<number, { doctor: number; day: number; start: string; end: string }[]>();
  for (const profileId of branchIds) {
    const doctors = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.profile_id, profileId), eq(users.role, 2)))
      .orderBy(asc(users.id));
    const blocks: { doctor: number; day: number; start: string; end: string }[] = [];
    for (const [i, d] of doctors.entries()) {
      await tx.insert(doctorPractice).values({
        profile_id: profileId,
        doctor_id: d.id,
        sip_number: `SIP/${String(profileId).padStart(2, '0')}/${String(d.id).padStart(4, '0')}/2024`,
        specialization: /Sp\.KK/.test(d.name) ? 'Dermatologi dan Venereologi' : 'Dokter Umum Estetika',
      });
      const own = BLOCKS[i % 2];
      for (let day = 1; day <= 6; day++) {
        for (const [start, end] of day === 6 ? own.slice(0, 1) : own) {
          await tx
            .insert(doctorSchedule)
            .values({ profile_id: profileId, doctor_id: d.id, day_of_week: day, start_time: start, end_time: end });
          blocks.push({ doctor: d.id, day, start, end });
        }
      }
    }
    schedulesByBranch.set(profileId, blocks);
  }

  // Jakarta: reservations of its patients.
  const jakarta = branchIds[0];
  const [branch] = await tx.select().from(profile).where(eq(profile.id, jakarta));
  const today = todayIn(branch?.timezone ?? 'Asia/Jakarta', now);
  const patients = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile_id, jakarta), eq(users.role, 1)))
    .orderBy(asc(users.id));
  const blocks = schedulesByBranch.get(jakarta) ?? [];
  if (!patients.length || !blocks.length) return;
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile_id, jakarta), eq(users.role, ROLE_IDS.admin)))
    .orderBy(asc(users.id))
    .limit(1);

  let k = 0;
  for (let offset = -21; offset <= 1; offset++) {
    const date = addDays(today, offset);
    const day = isoDay(date);
    for (const b of blocks.filter((x) => x.day === day)) {
      const slots: string[] = [];
      for (let m = toMin(b.start); m + 30 <= toMin(b.end); m += 30) slots.push(fromMin(m));
      // Past days: a few bookings that were cancelled or not kept; today and tomorrow: a fuller book.
      const picks =
        offset < 0 ? slots.filter((_, i) => (i + offset + b.doctor) % 4 === 0) : slots.filter((_, i) => i % 2 === 0);
      for (const [i, time] of picks.entries()) {
        const count = offset >= 0 && i % 3 === 0 ? 2 : 1; // at most 2 per slot
        for (let c = 0; c < count; c++) {
          k++;
          const status =
            offset < 0 ? (k % 3 === 0 ? 'batal' : 'tidak_datang') : offset === 1 && k % 7 === 0 ? 'batal' : 'booked';
          const period = date.slice(0, 7).replace('-', '');
          const n = await nextNumber(tx, jakarta, 'reservation', period);
          await tx.insert(reservation).values({
            profile_id: jakarta,
            code: formatDocNumber('RSV', jakarta, period, n),
            customer_id: patients[(k * 7) % patients.length].id,
            doctor_id: b.doctor,
            date,
            time,
            end_time: fromMin(toMin(time) + 30),
            slot_capacity: 4,
            note: NOTES[k % NOTES.length],
            status,
            cancel_reason: status === 'batal' ? CANCEL_REASONS[k % CANCEL_REASONS.length] : null,
            created_by: admin?.id ?? null,
          });
        }
      }
    }
  }

  // A day off next week for Jakarta's second doctor, so the schedule view shows one.
  const second = [...new Set(blocks.map((b) => b.doctor))][1];
  if (second) {
    let off = addDays(today, 7);
    while (isoDay(off) === 7) off = addDays(off, 1);
    await tx.insert(scheduleClosed).values({
      profile_id: jakarta,
      doctor_id: second,
      date: off,
      reason: 'Cuti seminar',
      created_by: admin?.id ?? null,
    });
  }
}
