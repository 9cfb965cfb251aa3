import * as React from 'react';
import { FileText, Printer } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, allows, RM_ACCESS, rmRead, SICK_LETTER_MAX_START_DAYS } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DateInput } from '../../../components/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Input } from '../../../components/ui/input';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { errorItems, useTRPC } from '../../../lib/trpc';

/** The printouts' URLs (issue 12 item 6; the server renders the PDFs). */
export const printUrls = {
  resume: (visit: number) => `/api/rekammedis/visit/${visit}/resume.pdf`,
  prescription: (id: number) => `/api/rekammedis/prescription/${id}/pdf`,
  /** The letter issued for the visit, exactly as stored (issue 25). */
  sickLetter: (visit: number) => `/api/rekammedis/visit/${visit}/surat-sakit.pdf`,
};
const open = (url: string) => window.open(url, '_blank', 'noopener');

/**
 * 'Cetak' on the record of a visit: resume medis, each prescription, and the sick-leave letter. The letter is issued
 * once, by the visit's treating doctor on a finished record (days, start at most SICK_LETTER_MAX_START_DAYS days
 * after the visit, with or without the diagnosis), then only reprinted as stored. Entries the user may not read or
 * issue are not offered (the server refuses them too).
 */
export function PrintMenu({
  visit,
  visitDate,
  doctorId,
  finished,
  prescriptions = [],
}: {
  visit: number;
  visitDate: string;
  /** The visit's treating doctor: the only one who issues its letter. */
  doctorId: number;
  finished: boolean;
  prescriptions?: { id: number; code: string }[];
}) {
  const user = useSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canResume = allows(user, rmRead('RM_DOKUMEN'));
  const canResep = allows(user, rmRead('RM_RESEP'));
  const readsLetter = allows(user, RM_ACCESS.sickLetterRead);
  const stored = useQuery({ ...trpc.medicalLists.sickLetter.queryOptions({ id: visit }), enabled: readsLetter });
  const issued = stored.data ?? null;
  const mayIssue =
    readsLetter &&
    !issued &&
    stored.isSuccess &&
    finished &&
    user?.id === doctorId &&
    allows(user, RM_ACCESS.sickLetterIssue);
  const issue = useMutation({ ...trpc.medicalLists.sickLetterIssue.mutationOptions(), meta: { inlineErrors: true } });
  const [letter, setLetter] = React.useState(false);
  const [days, setDays] = React.useState('1');
  const [from, setFrom] = React.useState(visitDate);
  const [diagnosis, setDiagnosis] = React.useState(false);
  const daysN = Number(days);
  const latest = addDays(visitDate, SICK_LETTER_MAX_START_DAYS);
  const daysError = !Number.isInteger(daysN) || daysN < 1 || daysN > 30 ? 'Jumlah hari 1 sampai 30' : null;
  const fromError =
    from && from < visitDate
      ? 'Tidak boleh sebelum tanggal kunjungan'
      : from && from > latest
        ? `Paling lambat ${SICK_LETTER_MAX_START_DAYS} hari sesudah tanggal kunjungan`
        : null;
  const serverErrors = errorItems(issue.error);
  const fieldError = (f: string) => serverErrors.find((e) => e.field === f)?.message;
  if (!canResume && !canResep && !issued && !mayIssue) return null;
  const submit = async () => {
    try {
      await issue.mutateAsync({
        id: visit,
        days: daysN,
        from: from || undefined,
        diagnosis: diagnosis ? 1 : undefined,
      });
      setLetter(false);
      open(printUrls.sickLetter(visit));
    } catch {
      // Shown in the dialog (inline errors).
    } finally {
      await queryClient.invalidateQueries(trpc.medicalLists.sickLetter.queryFilter({ id: visit }));
    }
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <Printer /> Cetak
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canResume ? (
            <DropdownMenuItem onSelect={() => open(printUrls.resume(visit))}>
              <FileText /> Resume Medis
            </DropdownMenuItem>
          ) : null}
          {canResep
            ? prescriptions.map((p) => (
                <DropdownMenuItem key={p.id} onSelect={() => open(printUrls.prescription(p.id))}>
                  <FileText /> Resep {p.code}
                </DropdownMenuItem>
              ))
            : null}
          {issued ? (
            <DropdownMenuItem onSelect={() => open(printUrls.sickLetter(visit))}>
              <FileText /> Cetak Ulang Surat Sakit {issued.code}
            </DropdownMenuItem>
          ) : mayIssue ? (
            <DropdownMenuItem onSelect={() => setLetter(true)}>
              <FileText /> Surat Keterangan Sakit
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={letter} onOpenChange={setLetter}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Surat Keterangan Sakit</DialogTitle>
            <DialogDescription>
              Lama istirahat dan tanggal mulainya. Surat dibuat sekali dan tersimpan; cetak berikutnya sama persis.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">
            <div className="grid gap-1">
              <Label htmlFor="sks-days">Jumlah Hari</Label>
              <Input id="sks-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
              {(daysError ?? fieldError('days')) ? (
                <p className="text-sm text-destructive">{daysError ?? fieldError('days')}</p>
              ) : null}
            </div>
            <div className="grid gap-1">
              <Label htmlFor="sks-from">Mulai Tanggal</Label>
              <DateInput id="sks-from" value={from} onChange={setFrom} />
              {(fromError ?? fieldError('from')) ? (
                <p className="text-sm text-destructive">{fromError ?? fieldError('from')}</p>
              ) : null}
            </div>
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={diagnosis} onCheckedChange={(v) => setDiagnosis(v === true)} />
              Cantumkan diagnosis utama
            </label>
            <ErrorList items={serverErrors.filter((e) => e.field !== 'days' && e.field !== 'from')} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setLetter(false)}>
              Batal
            </Button>
            <Button disabled={!!daysError || !!fromError || issue.isPending} onClick={() => void submit()}>
              <Printer /> Buat dan Cetak
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
