import * as React from 'react';
import { FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { TOAST_MS } from '../lib/trpc';

/** A page's title row: title, optional description, and actions on the right (wrapping below on phones). */
export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', className)}>
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** 'Export Excel' button for a PageHeader: `onExport` usually calls exportToExcel(...) with the rows. */
export function ExportExcelButton({
  onExport,
  disabled,
  label = 'Export Excel',
}: {
  onExport: () => Promise<void>;
  disabled?: boolean;
  label?: string;
}) {
  const [busy, setBusy] = React.useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (err) {
      console.error(err);
      // sonner loads with the first toast, not with every page that has the button (issue 10).
      void import('sonner').then(({ toast }) => toast.error('Gagal membuat file Excel', { duration: TOAST_MS }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void run()} disabled={disabled || busy}>
      {busy ? <LoaderCircle className="animate-spin" /> : <FileSpreadsheet />}
      {label}
    </Button>
  );
}
