import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, LogIn, LogOut, MapPin } from 'lucide-react';
import { DAILY_STATUS_LABELS, formatDate, type ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { clock } from '../lib';
import { MySlips } from '../components/MySlips';

/** The browser's position, or a readable Indonesian error. */
function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Browser ini tidak dapat membaca lokasi'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => reject(new Error('Izinkan akses lokasi untuk absen: cabang ini mewajibkan absen dari kantor')),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  });
}

/** /my-attendance ('Absensi Saya'): web check-in and check-out with the server's time, and 'Gaji Saya'. */
export default function MyAttendancePage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useQuery({ ...trpc.attendance.me.queryOptions(), meta: { inlineErrors: true } });
  const checkin = useMutation({ ...trpc.attendance.checkin.mutationOptions(), meta: { inlineErrors: true } });
  const checkout = useMutation({ ...trpc.attendance.checkout.mutationOptions(), meta: { inlineErrors: true } });
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [done, setDone] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  const punch = async (kind: 'in' | 'out') => {
    setErrors([]);
    setDone(null);
    setBusy(true);
    try {
      const loc = me.data?.location_required ? await currentPosition() : {};
      const res = await (kind === 'in' ? checkin : checkout).mutateAsync(loc);
      setDone(`${kind === 'in' ? 'Absen masuk' : 'Absen pulang'} tercatat${res.office ? ` di ${res.office}` : ''}.`);
      await qc.invalidateQueries({ queryKey: trpc.attendance.me.pathKey() });
    } catch (err) {
      setErrors(errorItems(err));
    } finally {
      setBusy(false);
    }
  };

  const row = me.data?.row ?? null;
  const date = me.data?.date ?? '';
  return (
    <div className="mx-auto grid w-full max-w-xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Absensi Saya" description="Absen masuk dan pulang dari browser; jam diambil dari server." />
      {me.error ? <ErrorList items={errorItems(me.error)} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>{date ? formatDate(date) : 'Hari ini'}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {me.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <>
              <div className="text-sm text-muted-foreground" data-testid="server-time">
                Jam server: {me.data?.server_time.slice(11, 16) ?? '-'}
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="my-attendance-today">
                <dt className="text-muted-foreground">Shift</dt>
                <dd>{row?.shift ?? 'Tanpa shift'}</dd>
                <dt className="text-muted-foreground">Masuk</dt>
                <dd data-testid="my-check-in">{clock(row?.check_in ?? null, date)}</dd>
                <dt className="text-muted-foreground">Pulang</dt>
                <dd data-testid="my-check-out">{clock(row?.check_out ?? null, date)}</dd>
                <dt className="text-muted-foreground">Status</dt>
                <dd>
                  {row ? <Badge variant="secondary">{DAILY_STATUS_LABELS[row.status]}</Badge> : '-'}
                  {row?.late_minutes ? ` (terlambat ${row.late_minutes} menit)` : ''}
                </dd>
              </dl>
              {me.data?.location_required ? (
                <p className="flex items-center gap-1 text-xs text-muted-foreground">
                  <MapPin className="size-3.5" /> Cabang ini mewajibkan absen dari dalam radius kantor.
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void punch('in')} disabled={busy}>
                  {busy ? <LoaderCircle className="animate-spin" /> : <LogIn />} Absen Masuk
                </Button>
                <Button variant="outline" onClick={() => void punch('out')} disabled={busy}>
                  {busy ? <LoaderCircle className="animate-spin" /> : <LogOut />} Absen Pulang
                </Button>
              </div>
              {done ? (
                <p role="status" className="text-sm text-success" data-testid="punch-done">
                  {done}
                </p>
              ) : null}
              <ErrorList items={errors} />
            </>
          )}
        </CardContent>
      </Card>
      <MySlips />
    </div>
  );
}
