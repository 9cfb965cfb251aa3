import { requireAccess, requireReference } from '../../../http/access-scope.js';
import { BRANCH as BRANCH_REF } from '../../branches/index.js';
import { PAKET_HISTORY } from '../entities.js';
import { addDays, addMonths, fromSen, instalmentSchedule, PAKET_ITEM_TYPES } from '@klinik/shared';
import { requireUser, type Ctx } from '../../../http/context.js';
import { notFound } from '../../../http/errors.js';
import { auditRead } from '../../../lib/audit.js';
import { getActivePeriod, requireActivePeriod } from '../../finance/index.js';
import { agreementHtml, type AgreementData } from '../agreement.js';
import { logoDataUrl } from '../../../lib/letterhead.js';
import * as q from '../queries.js';
import { PAKET_NOT_FOUND, requireDoctor, requirePatient } from './common.js';

// ---------------------------------------------------------------------------------------------------------
// Agreement PDF and the active period
// ---------------------------------------------------------------------------------------------------------

/** Whether the branch has an active finance period (the wizard's download needs one). */
export async function activePeriod(ctx: Ctx) {
  const c = requireUser(ctx);
  return getActivePeriod(c);
}

/**
 * GET /api/paket/export/agreement/{profile_id}/{customer}/{paket_history_id}[?doctor=]: the instalment
 * agreement as a PDF, rendered from HTML by the warm Chromium. Refused without an active finance period.
 */
export async function agreementPdf(
  ctx: Ctx,
  p: { profile_id: number; customer: number; paket_history_id: number; doctor?: number },
): Promise<{ pdf: Buffer; filename: string }> {
  const c = requireUser(ctx);
  // The path names the branch: it must be the current one (a document is printed from inside its branch).
  await requireReference(c, BRANCH_REF, [p.profile_id], 'profile_id').catch(() => {
    throw notFound('Cabang tidak ditemukan');
  });
  await requireActivePeriod(c);
  const branch = await q.findBranch(c.db, c.branchId);
  if (!branch) throw notFound('Cabang tidak ditemukan');
  const today = await c.today();
  const customer = await requirePatient(c, p.customer);
  const doctor = p.doctor ? await requireDoctor(c, p.doctor) : null;
  await requireAccess(c, PAKET_HISTORY, [p.paket_history_id], 'write');
  const row = await q.findHistory(c.db, p.paket_history_id);
  if (!row) throw notFound(PAKET_NOT_FOUND);
  const { h, t } = row;
  const items = await q.itemsOfHistories(c.db, [h.id]);
  const price = fromSen(h.price);
  const paketTerms = {
    price,
    installment_schema: h.installment_schema,
    dp_amount: fromSen(h.dp_amount),
    cicilan_amount: fromSen(h.cicilan_amount),
    cicilan_attempt: h.cicilan_attempt,
  };
  const data: AgreementData = {
    branch: {
      name: branch.name,
      address: branch.address,
      phone: branch.phone,
      email: branch.email,
      logoDataUrl: await logoDataUrl(c.config.uploadDir, branch.logo, branch.id),
    },
    date: today,
    patient: {
      name: customer.name,
      norm: customer.username,
      idcard: customer.idcard,
      birth_place: customer.birth_place,
      birth_date: customer.birth_date,
      address: customer.address,
      phone: customer.phone,
      wali_name: customer.wali_name,
      wali_idcard: customer.wali_idcard,
      wali_phone: customer.wali_phone,
    },
    doctor: doctor ? { name: doctor.name } : null,
    clinicSigner: c.user.name,
    paket: {
      code: h.code,
      name: h.name,
      typename: t.name,
      version: h.version,
      description: h.description,
      ...paketTerms,
    },
    contents: items.map((r) => {
      const l = q.itemLabel(r);
      return {
        typename: PAKET_ITEM_TYPES[r.i.type as 1 | 2 | 3] ?? '',
        code: l.code,
        name: l.name,
        unit: l.unit,
        free_slot: r.i.free_slot,
        expired_duration: r.i.expired_duration,
        expired_at: addDays(today, r.i.expired_duration),
      };
    }),
    schedule: instalmentSchedule(today, paketTerms, addMonths),
  };
  const pdf = await c.services.pdf.render(agreementHtml(data));
  // An export of a patient's record (issue 8): on the read trail.
  await auditRead(c, {
    action: 'export',
    entity: 'patient',
    ids: [customer.id],
    detail: { file: 'perjanjian', paket_history_id: p.paket_history_id },
  });
  return { pdf, filename: `perjanjian-${h.code}-${customer.username}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_') };
}
