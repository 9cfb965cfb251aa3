import { requireAccess } from '../../http/access-scope.js';
import { requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { logoDataUrl } from '../../lib/letterhead.js';
import { patientAllergens, RM_VISIT } from '../medicalRecords/index.js';
import { PRESCRIPTION } from './entities.js';
import { resepHtml, resumeHtml, suratSakitHtml, type PrintDoc } from './print.js';
import * as q from './queries.js';
import * as sickLetter from './sick-letter.js';
import type { RecordRead } from '../../lib/audit.js';

/**
 * The printouts of issue 12 item 6 as PDF (ctx.services.pdf, the warm Chromium): resume medis of a visit, a
 * prescription, a sick-leave letter. Each is a read of the patient's record: the printout names it (`read`,
 * `detail`) and the endpoint declares the trail (action 'export', what: the document).
 */
export interface PrintedPdf {
  pdf: Buffer;
  filename: string;
  read: RecordRead;
  detail: Record<string, number>;
}
type Pdf = PrintedPdf;
const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

async function printDoc(c: AuthedCtx, visitId: number): Promise<PrintDoc & { head: q.PrintHead }> {
  const head = await q.printHead(c.db, visitId);
  if (!head) throw notFound('Kunjungan tidak ditemukan');
  return {
    head,
    logoDataUrl: await logoDataUrl(c.config.uploadDir, head.branch_logo, Number(head.profile_id)),
    printedOn: await c.today(),
    allergies: await patientAllergens(c, Number(head.customer_id)),
  };
}

const readOf = (head: q.PrintHead): RecordRead => ({
  customer: Number(head.customer_id),
  visit: Number(head.visit_id),
  branch: Number(head.profile_id),
});

/** GET /api/rekammedis/visit/{id}/resume.pdf: the visit's record as it stands (current versions, voided left out). */
export async function resumePdf(ctx: Ctx, visitId: number): Promise<Pdf> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'read');
  const doc = await printDoc(c, visitId);
  const entries = await q.printEntries(c.db, visitId);
  const codes = new Map<number, string>();
  for (const id of new Set(entries.map((e) => e.prescription_id).filter((x): x is number => x !== null))) {
    const p = await q.findPrescription(c.db, id);
    if (p) codes.set(id, p.code);
  }
  const pdf = await c.services.pdf.render(resumeHtml(doc, entries, codes));
  return { pdf, filename: fileSafe(`resume-medis-${doc.head.visit_code}.pdf`), read: readOf(doc.head), detail: {} };
}

/** GET /api/rekammedis/prescription/{id}/pdf: one prescription with its items that are not voided. */
export async function prescriptionPdf(ctx: Ctx, id: number): Promise<Pdf> {
  const c = requireUser(ctx);
  await requireAccess(c, PRESCRIPTION, [id], 'read');
  const p = await q.findPrescription(c.db, id);
  if (!p) throw notFound('Resep tidak ditemukan');
  const doc = await printDoc(c, Number(p.visit_id));
  // A cancelled prescription prints what it was, marked BATAL, so a copy cannot pass for a valid one.
  const items =
    p.pharmacy_status === 'batal'
      ? await q.voidedPrescriptionItems(c.db, Number(p.id))
      : (await q.printEntries(c.db, Number(p.visit_id))).filter(
          (e) => e.kind === 'resep' && Number(e.prescription_id) === Number(p.id),
        );
  const pdf = await c.services.pdf.render(resepHtml(doc, p, items));
  const detail = { prescription: Number(p.id) };
  return { pdf, filename: fileSafe(`resep-${p.code}.pdf`), read: readOf(doc.head), detail };
}

/**
 * GET /api/rekammedis/visit/{id}/surat-sakit.pdf: the letter issued for the visit (sick-letter.ts), exactly as
 * stored: its number, days, dates, diagnosis and issue date; 404 when none was issued.
 */
export async function sickLetterPdf(ctx: Ctx, visitId: number): Promise<Pdf> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'read');
  const l = await sickLetter.forPrint(c, visitId);
  const doc = { ...(await printDoc(c, visitId)), printedOn: l.issued_on };
  const pdf = await c.services.pdf.render(
    suratSakitHtml(doc, {
      number: l.code,
      days: Number(l.days),
      from: l.start_date,
      to: l.end_date,
      diagnosis: l.diagnosis,
    }),
  );
  return {
    pdf,
    filename: fileSafe(`surat-sakit-${doc.head.patient_norm}-${l.start_date}.pdf`),
    read: readOf(doc.head),
    detail: { letter: Number(l.id) },
  };
}
