import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDate, type ErrorItem, type JurnalDto } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { DateInput } from '../../../components/ui/date-input';
import { useActivePeriod } from '../lib';

/**
 * 'Batalkan' confirmation: the reversing journal's date (default today in the branch's time zone; inside the active
 * period and not before the original). The server checks the same and its answer is listed inline.
 */
export function ReverseJurnalDialog({ jurnal, onClose }: { jurnal: JurnalDto | null; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { period } = useActivePeriod();
  const today = useBranchToday();
  const [date, setDate] = React.useState(today);
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  React.useEffect(() => {
    if (jurnal) {
      setDate(today);
      setErrors(null);
    }
  }, [jurnal, today]);
  const reverse = useMutation(
    trpc.finance.jurnal.reverse.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (j) => {
        toast.success(`Jurnal pembalik ${j.code} dibuat`, { duration: TOAST_MS });
        onClose();
        await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
      },
      onError: (err) => setErrors(errorItems(err)),
    }),
  );
  let hint: string | null = null;
  if (jurnal && !period) hint = 'Tidak ada periode pembukuan aktif';
  else if (date && period && date < period.start_date)
    hint = `Tanggal harus di dalam periode aktif (mulai ${formatDate(period.start_date)})`;
  else if (date && jurnal && date < jurnal.transaction_at)
    hint = `Tanggal pembatalan tidak boleh sebelum tanggal jurnal asal (${formatDate(jurnal.transaction_at)})`;
  return (
    <Dialog open={jurnal !== null} onOpenChange={(o) => (o || reverse.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-md" data-testid="jurnal-reverse-dialog">
        <DialogHeader>
          <DialogTitle>Batalkan Jurnal</DialogTitle>
          <DialogDescription>
            {jurnal
              ? `Jurnal ${jurnal.code} tidak diubah; jurnal pembalik dengan debit dan kredit ditukar dibuat pada tanggal di bawah. Lanjutkan?`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <FormField label="Tanggal Pembatalan" htmlFor="jurnal-reverse-date" required error={hint ?? undefined}>
          <DateInput id="jurnal-reverse-date" value={date} onChange={setDate} required />
        </FormField>
        <ErrorList items={errors} />
        <DialogFooter>
          <Button variant="outline" disabled={reverse.isPending} onClick={onClose}>
            Batal
          </Button>
          <Button
            variant="destructive"
            data-testid="jurnal-reverse-confirm"
            disabled={!jurnal || !date || hint !== null || reverse.isPending}
            onClick={() => {
              if (!jurnal) return;
              setErrors(null);
              reverse.mutate({ id: jurnal.id, data: { transaction_at: date } });
            }}
          >
            Ya, Batalkan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
