import { Toaster as Sonner } from 'sonner';

/** Popups last 2 seconds (spec 8). Call `toast.success(...)`/`toast.error(...)` from 'sonner'. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      duration={2000}
      richColors
      closeButton={false}
      toastOptions={{ className: 'whitespace-pre-line' }}
    />
  );
}
