import * as React from 'react';
import { FileText, Printer } from 'lucide-react';
import { access, allows } from '@klinik/shared';
import { useSession } from '../../../app/auth';
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
import { Label } from '../../../components/ui/label';

/** The printouts' URLs (issue 12 item 6; the server renders the PDFs). */
export const printUrls = {
  resume: (visit: number) => `/api/rekammedis/visit/${visit}/resume.pdf`,
  prescription: (id: number) => `/api/rekammedis/prescription/${id}/pdf`,
  sickLetter: (visit: number, q: { days: number; from?: string; diagnosis?: boolean }) =>
    `/api/rekammedis/visit/${visit}/surat-sakit.pdf?days=${q.days}${q.from ? `&from=${q.from}` : ''}${q.diagnosis ? '&diagnosis=1' : ''}`,
};
const open = (url: string) => window.open(url, '_blank', 'noopener');

/**
 * 'Cetak' on the record of a visit: resume medis, each prescription, and the sick-leave letter (days, from, with or
 * without the diagnosis). Entries the user may not read are not offered (the server refuses them too).
 */
export function PrintMenu({
  visit,
  visitDate,
  prescriptions = [],
}: {
  visit: number;
  visitDate: string;
  prescriptions?: { id: number; code: string }[];
}) {
  const user = useSession();
  const canResume = allows(user, access.feature('RM_DOKUMEN', 'read'));
  const canResep = allows(user, access.feature('RM_RESEP', 'read'));
  const canLetter = allows(user, access.roles('dokter', 'manager'));
  const [letter, setLetter] = React.useState(false);
  const [days, setDays] = React.useState('1');
  const [from, setFrom] = React.useState(visitDate);
  const [diagnosis, setDiagnosis] = React.useState(false);
  const daysN = Number(days);
  const daysError = !Number.isInteger(daysN) || daysN < 1 || daysN > 30 ? 'Jumlah hari 1 sampai 30' : null;
  const fromError = from && from < visitDate ? 'Tidak boleh sebelum tanggal kunjungan' : null;
  if (!canResume && !canResep && !canLetter) return null;
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
          {canLetter ? (
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
            <DialogDescription>Lama istirahat dan tanggal mulainya.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">
            <div className="grid gap-1">
              <Label htmlFor="sks-days">Jumlah Hari</Label>
              <Input id="sks-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
              {daysError ? <p className="text-sm text-destructive">{daysError}</p> : null}
            </div>
            <div className="grid gap-1">
              <Label htmlFor="sks-from">Mulai Tanggal</Label>
              <DateInput id="sks-from" value={from} onChange={setFrom} />
              {fromError ? <p className="text-sm text-destructive">{fromError}</p> : null}
            </div>
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={diagnosis} onCheckedChange={(v) => setDiagnosis(v === true)} />
              Cantumkan diagnosis utama
            </label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setLetter(false)}>
              Batal
            </Button>
            <Button
              disabled={!!daysError || !!fromError}
              onClick={() => {
                open(printUrls.sickLetter(visit, { days: daysN, from: from || undefined, diagnosis }));
                setLetter(false);
              }}
            >
              <Printer /> Cetak
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
