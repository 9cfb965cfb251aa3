import { and, eq, ne } from 'drizzle-orm';
import { addMonths, ROLE_IDS, todayIn, toSen, type PtkpStatus } from '@klinik/shared';
import type { Db } from '../db/client.js';
import {
  checklog,
  department,
  employee,
  office,
  payrollComponent,
  payrollGroup,
  payrollGroupComponent,
  payrollGroupMember,
  profile,
  roster,
  shift,
  users,
} from '../db/schema/index.js';
import { addDaysTo, approveRun, createRun, localToEpoch } from '../modules/attendance/index.js';
import { seedCtx } from './finance.js';

/**
 * Demo attendance and payroll (issue 15 item 7), every branch: departments, employment data with different PTKP
 * statuses (a doctor as bukan pegawai), three shifts (one overnight), a roster from the first day of the previous
 * month to a week ahead, the device punches of each past rostered day (some late, one missing check-out, overnight
 * shifts closing after midnight, one unknown code), payroll components and a 'Bulanan' group. Jakarta, the only
 * branch with books, also gets last month's payroll run computed and approved through the payroll service (its
 * journal in the trial balance). Denpasar has an office, so its web check-in needs the browser's location.
 * Deterministic given `now` and the PRNG. Runs inside the demo seed's transaction, after seedFinance.
 */
export interface AttendanceSeedResult {
  employees: number;
  punches: number;
  approvedRun: number | null;
}

const PTKP_CYCLE: PtkpStatus[] = ['TK/0', 'K/1', 'K/2', 'TK/1', 'K/0', 'K/3', 'TK/2', 'K/1'];
const SALARY: Record<string, number> = {
  manager: 12_000_000,
  superadmin: 9_000_000,
  admin: 5_500_000,
  finance: 7_000_000,
  inventory: 5_000_000,
  multimedia: 5_000_000,
  perawat: 6_000_000,
  apoteker: 7_500_000,
  investor: 0,
  dokter: 15_000_000,
};
const ROLE_BY_ID = Object.fromEntries(Object.entries(ROLE_IDS).map(([k, v]) => [v, k]));

