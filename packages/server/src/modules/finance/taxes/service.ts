/**
 * Tax payables per tax and masa (issue 28 item 4): /finance/hutang/pajak/{pph_badan|pph_doctor|pph_investor|
 * pph_pegawai}. The withheld amounts are the payables sub-ledger's items of party 'pajak' (made by the posting
 * service from the documents' lines: payroll runs for pph_pegawai, the doctor-fee and investor runs for pph_doctor
 * and pph_investor, the PPh badan calculation below); a deposit (deposits.ts) pays a masa's items.
 * PPh badan: the regime is chosen per branch and year (PP 55/2022 final on the month's gross turnover, or the
 * monthly PPh 25 instalment); calculating a masa posts its payable once: Dr 8102 (final) or 1180 (PPh 25 paid in
 * advance) / Cr 2203, party 'pajak' tax 'pph_badan'.
 */
import {
  asSen,
  bpToPercent,
  formatRupiah,
  fromSen,
  percentOf,
  percentToBp,
  sumSen,
  toSen,
  type PphBadanRegime,
  type PphBadanSettingDto,
  type PphBadanSettingInput,
  type Sen,
  type TaxDepositDto,
  type TaxItemDto,
  type TaxMasaDto,
  type TaxPayableKind,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { ACCOUNT } from '../accounts.js';
import { postJournal, type PostingLine } from '../posting.js';
import * as q from '../queries/taxes.js';

/** The last day of a masa 'YYYY-MM'. */
export function masaEnd(masa: string): string {
  const [y, m] = masa.split('-').map(Number);
  const d = new Date(Date.UTC(y, m, 0));
  return d.toISOString().slice(0, 10);
}

export function depositDto(r: q.TaxDepositRow): TaxDepositDto {
  return {
    id: r.id,
    code: r.code,
    date: r.date,
    amount: fromSen(asSen(r.total)),
    billing_code: r.billing_code,
    ntpn: r.ntpn,
    method: { id: r.payment_method_id, name: r.method_name ?? '' },
    status: r.status,
    journal: r.jurnal_id ? { id: r.jurnal_id, code: r.jurnal_code ?? '' } : null,
    void_applog_id: r.void_applog_id,
    created_by: r.created_by ? { id: r.created_by, name: r.creator_name ?? '' } : null,
  };
}

function itemDto(r: q.TaxItemRow): TaxItemDto {
  return {
    id: r.id,
    source_type: r.source_type,
    source_id: r.source_id,
    doc_date: r.doc_date,
    recipient: { id: r.recipient_id, name: r.recipient_name, tax_id: r.recipient_tax_id },
    amount: fromSen(asSen(r.amount)),
    paid: fromSen(asSen(r.paid)),
    outstanding: fromSen(asSen(r.status === 'cancelled' ? 0 : r.amount - r.paid)),
    status: r.status,
    journal: { id: r.jurnal_id, code: r.jurnal_code ?? '' },
  };
}

/** GET /api/finance/hutang/pajak/{tax}?masa=YYYY-MM: the masa's withheld items, deposits and totals. */
export async function getMasa(ctx: Ctx, tax: TaxPayableKind, masa: string): Promise<TaxMasaDto> {
  const c = requireUser(ctx);
  const [items, deposits] = await Promise.all([
    q.taxItems(c.db, c.branchId, tax, masa),
    q.taxDeposits(c.db, c.branchId, tax, masa),
  ]);
  const live = items.filter((i) => i.status !== 'cancelled');
  let badan: TaxMasaDto['badan'] = null;
  if (tax === 'pph_badan') {
    const [setting, calc] = await Promise.all([
      q.badanSetting(c.db, c.branchId, Number(masa.slice(0, 4))),
      q.badanMasa(c.db, c.branchId, masa),
    ]);
    badan = {
      regime: (calc?.regime ?? setting?.regime ?? null) as PphBadanRegime | null,
      turnover: calc ? fromSen(asSen(calc.turnover)) : null,
      amount: calc ? fromSen(asSen(calc.amount)) : null,
      calculated: !!calc,
      journal: calc?.jurnal_id ? { id: calc.jurnal_id, code: calc.jurnal_code ?? '' } : null,
    };
  }
  return {
    tax,
    masa,
    items: items.map(itemDto),
    deposits: deposits.map(depositDto),
    withheld: fromSen(sumSen(live.map((i) => asSen(i.amount)))),
    deposited: fromSen(sumSen(deposits.filter((d) => d.status === 'posted').map((d) => asSen(d.total)))),
    outstanding: fromSen(sumSen(live.map((i) => asSen(i.amount - i.paid)))),
    badan,
  };
}

/** Per masa of a year: what was withheld, deposited and is still owed (the page's overview). */
export async function yearSummary(ctx: Ctx, tax: TaxPayableKind, year: number) {
  const c = requireUser(ctx);
  const rows = await q.taxYearSummary(c.db, c.branchId, tax, year);
  return rows.map((r) => ({
    masa: r.masa,
    items: r.items,
    withheld: fromSen(asSen(r.withheld)),
    deposited: fromSen(asSen(r.deposited)),
    outstanding: fromSen(asSen(r.outstanding)),
  }));
}

// ------------------------------------------------------------------------------------------------ PPh badan

function settingDto(r: NonNullable<Awaited<ReturnType<typeof q.badanSetting>>>): PphBadanSettingDto {
  return {
    year: r.year,
    regime: r.regime as PphBadanRegime,
    rate: bpToPercent(r.rate_bp),
    instalment: r.instalment === null ? null : fromSen(asSen(r.instalment)),
    note: r.note,
  };
}

export async function listBadanSettings(ctx: Ctx): Promise<PphBadanSettingDto[]> {
  const c = requireUser(ctx);
  return (await q.badanSettings(c.db, c.branchId)).map(settingDto);
}

/** The regime of a year; refused once a masa of that year is calculated (the calculation would disagree). */
export async function saveBadanSetting(ctx: Ctx, input: PphBadanSettingInput): Promise<PphBadanSettingDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.badanSetting(tx.db, tx.branchId, input.year);
    for (let m = 1; m <= 12; m++) {
      const masa = `${input.year}-${String(m).padStart(2, '0')}`;
      const calc = await q.badanMasa(tx.db, tx.branchId, masa);
      if (calc && (calc.regime !== input.regime || (before && before.rate_bp !== percentToBp(input.rate)))) {
        throw badRequest(
          `Masa ${masa} sudah dihitung dengan skema ini; skema tahun ${input.year} tidak dapat diubah lagi`,
          'regime',
        );
      }
    }
    const row = await q.upsertBadanSetting(tx.db, {
      profile_id: tx.branchId,
      year: input.year,
      regime: input.regime,
      rate_bp: percentToBp(input.rate),
      instalment: input.regime === 'pph25' ? toSen(input.instalment ?? 0) : null,
      note: input.note ?? null,
      updated_by: c.user.id,
    });
    await audit(tx, {
      action: 'update',
      entity: 'pph_badan_setting',
      entityId: `${tx.branchId}/${input.year}`,
      before,
      after: row,
    });
    return settingDto(row);
  });
}

