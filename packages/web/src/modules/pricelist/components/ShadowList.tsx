import { formatDate, formatRupiah, type PriceShadowDto } from '@klinik/shared';

/** The branches whose own price shadows a base price (where it will not apply), with the date and price of each. */
export function ShadowList({ shadows }: { shadows: PriceShadowDto[] }) {
  if (!shadows.length) return <span className="text-muted-foreground">-</span>;
  return (
    <ul className="grid gap-0.5 text-xs">
      {shadows.map((s) => (
        <li key={`${s.profile_id}-${s.effective_at}`}>
          {s.profile_name}: {formatRupiah(s.price)} sejak {formatDate(s.effective_at)}
        </li>
      ))}
    </ul>
  );
}
