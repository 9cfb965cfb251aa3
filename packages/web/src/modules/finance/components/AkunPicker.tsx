import { useQuery } from '@tanstack/react-query';
import type { AkunDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { Combobox } from '../../../components/ui/combobox';

/** Active detail accounts of the chart (what journals may post to). */
export function usePostableAccounts() {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.finance.akun.list.queryOptions({ istypegroup: 0, status: 1 }),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** Account autocomplete: code or name, searched in the loaded chart. */
export function AkunPicker({
  value,
  onChange,
  id,
  accounts,
  invalid,
}: {
  value: AkunDto | null;
  onChange: (a: AkunDto | null) => void;
  id?: string;
  accounts: AkunDto[];
  invalid?: boolean;
}) {
  return (
    <Combobox<AkunDto>
      id={id}
      queryKey={['finance', 'akun-picker', accounts.length]}
      search={(text) => {
        const t = text.toLowerCase();
        return Promise.resolve(
          accounts
            .filter((a) => !t || a.code.toLowerCase().includes(t) || a.name.toLowerCase().includes(t))
            .slice(0, 50),
        );
      }}
      value={value}
      onChange={onChange}
      getKey={(a) => a.id}
      getLabel={(a) => `${a.code} ${a.name}`}
      renderItem={(a) => (
        <span>
          <span className="font-mono text-xs">{a.code}</span> {a.name}{' '}
          <span className="text-xs text-muted-foreground">{a.categoryname}</span>
        </span>
      )}
      placeholder="Pilih akun"
      searchPlaceholder="Kode atau nama akun"
      invalid={invalid}
    />
  );
}