export async function seedAttendance(
  tx: Db,
  branchIds: number[],
  random: () => number,
  now: Date = new Date(),
): Promise<AttendanceSeedResult> {
  let employees = 0;
  let punches = 0;
  let approvedRun: number | null = null;
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'owner'));

  for (const [bi, branchId] of branchIds.entries()) {
    const [branch] = await tx.select({ timezone: profile.timezone }).from(profile).where(eq(profile.id, branchId));
    const tz = branch?.timezone ?? 'Asia/Jakarta';
    const today = todayIn(tz, now);
    const from = addMonths(`${today.slice(0, 8)}01`, -1);

    const deps = await tx
      .insert(department)
      .values(['Medis', 'Administrasi', 'Keuangan'].map((name) => ({ profile_id: branchId, name })))
      .returning({ id: department.id, name: department.name });
    const dep = (n: string) => deps.find((d) => d.name === n)!.id;
    const [pagi, siang, malam] = await tx
      .insert(shift)
      .values([
        {
          profile_id: branchId,
          name: 'Pagi',
          start_time: '08:00',
          end_time: '16:00',
          break_minutes: 60,
          late_tolerance: 10,
        },
        {
          profile_id: branchId,
          name: 'Siang',
          start_time: '13:00',
          end_time: '21:00',
          break_minutes: 60,
          late_tolerance: 10,
        },
        {
          profile_id: branchId,
          name: 'Malam',
          start_time: '21:00',
          end_time: '07:00',
          break_minutes: 30,
          crosses_midnight: true,
          late_tolerance: 5,
        },
      ])
      .returning();
    if (bi === 2) {
      await tx.insert(office).values({
        profile_id: branchId,
        name: 'Kantor Denpasar',
        latitude: -8.670458,
        longitude: 115.212629,
        radius: 150,
      });
    }

    // Staff of the branch (top-level accounts and the investor draw no salary here).
    const staff = (
      await tx
        .select({ id: users.id, role: users.role, roletoplevel: users.roletoplevel, name: users.name })
        .from(users)
        .where(and(eq(users.profile_id, branchId), ne(users.role, ROLE_IDS.customer)))
        .orderBy(users.id)
    ).filter((s) => s.roletoplevel === 0 && ROLE_BY_ID[s.role] !== 'investor');
    for (const [i, s] of staff.entries()) {
      const role = ROLE_BY_ID[s.role] ?? 'admin';
      const code = `${bi + 1}${String(i + 1).padStart(3, '0')}`;
      await tx.update(users).set({ attendance_code: code }).where(eq(users.id, s.id));
      const medical = role === 'dokter' || role === 'perawat' || role === 'apoteker';
      await tx.insert(employee).values({
        user_id: s.id,
        profile_id: branchId,
        department_id: dep(medical ? 'Medis' : role === 'finance' ? 'Keuangan' : 'Administrasi'),
        position: role === 'dokter' ? 'Dokter' : role === 'perawat' ? 'Perawat' : role[0].toUpperCase() + role.slice(1),
        join_date: `2024-0${1 + (i % 9)}-02`,
        // The second doctor is paid by fee: bukan pegawai (Pasal 17 on 50% of each payment, PMK 168/2023).
        employment: role === 'dokter' && i % 2 === 1 ? 'bukan_pegawai' : 'tetap',
        ptkp: PTKP_CYCLE[(i + bi) % PTKP_CYCLE.length],
        nik: `31710${String(bi)}${String(100000 + i * 7).slice(0, 6)}0${String(i).padStart(3, '0')}`.slice(0, 16),
        npwp: `0${String(bi)}${String(1234567890123 + i * 101).slice(0, 13)}`.slice(0, 15),
        bank_name: 'BCA',
        bank_account: `5${String(bi)}${String(10000000 + i * 131)}`,
        bank_holder: s.name,
        base_salary: toSen(SALARY[role] ?? 5_000_000),
      });
      employees++;
    }

    // Roster: Monday to Saturday; the first perawat works nights on Tuesday and Wednesday, the first admin afternoons.
    const nightWorker = staff.find((s) => ROLE_BY_ID[s.role] === 'perawat')?.id;
    const afternoon = staff.find((s) => ROLE_BY_ID[s.role] === 'admin')?.id;
    const shiftOf = (userId: number, date: string) => {
      const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (wd === 0) return null;
      // Nights Tuesday and Wednesday, then Thursday off: a night shift ending at 07:00 is not followed by a day shift.
      if (userId === nightWorker && (wd === 2 || wd === 3)) return malam;
      if (userId === nightWorker && wd === 4) return null;
      if (userId === afternoon) return siang;
      return pagi;
    };
    const rosterRows: { user_id: number; date: string; profile_id: number; shift_id: number; updated_by: number }[] =
      [];
    for (let d = from; d <= addDaysTo(today, 6); d = addDaysTo(d, 1)) {
      for (const s of staff) {
        const sh = shiftOf(s.id, d);
        if (sh)
          rosterRows.push({ user_id: s.id, date: d, profile_id: branchId, shift_id: sh.id, updated_by: owner.id });
      }
    }
    if (rosterRows.length) await tx.insert(roster).values(rosterRows);

    // Device punches of every past rostered day (today's are left to the people at work).
    const codeOf = new Map(staff.map((s, i) => [s.id, `${bi + 1}${String(i + 1).padStart(3, '0')}`]));
    const logs: (typeof checklog.$inferInsert)[] = [];
    let missingDone = false;
    const punch = (userId: number | null, code: string, date: string, time: string, state: number) =>
      logs.push({
        profile_id: branchId,
        user_id: userId,
        attendance_code: code,
        punch_at: new Date(localToEpoch(date, time, tz)).toISOString(),
        state,
        source: 'device',
        created_by: owner.id,
      });
    const at = (hhmm: string, minutes: number) => {
      const t = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes;
      const m = ((t % 1440) + 1440) % 1440;
      return {
        time: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`,
        nextDay: t >= 1440,
      };
    };
    for (const r of rosterRows) {
      if (r.date >= today) continue;
      const sh = [pagi, siang, malam].find((x) => x.id === r.shift_id)!;
      const roll = random();
      // Absent now and then; late (beyond the tolerance) about one day in seven.
      if (roll < 0.04) continue;
      const inOffset = roll < 0.18 ? 12 + Math.floor(random() * 35) : -Math.floor(random() * 20);
      const tin = at(sh.start_time, inOffset);
      const code = codeOf.get(r.user_id)!;
      punch(r.user_id, code, tin.nextDay ? addDaysTo(r.date, 1) : r.date, tin.time, 0);
      // One forgotten check-out in the branch, on the first Monday of the range.
      if (!missingDone && new Date(`${r.date}T00:00:00Z`).getUTCDay() === 1 && r.user_id === afternoon) {
        missingDone = true;
        continue;
      }
      const endDate = sh.crosses_midnight ? addDaysTo(r.date, 1) : r.date;
      const tout = at(sh.end_time, Math.floor(random() * 25) - (random() < 0.05 ? 30 : 0));
      punch(r.user_id, code, tout.nextDay ? addDaysTo(endDate, 1) : endDate, tout.time, 1);
    }
    // A fingerprint enrolled on the device but not yet in the app: imported, listed, never dropped.
    punch(null, `${bi + 1}999`, addDaysTo(today, -1), '08:03:00', 0);
    for (let i = 0; i < logs.length; i += 500) await tx.insert(checklog).values(logs.slice(i, i + 500));
    punches += logs.length;

    // Payroll components and the monthly group.
    const comps = await tx
      .insert(payrollComponent)
      .values([
        {
          profile_id: branchId,
          name: 'Tunjangan jabatan',
          kind: 'earning',
          method: 'fixed',
          amount: toSen(500_000),
          bpjs_base: true,
        },
        { profile_id: branchId, name: 'Uang transport', kind: 'earning', method: 'per_day', amount: toSen(25_000) },
        {
          profile_id: branchId,
          name: 'Potongan terlambat',
          kind: 'deduction',
          method: 'per_late_minute',
          amount: toSen(1_000),
          taxable: false,
        },
      ])
      .returning({ id: payrollComponent.id });
    const [group] = await tx
      .insert(payrollGroup)
      .values({ profile_id: branchId, name: 'Bulanan', cutoff_day: 0 })
      .returning({ id: payrollGroup.id });
    await tx.insert(payrollGroupComponent).values(comps.map((c) => ({ group_id: group.id, component_id: c.id })));
    if (staff.length)
      await tx.insert(payrollGroupMember).values(staff.map((s) => ({ group_id: group.id, user_id: s.id })));

    // Last month's run, approved, in the branch with books (Jakarta): computed by finance, approved by the owner
    // (a run is approved by someone other than its creator and its payees, issue 25).
    if (bi === 0) {
      const run = await createRun(await seedCtx(tx, branchId, now, 'finance'), {
        period: from.slice(0, 7),
        group: group.id,
      });
      approvedRun = (await approveRun(await seedCtx(tx, branchId, now), run.id)).id;
    }
  }
  return { employees, punches, approvedRun };
}
