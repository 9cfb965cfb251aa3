import { describe, expect, it } from 'vitest';
import { installmentMismatch } from '@klinik/shared';
import { paketPayload, paketResolver, toPaketValues, type PaketValues } from './paket-form';

const base = (over: Partial<PaketValues> = {}): PaketValues => ({
  ...toPaketValues(null, '2026-01-01'),
  code: 'p1',
  name: 'Paket Uji',
  paket_type_id: '3',
  price: '3.000.000',
  ...over,
});

const resolve = (v: PaketValues) =>
  paketResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false }) as Promise<{
    values: Record<string, unknown>;
    errors: Record<string, unknown>;
  }>;

const message = (errors: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors);

describe('package dialog form on the shared paketInput', () => {
  it('sends what the dialog always sent: rupiah typed the Indonesian way, empty instalment fields as 0', async () => {
    const r = await resolve(
      base({ description: '', items: [{ type: '2', ref_id: '7', free_slot: '2', expired_duration: '30' }] }),
    );
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({
      code: 'P1',
      paket_type_id: 3,
      price: 3_000_000,
      installment_schema: 0,
      dp_amount: 0,
      cicilan_amount: 0,
      cicilan_attempt: 0,
      items: [{ type: 2, ref_id: 7, free_slot: 2, expired_duration: 30 }],
    });
    expect(paketPayload(base()).description).toBeNull();
  });

  it('puts the shared instalment-sum message on cicilan_amount', async () => {
    const r = await resolve(
      base({ installment_schema: '1', dp_amount: '600.000', cicilan_amount: '700.000', cicilan_attempt: '3' }),
    );
    expect(message(r.errors, 'cicilan_amount.message')).toBe(installmentMismatch(3_000_000, 600_000, 700_000, 3));
  });

  it('reports row errors on the row field and a missing price next to the price', async () => {
    const r = await resolve(
      base({ price: '', items: [{ type: '1', ref_id: '', free_slot: '0', expired_duration: '90' }] }),
    );
    expect(message(r.errors, 'price.message')).toBe('Harus berupa angka');
    expect(message(r.errors, 'items.0.ref_id.message')).toBe('Id tidak valid');
    expect(message(r.errors, 'items.0.free_slot.message')).toBe('Jumlah slot minimal 1');
    const emptied = await resolve(base({ items: [{ type: '1', ref_id: '4', free_slot: '', expired_duration: ' ' }] }));
    expect(message(emptied.errors, 'items.0.free_slot.message')).toBe('Jumlah slot wajib diisi');
    expect(message(emptied.errors, 'items.0.expired_duration.message')).toBe('Masa berlaku wajib diisi');
  });
});