/**
 * 'Hitung': the masa's PPh badan as a payable item, once per masa (the masa must have ended). PP 55/2022: rate x
 * the masa's gross turnover from the ledger, rounded down to whole rupiah; PPh 25: the year's instalment.
 */
export async function calculateBadan(ctx: Ctx, masa: string): Promise<TaxMasaDto> {
  const c = requireUser(ctx);
  await inTransaction(c, async (tx) => {
    const end = masaEnd(masa);
    if ((await tx.today()) <= end) throw badRequest(`Masa ${masa} belum berakhir`, 'masa');
    const setting = await q.badanSetting(tx.db, tx.branchId, Number(masa.slice(0, 4)));
    if (!setting) throw badRequest(`Skema PPh badan tahun ${masa.slice(0, 4)} belum diatur untuk cabang ini`, 'masa');
    if (await q.badanMasa(tx.db, tx.branchId, masa)) throw conflict(`PPh badan masa ${masa} sudah dihitung`, 'masa');
    let turnover: Sen = asSen(0);
    let amount: Sen;
    if (setting.regime === 'pp55') {
      turnover = asSen(await q.turnoverOf(tx.db, tx.branchId, `${masa}-01`, end));
      const raw = turnover > 0 ? percentOf(turnover, setting.rate_bp, 'floor') : asSen(0);
      amount = toSen(Math.floor(fromSen(raw)));
    } else {
      amount = asSen(setting.instalment ?? 0);
    }
    const row = await q.insertBadanMasa(tx.db, {
      profile_id: tx.branchId,
      masa,
      regime: setting.regime,
      turnover,
      rate_bp: setting.regime === 'pp55' ? setting.rate_bp : null,
      amount,
      created_by: c.user.id,
    });
    if (!row) throw conflict(`PPh badan masa ${masa} sudah dihitung`, 'masa');
    if (amount > 0) {
      const label =
        setting.regime === 'pp55'
          ? `PPh final PP 55/2022 ${bpToPercent(setting.rate_bp)}% x peredaran bruto ${formatRupiah(fromSen(turnover))}`
          : 'Angsuran PPh Pasal 25';
      const credit: PostingLine = {
        akun: ACCOUNT.hutangPphBadan,
        description: label,
        debit: asSen(0),
        credit: amount,
        party: { type: 'pajak', name: 'Kantor Pajak (PPh badan)', tax: 'pph_badan', masa },
      };
      const j = await postJournal(tx, {
        transaction_at: end,
        memo: `PPh badan masa ${masa}: ${label}`,
        source_type: 'pph_badan',
        source_id: row.id,
        lines: [
          {
            akun: setting.regime === 'pp55' ? ACCOUNT.bebanPajakPenghasilan : ACCOUNT.pph25DibayarDimuka,
            description: label,
            debit: amount,
            credit: asSen(0),
          },
          credit,
        ],
      });
      await q.setBadanMasaJournal(tx.db, row.id, j.id);
    }
    await audit(tx, { action: 'calculate', entity: 'pph_badan_masa', entityId: row.id, after: { ...row, amount } });
  });
  return getMasa(c, 'pph_badan', masa);
}
