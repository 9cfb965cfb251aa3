/** Attendance: the roster, and punches (device import, web check-in, the checklog). */
import { branchScope } from '../../../http/access-scope.js';
import { type CheckinInput, type ChecklogListQuery, type RosterInput } from '@klinik/shared';
import { requireUser, inTransaction, type Ctx } from '../../../http/context.js';
import { badRequest, badRequestMany } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import * as q from '../queries/index.js';
import { checkPunchImport } from '../punch-import.js';
import { addDaysTo, distanceMetres, epochToLocal, localToEpoch, parseDeviceLog } from '../timeclock.js';

import { MIN, scopeOf } from './scope.js';

// ---------------------------------------------------------------------------------------------------------------
// Roster
// ---------------------------------------------------------------------------------------------------------------

export async function getRoster(ctx: Ctx, range: { from: string; to: string }) {
  requireUser(ctx);
  const rows = await q.rosterRange(ctx.db, ctx.branchId, range.from, range.to);
  return rows.map((r) => ({ employee: r.employee, date: r.date, shift: r.shift, shift_name: r.shift_name }));
}

export async function saveRoster(ctx: Ctx, input: RosterInput) {
  const u = requireUser(ctx).user;
  return inTransaction(ctx, async (tx) => {
    const empIds = [...new Set(input.items.map((i) => i.employee))];
    const shiftIds = [...new Set(input.items.map((i) => i.shift).filter((s): s is number => s !== null))];
    const staff = await q.staffOfBranch(tx.db, ctx.branchId, empIds);
    const shifts = await q.activeShiftsOfBranch(tx.db, ctx.branchId, shiftIds);
    const okStaff = new Set(staff.map((s) => s.id));
    const okShift = new Set(shifts.map((s) => s.id));
    const issues = input.items.flatMap((i, n) => [
      ...(okStaff.has(i.employee)
        ? []
        : [{ message: `Baris ${n + 1}: pegawai tidak ditemukan`, field: `items.${n}.employee` }]),
      ...(i.shift === null || okShift.has(i.shift)
        ? []
        : [{ message: `Baris ${n + 1}: shift tidak ditemukan atau tidak aktif`, field: `items.${n}.shift` }]),
    ]);
    if (issues.length) throw badRequestMany(issues);
    for (const i of input.items) {
      if (i.shift === null) await q.clearRosterDay(tx.db, i.employee, i.date);
      else {
        await q.setRosterDay(tx.db, {
          user_id: i.employee,
          date: i.date,
          profile_id: ctx.branchId,
          shift_id: i.shift,
          updated_by: u.id,
        });
      }
    }
    await audit(tx, { action: 'update', entity: 'roster', after: input.items });
    return { saved: input.items.length };
  });
}

