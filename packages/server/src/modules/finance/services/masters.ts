import {
  type PajakDto,
  type PajakInput,
  type PajakUpdateInput,
  type PaymentMethodDto,
  type PaymentMethodInput,
  type PaymentMethodUpdateInput,
  bpToPercent,
  percentToBp,
} from '@klinik/shared';
import { requireReference } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { AKUN } from '../entities.js';
import * as q from '../queries.js';

// ---------------------------------------------------------------- payment methods and taxes

async function checkAccountFor(ctx: Ctx, akunId: number, category: number, message: string): Promise<void> {
  // Another branch's account is 'not found' here (the cross-branch walk of every input, test/cross-branch-refs.test.ts).
  await requireReference(ctx, AKUN, [akunId], 'akun_id', 'Akun tidak ditemukan');
  const a = await q.findAkun(ctx.db, akunId);
  if (!a) throw badRequest('Akun tidak ditemukan', 'akun_id');
  if (a.isheader) throw badRequest('Akun header tidak dapat dipakai; pilih akun detail', 'akun_id');
  if (a.category !== category) throw badRequest(message, 'akun_id');
}

export async function listPaymentMethods(ctx: Ctx, status?: number): Promise<PaymentMethodDto[]> {
  const rows = await q.listPaymentMethods(ctx.db, status);
  return rows.map((r) => ({
    id: r.m.id,
    name: r.m.name,
    type: r.m.type,
    akun_id: r.m.akun_id,
    akuncode: r.code,
    akunname: r.name,
    status: r.m.status,
  }));
}

export async function createPaymentMethod(ctx: Ctx, input: PaymentMethodInput): Promise<PaymentMethodDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await checkAccountFor(tx, input.akun_id, 1, 'Akun metode pembayaran harus akun kas atau bank (kategori Aset)');
    const row = await q.insertPaymentMethod(tx.db, input);
    await audit(tx, { action: 'create', entity: 'payment_method', entityId: row.id, after: row });
    return (await listPaymentMethods(tx)).find((m) => m.id === row.id)!;
  });
}

export async function updatePaymentMethod(
  ctx: Ctx,
  id: number,
  input: PaymentMethodUpdateInput,
): Promise<PaymentMethodDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.findPaymentMethod(tx.db, id);
    if (!before) throw notFound('Metode pembayaran tidak ditemukan');
    if (input.akun_id !== undefined)
      await checkAccountFor(tx, input.akun_id, 1, 'Akun metode pembayaran harus akun kas atau bank (kategori Aset)');
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const row = await q.updatePaymentMethod(tx.db, id, values);
    await audit(tx, { action: 'update', entity: 'payment_method', entityId: id, before, after: row });
    return (await listPaymentMethods(tx)).find((m) => m.id === id)!;
  });
}

function toPajakDto(r: Awaited<ReturnType<typeof q.listPajak>>[number]): PajakDto {
  return {
    id: r.p.id,
    code: r.p.code,
    name: r.p.name,
    rate: bpToPercent(r.p.rate_bp),
    akun_id: r.p.akun_id,
    akuncode: r.code,
    akunname: r.name,
    status: r.p.status,
  };
}

export async function listPajak(ctx: Ctx, status?: number): Promise<PajakDto[]> {
  return (await q.listPajak(ctx.db, status)).map(toPajakDto);
}

export async function createPajak(ctx: Ctx, input: PajakInput): Promise<PajakDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await checkAccountFor(tx, input.akun_id, 2, 'Akun pajak harus akun hutang pajak (kategori Kewajiban)');
    if (await q.findPajakByCode(tx.db, input.code)) throw badRequest(`Kode pajak ${input.code} sudah dipakai`, 'code');
    const row = await q.insertPajak(tx.db, {
      code: input.code,
      name: input.name,
      rate_bp: percentToBp(input.rate),
      akun_id: input.akun_id,
      status: input.status,
    });
    await audit(tx, { action: 'create', entity: 'pajak', entityId: row.id, after: row });
    return (await listPajak(tx)).find((p) => p.id === row.id)!;
  });
}

export async function updatePajak(ctx: Ctx, id: number, input: PajakUpdateInput): Promise<PajakDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.findPajak(tx.db, id);
    if (!before) throw notFound('Pajak tidak ditemukan');
    if (input.akun_id !== undefined)
      await checkAccountFor(tx, input.akun_id, 2, 'Akun pajak harus akun hutang pajak (kategori Kewajiban)');
    if (input.code !== undefined && input.code !== before.code && (await q.findPajakByCode(tx.db, input.code))) {
      throw badRequest(`Kode pajak ${input.code} sudah dipakai`, 'code');
    }
    const row = await q.updatePajak(tx.db, id, {
      code: input.code,
      name: input.name,
      rate_bp: input.rate === undefined ? undefined : percentToBp(input.rate),
      akun_id: input.akun_id,
      status: input.status,
    });
    await audit(tx, { action: 'update', entity: 'pajak', entityId: id, before, after: row });
    return (await listPajak(tx)).find((p) => p.id === id)!;
  });
}
