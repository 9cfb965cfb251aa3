import type * as React from 'react';
import { Inbox } from 'lucide-react';
import { MSG } from '@klinik/shared';
import { cn } from '../lib/utils';

/** What an empty list shows: 'Tidak ada Data' unless told otherwise (spec 8). */
export function EmptyState({
  title = MSG.empty,
  description,
  action,
  className,
}: {
  title?: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      data-slot="empty-state"
      className={cn('flex flex-col items-center justify-center gap-2 py-10 text-center', className)}
    >
      <Inbox className="size-10 text-muted-foreground/60" aria-hidden />
      <p className="font-medium text-muted-foreground">{title}</p>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}