/** Copies one week (7 days from `from`) onto the 7 days from `to`, replacing what the target week had. */
export async function copyRosterWeek(ctx: Ctx, input: { from: string; to: string }) {
  const u = requireUser(ctx).user;
  return inTransaction(ctx, async (tx) => {
    const src = await q.rosterRange(tx.db, ctx.branchId, input.from, addDaysTo(input.from, 6));
    const toEnd = addDaysTo(input.to, 6);
    await q.clearRosterRange(tx.db, ctx.branchId, input.to, toEnd);
    const offset = Math.round((Date.parse(input.to) - Date.parse(input.from)) / 86_400_000);
    await q.insertRosterDays(
      tx.db,
      src.map((r) => ({
        user_id: r.employee,
        date: addDaysTo(r.date, offset),
        profile_id: ctx.branchId,
        shift_id: r.shift,
        updated_by: u.id,
      })),
    );
    await audit(tx, { action: 'copy', entity: 'roster', after: { ...input, rows: src.length } });
    return { copied: src.length };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Punches: device import and web check-in
// ---------------------------------------------------------------------------------------------------------------

/** Where an imported log came from: a file uploaded (with its name) or text (pasted, or the request's body). */
export interface ImportSource {
  kind: 'file' | 'text';
  file_name?: string | null;
}

export async function importChecklog(ctx: Ctx, text: string, source: ImportSource = { kind: 'text' }) {
  const u = requireUser(ctx).user;
  if (!text.trim()) throw badRequest('File log absensi kosong', 'file');
  const { punches, errors } = parseDeviceLog(text);
  if (errors.length) throw badRequestMany(errors.slice(0, 50).map((e) => ({ message: e.message, field: 'file' })));
  if (!punches.length) throw badRequest('File log absensi tidak berisi data absensi', 'file');
  await checkPunchImport(ctx, punches);
  const tz = await q.branchTimezone(ctx.db, ctx.branchId);
  return inTransaction(ctx, async (tx) => {
    const codes = [...new Set(punches.map((p) => p.code))];
    const owners = await q.staffCodes(tx.db, ctx.branchId, codes);
    const byCode = new Map<string, number | null>();
    for (const o of owners) {
      if (!o.code) continue;
      byCode.set(o.code, byCode.has(o.code) ? null : o.id); // a code two people share is not assigned
    }
    const rows = punches.map((p) => ({
      profile_id: ctx.branchId,
      user_id: byCode.get(p.code) ?? null,
      code: p.code,
      punch_at: new Date(localToEpoch(p.date, p.time, tz)).toISOString(),
      state: p.state,
      by: u.id,
    }));
    const importId = await q.insertChecklogImport(tx.db, {
      profile_id: ctx.branchId,
      kind: source.kind,
      file_name: source.file_name?.trim().slice(0, 200) || null,
      line_count: punches.length,
      by: u.id,
    });
    const imported = await q.insertDevicePunches(tx.db, importId, rows);
    await q.setChecklogImported(tx.db, importId, imported);
    const unknown_codes = codes.filter((c) => !byCode.get(c)).sort();
    await audit(tx, {
      action: 'import',
      entity: 'checklog_import',
      entityId: importId,
      after: { lines: punches.length, imported, unknown_codes, kind: source.kind, file_name: source.file_name ?? null },
    });
    return { import_id: importId, imported, duplicates: punches.length - imported, unknown_codes };
  });
}

export async function webPunch(ctx: Ctx, state: 0 | 1, input: CheckinInput) {
  const u = requireUser(ctx).user;
  const offices = (await q.listOffices(ctx.db, branchScope(ctx))).filter((o) => o.status === 1);
  let nearest: { name: string; distance: number } | null = null;
  if (offices.length) {
    if (input.latitude == null || input.longitude == null) {
      throw badRequest('Lokasi wajib diisi: cabang ini mewajibkan absen dari kantor', 'latitude');
    }
    for (const o of offices) {
      const d = distanceMetres(input.latitude, input.longitude, o.latitude, o.longitude);
      if (d <= o.radius && (!nearest || d < nearest.distance)) nearest = { name: o.name, distance: Math.round(d) };
    }
    if (!nearest) {
      const closest = Math.min(
        ...offices.map((o) => distanceMetres(input.latitude!, input.longitude!, o.latitude, o.longitude) - o.radius),
      );
      throw badRequest(`Lokasi Anda di luar radius kantor (${Math.round(closest)} m di luar batas)`, 'latitude');
    }
  }
  const myCode = await q.attendanceCodeOf(ctx.db, u.id);
  return inTransaction(ctx, async (tx) => {
    const row = await q.insertWebPunch(tx.db, {
      profile_id: ctx.branchId,
      user_id: u.id,
      code: myCode,
      state,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    });
    return {
      id: row.id,
      punch_at: new Date(row.punch_at).toISOString(),
      state: row.state,
      office: nearest?.name ?? null,
    };
  });
}

export async function listChecklog(ctx: Ctx, f: ChecklogListQuery) {
  const branch = scopeOf(ctx, f.isallbranch);
  const tz = await q.branchTimezone(ctx.db, ctx.branchId);
  const { rows, count } = await q.listChecklog(ctx.db, branch, {
    fromIso: new Date(localToEpoch(f.from, '00:00', tz)).toISOString(),
    toIso: new Date(localToEpoch(addDaysTo(f.to, 1), '00:00', tz)).toISOString(),
    keyword: f.keyword,
    page: f.page,
    limit: f.limit,
  });
  return {
    data: rows.map((r) => ({ ...r, punch_at: localIso(Date.parse(r.punch_at), r.timezone) })),
    count,
  };
}

/** An instant as local time with its offset, e.g. 2026-10-05T08:07:00+07:00. */
export function localIso(ms: number, tz: string): string {
  const l = epochToLocal(ms, tz);
  const offMin = Math.round((Date.parse(`${l.date}T${l.time}:00Z`) - Math.floor(ms / MIN) * MIN) / MIN);
  const sign = offMin >= 0 ? '+' : '-';
  const a = Math.abs(offMin);
  const sec = String(Math.floor((ms % MIN) / 1000)).padStart(2, '0');
  return `${l.date}T${l.time}:${sec}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}
