import { Link } from 'react-router';
import { ShieldX } from 'lucide-react';
import { MSG } from '@klinik/shared';
import { Button } from '../components/ui/button';

/**
 * The one state a page shows when the signed-in user may not see its data: reached by URL without the right, or
 * when the server answers 403 to one of the page's queries (never a false empty list or an endless skeleton).
 */
export default function NoAccessPage({ title }: { title?: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" data-testid="no-access">
      <ShieldX className="size-12 text-muted-foreground/70" aria-hidden />
      {title ? <p className="text-sm font-medium text-muted-foreground">{title}</p> : null}
      <h1 className="text-xl font-semibold">{MSG.noPageAccess}</h1>
      <p className="text-sm text-muted-foreground">
        Hubungi manajer cabang Anda bila Anda memerlukan akses ke halaman ini.
      </p>
      <Button asChild variant="outline">
        <Link to="/">Kembali ke Beranda</Link>
      </Button>
    </div>
  );
}
