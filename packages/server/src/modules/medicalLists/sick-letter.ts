import {
  addDays,
  allows,
  rmRead,
  SICK_LETTER_MAX_START_DAYS,
  type SickLetterDto,
  type sickLetterInput,
  type z,
} from '@klinik/shared';
import { requireAccess } from '../../http/access-scope.js';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../http/errors.js';
import { audit, type RecordRead } from '../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../lib/numbering.js';
import { RM_VISIT } from '../medicalRecords/index.js';
import * as q from './queries.js';

/**
 * The sick-leave letter (Surat Keterangan Sakit, issue 25). It certifies an examination, so only the visit's
 * treating doctor issues it, only once the record is finished, for a rest starting between the visit date and
 * SICK_LETTER_MAX_START_DAYS days after it. It is stored when issued (number SKS/<branch>/<yyyymm>/<n> from the
 * numbering service, days, dates, the diagnosis printed) and never changes; every print reproduces it. One per visit.
 */
const NOT_TREATING = 'Surat keterangan sakit hanya dibuat oleh dokter yang memeriksa kunjungan ini';
const NOT_ISSUED = 'Surat keterangan sakit kunjungan ini belum dibuat';

export function letterDto(l: q.SickLetterRow): SickLetterDto {
  return {
    id: Number(l.id),
    code: l.code,
    visit_id: Number(l.visit_id),
    days: Number(l.days),
    from: l.start_date,
    to: l.end_date,
    diagnosis: l.diagnosis,
    doctor: { id: Number(l.doctor_id), name: l.doctor_name },
    issued_at: new Date(l.created_at).toISOString(),
  };
}

/** Who may see a visit's stored letter: its treating doctor, or a reader of the visit's SOAP. */
function requireLetterReader(c: AuthedCtx, doctorId: number) {
  if (c.user.id !== Number(doctorId) && !allows(c.user, rmRead('RM_DOKUMEN'))) throw forbidden();
}

const readOf = (l: q.SickLetterRow) => [
  { customer: Number(l.customer_id), visit: Number(l.visit_id), branch: Number(l.profile_id) },
];

/** POST /api/rekammedis/visit/{id}/surat-sakit: issue the letter (201), stored; a second one is 409. */
export async function issue(
  ctx: Ctx,
  visitId: number,
  input: z.output<typeof sickLetterInput>,
): Promise<SickLetterDto> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'write');
  const h = await q.printHead(c.db, visitId);
  if (!h) throw notFound(RM_VISIT.notFound);
  if (Number(h.doctor_id) !== c.user.id) throw forbidden(NOT_TREATING);
  if (h.visit_status === 'batal') throw badRequest('Kunjungan ini dibatalkan', 'visit');
  const from = input.from ?? h.visit_date;
  const latest = addDays(h.visit_date, SICK_LETTER_MAX_START_DAYS);
  if (from < h.visit_date) throw badRequest('Tanggal mulai istirahat tidak boleh sebelum tanggal kunjungan', 'from');
  if (from > latest)
    throw badRequest(
      `Tanggal mulai istirahat paling lambat ${SICK_LETTER_MAX_START_DAYS} hari sesudah tanggal kunjungan`,
      'from',
    );
  await inTransaction(c, async (tx) => {
    const record = await q.recordOfVisit(tx.db, visitId);
    if (!record || record.status !== 'finished')
      throw badRequest('Rekam medis kunjungan ini belum selesai: surat keterangan sakit belum dapat dibuat', 'visit');
    const existing = await q.sickLetterOf(tx.db, visitId);
    if (existing) throw conflict(`Surat keterangan sakit kunjungan ini sudah dibuat (${existing.code})`);
    let diagnosis: string | null = null;
    if (input.diagnosis === 1) {
      const soap = (await q.printEntries(tx.db, visitId)).filter((e) => e.kind === 'soap').at(-1);
      const primary = soap?.diagnoses?.find((d) => d.primary) ?? soap?.diagnoses?.[0];
      diagnosis = primary ? `${primary.name_id} (${primary.code})` : null;
    }
    const period = (await tx.today()).slice(0, 7).replace('-', '');
    const profile = Number(h.profile_id);
    const code = formatDocNumber('SKS', profile, period, await nextNumber(tx.db, profile, 'SKS', period));
    const to = addDays(from, input.days - 1);
    const id = await q.insertSickLetter(tx.db, {
      profile_id: profile,
      record_id: Number(record.id),
      visit_id: visitId,
      customer_id: Number(h.customer_id),
      doctor_id: c.user.id,
      code,
      days: input.days,
      start_date: from,
      end_date: to,
      diagnosis,
      created_by: c.user.id,
    });
    await audit(tx, {
      action: 'issue_sick_letter',
      entity: 'rm_sick_letter',
      entityId: id,
      after: { visit: visitId, code, days: input.days, from, to, diagnosis: diagnosis !== null },
    });
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict('Surat keterangan sakit kunjungan ini sudah dibuat');
    throw err;
  });
  return letterDto((await q.sickLetterOf(c.db, visitId))!);
}

/**
 * GET /api/rekammedis/visit/{id}/surat-sakit: the stored letter, or null when none was issued, with the read it is
 * (the endpoint declares the trail).
 */
export async function get(ctx: Ctx, visitId: number): Promise<{ letter: SickLetterDto | null; reads: RecordRead[] }> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'read');
  const l = await q.sickLetterOf(c.db, visitId);
  if (!l) return { letter: null, reads: [] };
  requireLetterReader(c, l.doctor_id);
  return { letter: letterDto(l), reads: readOf(l) };
}

/** The stored letter for a print (404 when none was issued), after the reader's check. */
export async function forPrint(c: AuthedCtx, visitId: number): Promise<q.SickLetterRow> {
  const l = await q.sickLetterOf(c.db, visitId);
  if (!l) throw notFound(NOT_ISSUED);
  requireLetterReader(c, l.doctor_id);
  return l;
}
