/**
 * My Income (issue 29 item 6): GET /api/users/{id}/income?from=&to= and the doctor's slip of an approved run.
 * Only one's own, unless finance or manager (of the user's branch: another branch's user is 404 through the USER
 * entity) or a top-level user; anyone else 403. A doctor's lines name the patient by initials and NO RM (patient
 * data: the endpoint's read trail names each patient answered); an investor's distributions come from the
 * investors module.
 */
import {
  ROLE_IDS,
  asSen,
  fromSen,
  initialsOf,
  isTopLevel,
  sumSen,
  toSen,
  type MyIncomeDto,
  type MyIncomeLineStatus,
  type MyIncomeQuery,
  type MyIncomeRunDto,
  type SharingRunDoctorDto,
} from '@klinik/shared';
import { requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { investorIncome } from '../investors/index.js';
import { USER } from '../users/index.js';
import { runSlipPdf } from './slip.js';
import * as q from './queries/income.js';

/**
 * The caller reads their own income; finance and managers anyone's whose home branch is the caller's branch
 * (another branch's user: 404, as for any row of another branch); top-level users anyone's; others 403.
 */
export async function authorizeIncome(ctx: AuthedCtx, input: { id: number }): Promise<void> {
  const u = ctx.user;
  if (input.id === u.id || isTopLevel(u)) return;
  if (u.rolename !== 'finance' && u.rolename !== 'manager')
    throw forbidden('Anda hanya dapat melihat pendapatan Anda sendiri');
  const target = await q.userBasic(ctx.db, input.id);
  if (!target || target.profile_id !== ctx.branchId) throw notFound(USER.notFound);
}

function defaultRange(today: string, from?: string, to?: string): { from: string; to: string } {
  const end = to ?? today;
  return { from: from ?? `${end.slice(0, 4)}-01-01`, to: end };
}

export async function income(ctx: Ctx, input: MyIncomeQuery): Promise<MyIncomeDto> {
  const c = requireUser(ctx);
  const user = await q.userBasic(c.db, input.id);
  if (!user) throw notFound(USER.notFound);
  const { from, to } = defaultRange(await c.today(), input.from, input.to);
  const year = Number(to.slice(0, 4));
  // One's own lines of every branch; finance and managers their branch's (top-level: every branch).
  const branches = input.id === c.user.id || isTopLevel(c.user) ? null : [c.branchId];
  const out: MyIncomeDto = {
    user: { id: user.id, name: user.name, role: user.role === ROLE_IDS.investor ? 'investor' : 'dokter' },
    from,
    to,
    ytd: { year, gross: 0, tax: 0, net: 0 },
    doctor: null,
    investor: null,
  };
  if (user.role === ROLE_IDS.dokter) {
    const lines = await q.incomeLines(c.db, user.id, branches, from, to);
    const mine = (rows: Awaited<ReturnType<typeof q.doctorRuns>>): MyIncomeRunDto[] =>
      rows.flatMap((r) => {
        const d = ((r.doctors as SharingRunDoctorDto[] | null) ?? []).find((x) => x.doctor === user.id);
        return d ? [{ id: r.id, period: r.period, cutoff: r.cutoff, gross: d.gross, pph21: d.pph21, net: d.net }] : [];
      });
    const runs = mine(await q.doctorRuns(c.db, user.id, branches, from.slice(0, 7), to.slice(0, 7)));
    const ytdRuns = mine(await q.doctorRuns(c.db, user.id, branches, `${year}-01`, to.slice(0, 7)));
    const open = await q.openOwed(c.db, user.id, branches);
    const total = (f: (r: MyIncomeRunDto) => number) => fromSen(sumSen(ytdRuns.map((r) => toSen(f(r)))));
    out.ytd = { year, gross: total((r) => r.gross), tax: total((r) => r.pph21), net: total((r) => r.net) };
    out.doctor = {
      lines: lines.map((l) => ({
        id: l.id,
        service_date: l.service_date,
        patient_initials: initialsOf(l.patient_name),
        no_rm: l.no_rm,
        perawatan: l.perawatan_name,
        basis: l.basis,
        basis_amount: fromSen(asSen(l.basis_amount)),
        share: fromSen(asSen(l.share)),
        payable: fromSen(asSen(l.payable)),
        status: l.status as MyIncomeLineStatus,
        run: l.run_id,
        clawback_of: l.clawback_of,
      })),
      runs,
      open: { waiting: fromSen(asSen(open.waiting)), payable: fromSen(asSen(open.payable)) },
    };
  } else if (user.role === ROLE_IDS.investor) {
    const inv = await investorIncome(c, user.id, from, to);
    out.investor = { distributions: inv.distributions };
    out.ytd = { year, ...inv.ytd };
  }
  return out;
}

/** GET /api/finance/sharing/my/slip?run=: the caller's own page of an approved run's fee slip (else 404). */
export async function incomeSlip(ctx: Ctx, input: { run: number }) {
  const c = requireUser(ctx);
  const runs = await q.doctorRuns(c.db, c.user.id, null, '0000-01', '9999-12');
  if (!runs.some((r) => r.id === input.run)) throw notFound('Slip jasa dokter tidak ditemukan');
  return runSlipPdf(c, input.run, c.user.id);
}

/** The patients the answer named (the read trail of the endpoint). */
export async function incomePatients(ctx: Ctx, result: MyIncomeDto): Promise<number[]> {
  const ids = result.doctor?.lines.map((l) => l.id) ?? [];
  return ids.length ? q.patientsOfLines(ctx.db, ids) : [];
}
