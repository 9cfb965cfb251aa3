import * as React from 'react';
import type { AreaDto, WilayahLevel } from '@klinik/shared';
import { useTRPCClient } from '../../lib/trpc';
import { Combobox } from '../ui/combobox';
import { FormField } from '../ui/form';

/** The four address levels as the user record stores them (names, not codes). */
export interface WilayahValue {
  provincy: string;
  city: string;
  kecamatan: string;
  desa: string;
}

/** The codes of the four levels (null = not chosen), province first. */
export type WilayahCodes = [string | null, string | null, string | null, string | null];

const LEVELS: { level: WilayahLevel; field: keyof WilayahValue; label: string }[] = [
  { level: 'provinces', field: 'provincy', label: 'Provinsi' },
  { level: 'regencies', field: 'city', label: 'Kota/Kabupaten' },
  { level: 'districts', field: 'kecamatan', label: 'Kecamatan' },
  { level: 'villages', field: 'desa', label: 'Desa/Kelurahan' },
];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Province -> city -> district -> village pickers fed by the server's wilayah lists. The record keeps names;
 * the codes that chain the levels are found again from the names when the form opens. Choosing a level clears
 * the levels below it.
 */
export function WilayahFields({
  value,
  onChange,
  errors,
  initialCodes,
}: {
  value: WilayahValue;
  /** The names, and the codes of the chosen areas (a branch stores the codes). */
  onChange: (v: WilayahValue, codes: WilayahCodes) => void;
  errors?: Partial<Record<keyof WilayahValue, string | undefined>>;
  /** Codes known already (a branch's): no look-up by name when the form opens. */
  initialCodes?: WilayahCodes;
}) {
  const client = useTRPCClient();
  const [codes, setCodes] = React.useState<WilayahCodes>(initialCodes ?? [null, null, null, null]);

  const fetchLevel = React.useCallback(
    (level: WilayahLevel, parent: string | null, keyword: string, signal?: AbortSignal): Promise<AreaDto[]> => {
      const input = { parent: parent ?? undefined, keyword: keyword || undefined, limit: 100 };
      switch (level) {
        case 'provinces':
          return client.wilayah.provinces.query(input, { signal });
        case 'regencies':
          return client.wilayah.regencies.query(input, { signal });
        case 'districts':
          return client.wilayah.districts.query(input, { signal });
        case 'villages':
          return client.wilayah.villages.query(input, { signal });
      }
    },
    [client],
  );

  // Find the codes of the stored names once, so the lower pickers know their parent.
  const initial = React.useRef(value);
  const knownCodes = React.useRef(!!initialCodes);
  React.useEffect(() => {
    if (knownCodes.current) return;
    let cancelled = false;
    const run = async () => {
      const found: WilayahCodes = [null, null, null, null];
      let parent: string | null = null;
      for (let i = 0; i < LEVELS.length; i++) {
        const { level, field } = LEVELS[i];
        const name = initial.current[field];
        if (!name || (i > 0 && !parent)) break;
        const list = await fetchLevel(level, parent, name);
        const hit = list.find((a) => same(a.name, name));
        if (!hit) break;
        found[i] = hit.code;
        parent = hit.code;
      }
      if (!cancelled) setCodes(found);
    };
    run().catch((err) => console.warn(err));
    return () => {
      cancelled = true;
    };
  }, [fetchLevel]);

  const choose = (index: number, area: AreaDto | null) => {
    const next = { ...value };
    const nextCodes: WilayahCodes = [...codes];
    next[LEVELS[index].field] = area?.name ?? '';
    nextCodes[index] = area?.code ?? null;
    for (let j = index + 1; j < LEVELS.length; j++) {
      next[LEVELS[j].field] = '';
      nextCodes[j] = null;
    }
    setCodes(nextCodes);
    onChange(next, nextCodes);
  };

  return (
    <>
      {LEVELS.map(({ level, field, label }, i) => {
        const parent = i === 0 ? null : codes[i - 1];
        const current = value[field];
        const disabled = i > 0 && !parent;
        return (
          <FormField key={field} label={label} htmlFor={`wilayah-${field}`} error={errors?.[field]}>
            <Combobox<AreaDto>
              id={`wilayah-${field}`}
              queryKey={['wilayah', level, parent]}
              search={(text, signal) => fetchLevel(level, parent, text, signal)}
              value={current ? { code: codes[i] ?? '', name: current, parent: parent ?? '' } : null}
              onChange={(a) => choose(i, a)}
              getKey={(a) => a.code || a.name}
              getLabel={(a) => a.name}
              placeholder={
                disabled ? `Pilih ${LEVELS[i - 1].label.toLowerCase()} dulu` : `Pilih ${label.toLowerCase()}`
              }
              searchPlaceholder={`Cari ${label.toLowerCase()}...`}
              disabled={disabled}
              invalid={!!errors?.[field]}
            />
          </FormField>
        );
      })}
    </>
  );
}
