import * as React from 'react';
import { useBlocker } from 'react-router';
import { MSG } from '@klinik/shared';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Unsaved changes (spec 2.7, issue 30 item 7): inside a guarded layout (the Backoffice), leaving a page while a form
 * on it is changed asks 'Do you really want to leave? you have unsaved changes!', for navigation inside the app
 * (react-router's `useBlocker`: the app runs on a data router) and for closing or reloading the tab
 * (`beforeunload`, where the browser shows its own wording).
 *
 * A form reports its state with `useUnsavedChanges(form.formState.isDirty)` (FormDialog does it for every dialog
 * form); outside a guarded layout the hook does nothing.
 */
type Report = (id: number, dirty: boolean) => void;
const ScopeContext = React.createContext<Report | null>(null);
let nextId = 0;

/** Reports whether a form is changed to the layout's guard (no-op outside one). Feed it react-hook-form's isDirty. */
export function useUnsavedChanges(dirty: boolean): void {
  const report = React.useContext(ScopeContext);
  const [id] = React.useState(() => ++nextId);
  React.useEffect(() => {
    if (!report) return;
    report(id, dirty);
    return () => report(id, false);
  }, [report, id, dirty]);
}

/** The guard of a layout: wraps its pages; asks before leaving while any reported form is changed. */
export function UnsavedChangesGuard({ children }: { children: React.ReactNode }) {
  const [dirty, setDirty] = React.useState<ReadonlySet<number>>(() => new Set());
  const report = React.useCallback<Report>((id, isDirty) => {
    setDirty((prev) => {
      if (prev.has(id) === isDirty) return prev;
      const next = new Set(prev);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const changed = dirty.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changed && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  React.useEffect(() => {
    if (!changed) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      e.returnValue = MSG.unsavedChanges;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [changed]);
  return (
    <ScopeContext.Provider value={report}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        description={MSG.unsavedChanges}
        confirmLabel="Tinggalkan"
        cancelLabel="Tetap di sini"
        destructive
        onConfirm={() => {
          if (blocker.state === 'blocked') {
            setDirty(new Set());
            blocker.proceed();
          }
        }}
      />
    </ScopeContext.Provider>
  );
}
