import { CircleAlert } from 'lucide-react';
import type { ErrorItem } from '@klinik/shared';
import { cn } from '../../lib/utils';

/** The server's error list shown inline in a form or list (spec 8), one item per message. */
export function ErrorList({ items, className }: { items: ErrorItem[] | null | undefined; className?: string }) {
  if (!items || items.length === 0) return null;
  return (
    <div
      role="alert"
      data-slot="error-list"
      className={cn('rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive', className)}
    >
      <ul className="flex flex-col gap-1">
        {items.map((item, i) => (
          <li key={`${item.field ?? ''}-${i}`} className="flex items-start gap-2">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{item.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
