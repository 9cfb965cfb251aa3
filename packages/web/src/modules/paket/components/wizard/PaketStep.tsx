import { Eye, Search } from 'lucide-react';
import { formatRupiah, MSG, type PaketHistoryDto } from '@klinik/shared';
import { cn } from '../../../../lib/utils';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Input } from '../../../../components/ui/input';
import { Skeleton } from '../../../../components/ui/skeleton';

/** Step 2 'Pilih Paket': active package versions, exactly one ticked. */
export function PaketStep({
  keyword,
  onKeyword,
  loading,
  packages,
  ticked,
  onTicked,
  onView,
}: {
  keyword: string;
  onKeyword: (k: string) => void;
  loading: boolean;
  packages: PaketHistoryDto[];
  ticked: PaketHistoryDto[];
  onTicked: (t: PaketHistoryDto[]) => void;
  onView: (p: PaketHistoryDto) => void;
}) {
  return (
    <section className="grid gap-3">
      <div className="relative max-w-md">
        <Search className="absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden />
        <Input
          className="pl-9"
          placeholder="Cari kode atau nama paket"
          value={keyword}
          onChange={(e) => onKeyword(e.target.value)}
          aria-label="Cari paket"
        />
      </div>
      {loading ? (
        <Skeleton className="h-40" />
      ) : packages.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{MSG.empty}</p>
      ) : (
        <ul className="grid gap-2 md:grid-cols-2" data-testid="paket-list">
          {packages.map((p) => {
            const checked = ticked.some((x) => x.id === p.id);
            return (
              <li
                key={p.id}
                className={cn('flex items-start gap-3 rounded-lg border p-3', checked && 'border-primary bg-primary/5')}
                data-testid="paket-option"
              >
                <Checkbox
                  id={`paket-${p.id}`}
                  checked={checked}
                  onCheckedChange={(on) => onTicked(on === true ? [p] : ticked.filter((x) => x.id !== p.id))}
                  aria-label={`Pilih ${p.code}`}
                  className="mt-1"
                />
                <label htmlFor={`paket-${p.id}`} className="min-w-0 flex-1 cursor-pointer">
                  <p className="font-semibold">
                    <span className="font-mono">{p.code}</span> · {p.pakettypedata.name}
                  </p>
                  <p className="text-sm">{p.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatRupiah(p.price)}
                    {p.installment_schema === 1
                      ? ` · DP ${formatRupiah(p.dp_amount)} + ${p.cicilan_attempt}x ${formatRupiah(p.cicilan_amount)}`
                      : ' · Lunas'}
                  </p>
                </label>
                <Button type="button" size="sm" variant="outline" onClick={() => onView(p)}>
                  <Eye /> lihat
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
