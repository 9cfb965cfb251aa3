import { Download } from 'lucide-react';
import type { PaketHistoryDto, UserDto } from '@klinik/shared';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';

/** Step 4 'Persetujuan': the agreement PDF; Konfirmasi (in the wizard's footer) waits until it was downloaded. */
export function AgreementStep({
  customer,
  selected,
  doctor,
  loading,
  hasPeriod,
  pdfUrl,
  agreementOpened,
  onDownload,
}: {
  customer: UserDto | null;
  selected: PaketHistoryDto | null;
  doctor: UserDto | null;
  loading: boolean;
  hasPeriod: boolean;
  pdfUrl: string | null;
  agreementOpened: boolean;
  onDownload: () => void;
}) {
  return (
    <section className="grid gap-3">
      <div className="grid gap-1 text-sm">
        <p>
          Pasien: <b>{customer?.name}</b> (NO RM. {customer?.username}) · Paket: <b>{selected?.code}</b>{' '}
          {selected?.name} · Dokter: <b>{doctor?.name}</b>
        </p>
      </div>
      {loading ? (
        <Skeleton className="h-[60vh]" />
      ) : !hasPeriod ? null : pdfUrl ? (
        <iframe
          title="Perjanjian Paket"
          src={pdfUrl}
          className="h-[60vh] w-full rounded-lg border"
          data-testid="agreement-frame"
        />
      ) : null}
      <div>
        <Button type="button" variant="outline" onClick={onDownload} disabled={!hasPeriod || !pdfUrl}>
          <Download /> Unduh Perjanjian
        </Button>
        {hasPeriod && !agreementOpened ? (
          <p className="mt-2 text-sm text-muted-foreground" data-testid="agreement-hint">
            Unduh perjanjian terlebih dahulu: tombol Konfirmasi aktif setelah perjanjian diunduh.
          </p>
        ) : null}
      </div>
    </section>
  );
}
