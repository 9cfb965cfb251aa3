import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import type { MasterField } from '../../masters';
import { api } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

/**
 * The contents of a chain package (issue 30 item 2, /backoffice/master/promosi): rows of a chain treatment or chain
 * item with its slots and days, kept in the master form as JSON text. Each branch's copy names its own rows of them.
 */
interface ItemRow {
  type: number;
  ref_id: number | string;
  free_slot: number | string;
  expired_duration: number | string;
}

const KINDS: Record<string, { label: string; url: string }> = {
  '1': { label: 'Perawatan', url: '/api/backoffice/master/treatment' },
  '2': { label: 'Item', url: '/api/backoffice/master/item' },
};

function parse(text: string): ItemRow[] {
  try {
    const v: unknown = JSON.parse(text || '[]');
    return Array.isArray(v) ? (v as ItemRow[]) : [];
  } catch {
    return [];
  }
}

const asNumber = (v: number | string) => (typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v) : v);

function useChainOptions() {
  return useQuery({
    queryKey: ['chain-package-options'],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        Object.entries(KINDS).map(async ([type, k]) => {
          const res = await api.get<{ data: { id: number; key: string; name: string }[] }>(k.url, {
            query: { status: 1, limit: 500 },
            signal,
          });
          return [type, res.data] as const;
        }),
      );
      return Object.fromEntries(lists);
    },
  });
}

function ItemsEditor({ id, value, onChange, disabled }: Parameters<NonNullable<MasterField['custom']>['render']>[0]) {
  const rows = parse(value);
  const options = useChainOptions();
  const set = (next: ItemRow[]) => onChange(JSON.stringify(next));
  const change = (i: number, patch: Partial<ItemRow>) => set(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div id={id} className="grid gap-2">
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">Tidak ada Perawatan</p> : null}
      {rows.map((r, i) => (
        <div key={i} className="grid items-center gap-2 rounded-md border p-2 md:grid-cols-[110px_1fr_70px_90px_auto]">
          <Select
            value={String(r.type)}
            disabled={disabled}
            onValueChange={(t) => change(i, { type: Number(t), ref_id: '' })}
          >
            <SelectTrigger aria-label={`Jenis item ${i + 1}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(KINDS).map(([t, k]) => (
                <SelectItem key={t} value={t}>
                  {k.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={String(r.ref_id)} disabled={disabled} onValueChange={(x) => change(i, { ref_id: Number(x) })}>
            <SelectTrigger aria-label={`Nama item ${i + 1}`}>
              <SelectValue placeholder="Pilih" />
            </SelectTrigger>
            <SelectContent>
              {(options.data?.[String(r.type)] ?? []).map((o) => (
                <SelectItem key={o.id} value={String(o.id)}>
                  {o.key} · {o.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Input
            aria-label={`Slot item ${i + 1}`}
            inputMode="numeric"
            readOnly={disabled}
            value={String(r.free_slot)}
            onChange={(e) => change(i, { free_slot: e.target.value })}
          />
          <Input
            aria-label={`Berlaku (hari) item ${i + 1}`}
            inputMode="numeric"
            readOnly={disabled}
            value={String(r.expired_duration)}
            onChange={(e) => change(i, { expired_duration: e.target.value })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Hapus item ${i + 1}`}
            disabled={disabled}
            onClick={() => set(rows.filter((_, j) => j !== i))}
          >
            <Trash2 />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        disabled={disabled}
        onClick={() => set([...rows, { type: 1, ref_id: '', free_slot: 1, expired_duration: 365 }])}
      >
        <Plus /> Tambah Item
      </Button>
    </div>
  );
}

/** The 'Isi Paket' field of the chain package form. */
export const packageItemsField: MasterField = {
  key: 'items',
  label: 'Isi Paket',
  kind: 'custom',
  formOnly: true,
  custom: {
    render: (p) => <ItemsEditor {...p} />,
    toText: (v) => JSON.stringify(Array.isArray(v) ? v : []),
    fromText: (raw) =>
      parse(raw).map((r) => ({
        type: r.type,
        ref_id: asNumber(r.ref_id),
        free_slot: asNumber(r.free_slot),
        expired_duration: asNumber(r.expired_duration),
      })),
  },
};
