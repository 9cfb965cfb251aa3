import { formatNumber, formatRupiah, parseRupiah } from '@klinik/shared';
import type * as React from 'react';

/**
 * The fields of a master form (MasterPage) and how each kind reads and writes its text: the form keeps every value
 * as text, the body sends it in the field's kind.
 */
export interface MasterField {
  key: string;
  label: string;
  kind: 'text' | 'money' | 'number' | 'boolean' | 'select' | 'date' | 'custom';
  required?: boolean;
  /** select: fixed options, or a list endpoint whose active rows are the options (value id, label name). */
  options?: { value: string; label: string }[];
  optionsFrom?: string;
  /** The row key shown in the list instead of the field's own value (e.g. the category name for category_id). */
  display?: string;
  /** Shown in the form only. */
  formOnly?: boolean;
  /** Shown in the list only (a count the server keeps). */
  listOnly?: boolean;
  hint?: string;
  /**
   * kind custom: the field's own editor over its text (`value`, `onChange`), and how the row's value becomes that
   * text and the text the body's value (e.g. a package's items as JSON text).
   */
  custom?: {
    render: (p: { id: string; value: string; onChange: (v: string) => void; disabled: boolean }) => React.ReactNode;
    toText: (v: unknown) => string;
    fromText: (raw: string) => unknown;
    cell?: (v: unknown) => string;
  };
}

type Row = Record<string, unknown>;

/** A row value as text (an object, which only a custom field holds, as JSON). */
function str(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export const NONE = '__none__';

export type Values = Record<string, string>;

export function initialValue(f: MasterField, row: Row | 'new'): string {
  if (f.custom) return f.custom.toText(row === 'new' ? undefined : row[f.key]);
  if (row === 'new') return f.kind === 'boolean' ? 'false' : f.kind === 'select' ? NONE : '';
  const v = row[f.key];
  if (f.kind === 'money') return formatNumber(Number(v ?? 0));
  if (f.kind === 'boolean') return v === true ? 'true' : 'false';
  if (f.kind === 'select') return v === null || v === undefined ? NONE : str(v);
  return str(v);
}

export function bodyValue(f: MasterField, raw: string): unknown {
  if (f.custom) return f.custom.fromText(raw);
  const v = raw.trim();
  switch (f.kind) {
    case 'money':
      return v === '' ? undefined : (parseRupiah(v) ?? v);
    case 'number':
      return v === '' ? undefined : /^-?\d+$/.test(v) ? Number(v) : v;
    case 'boolean':
      return v === 'true';
    case 'date':
      return v || null;
    case 'select':
      return v === NONE || v === '' ? null : /^\d+$/.test(v) ? Number(v) : v;
    default:
      return v || null;
  }
}

/** The body sent to the server (the row's status is added on submit): each form field's text read as its kind. */
export function toBody(fields: MasterField[], values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) body[f.key] = bodyValue(f, values[f.key] ?? '');
  return body;
}

export function cellValue(f: MasterField, r: Row): string {
  const v = r[f.display ?? f.key];
  if (f.custom?.cell) return f.custom.cell(v);
  if (f.kind === 'money') return formatRupiah(Number(v ?? 0));
  if (f.kind === 'boolean') return v === true ? 'Ya' : 'Tidak';
  if (f.kind === 'select' && f.options && !f.display) return f.options.find((o) => o.value === str(v))?.label ?? '-';
  return v === null || v === undefined || v === '' ? '-' : str(v);
}
