import { LoaderCircle } from 'lucide-react';

export function FullPageSpinner() {
  return (
    <div className="flex h-full min-h-[50vh] items-center justify-center" role="status" aria-label="Memuat">
      <LoaderCircle className="size-8 animate-spin text-primary" />
    </div>
  );
}
