import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import { MSG } from '@klinik/shared';
import { Button } from '../components/ui/button';

/** The one page every planned route shows inside its layout until a module builds it. */
export default function PlannedPage({ title }: { title?: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" data-testid="planned-page">
      <Construction className="size-12 text-muted-foreground/70" aria-hidden />
      {title ? <p className="text-sm font-medium text-muted-foreground">{title}</p> : null}
      <h1 className="text-xl font-semibold">{MSG.planned}</h1>
      <Button asChild variant="outline">
        <Link to="/">Kembali ke Beranda</Link>
      </Button>
    </div>
  );
}
