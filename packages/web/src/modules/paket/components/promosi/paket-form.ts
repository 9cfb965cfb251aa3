import { formatNumber, paketInput, parseRupiah, type PaketHistoryDto, type PaketInput } from '@klinik/shared';
import { resolverOver } from '../../../../lib/resolver-over';

/** The package dialog's form (issue 9 item 5): its text values and the shared `paketInput` over them. */

export interface ItemRow {
  type: string;
  ref_id: string;
  free_slot: string;
  expired_duration: string;
}

export interface PaketValues {
  code: string;
  name: string;
  paket_type_id: string;
  active_at: string;
  price: string;
  description: string;
  status: string;
  installment_schema: string;
  dp_amount: string;
  cicilan_amount: string;
  cicilan_attempt: string;
  items: ItemRow[];
}

export const toPaketValues = (paket: PaketHistoryDto | null, today: string): PaketValues =>
  paket
    ? {
        code: paket.code,
        name: paket.name,
        paket_type_id: String(paket.pakettypedata.id),
        active_at: paket.active_at,
        price: formatNumber(paket.price),
        description: paket.description ?? '',
        status: String(paket.status),
        installment_schema: String(paket.installment_schema),
        dp_amount: formatNumber(paket.dp_amount),
        cicilan_amount: formatNumber(paket.cicilan_amount),
        cicilan_attempt: String(paket.cicilan_attempt),
        items: (paket.items ?? []).map((i) => ({
          type: String(i.type),
          ref_id: String(i.ref_id),
          free_slot: String(i.free_slot),
          expired_duration: String(i.expired_duration),
        })),
      }
    : {
        code: '',
        name: '',
        paket_type_id: '',
        active_at: today,
        price: '',
        description: '',
        status: '1',
        installment_schema: '0',
        dp_amount: '0',
        cicilan_amount: '0',
        cicilan_attempt: '0',
        items: [],
      };

/** An amount typed as Indonesian rupiah ('1.500.000'): a number, empty as absent, anything else left for the schema. */
export const money = (s: string) => (s.trim() === '' ? undefined : (parseRupiah(s) ?? s));
/** A whole number typed in a field: a number when it is one, empty as absent, anything else left for the schema. */
export const whole = (s: string) => {
  const t = s.trim();
  if (t === '') return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : t;
};

/** The form's text as `paketInput`'s input: the same values the dialog has always sent. */
export function paketPayload(v: PaketValues): Record<string, unknown> {
  return {
    code: v.code,
    name: v.name,
    paket_type_id: v.paket_type_id,
    active_at: v.active_at,
    price: money(v.price),
    description: v.description || null,
    status: Number(v.status),
    installment_schema: Number(v.installment_schema),
    dp_amount: money(v.dp_amount),
    cicilan_amount: money(v.cicilan_amount),
    cicilan_attempt: whole(v.cicilan_attempt),
    items: v.items.map((r) => ({
      type: Number(r.type),
      ref_id: r.ref_id,
      free_slot: whole(r.free_slot),
      expired_duration: whole(r.expired_duration),
    })),
  };
}

/** The shared `paketInput` over the converted text; the issues' paths are the form's own field names. */
export const paketResolver = resolverOver<PaketValues, unknown, PaketInput>(paketInput, paketPayload);

export const NEW_ROW: ItemRow = { type: '1', ref_id: '', free_slot: '1', expired_duration: '90' };
