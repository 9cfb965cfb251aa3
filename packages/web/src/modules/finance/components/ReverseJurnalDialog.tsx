import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { reverseFormInput, type ErrorItem, type JurnalDto, type ReverseFormValues } from '@klinik/shared';
import { liveIssues } from '../../../lib/live-issues';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
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
  // The rules depend on the active period and the journal: the schema is built for them, read at submit.
  const schema = reverseFormInput({
    periodStart: period?.start_date ?? null,
    jurnalDate: jurnal?.transaction_at ?? null,
  });
  const schemaRef = React.useRef(schema);
  schemaRef.current = schema;
  const form = useForm<ReverseFormValues>({
    resolver: (values, context, options) => zodResolver(schemaRef.current)(values, context, options),
    defaultValues: { transaction_at: today },
  });
  const { control, handleSubmit, reset } = form;
  const date = useWatch({ control, name: 'transaction_at' });
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  // One Idempotency-Key per opened dialog: a retried or double-clicked reversal is one reversal.
  const [key, setKey] = React.useState(newIdempotencyKey);
  React.useEffect(() => {
    if (jurnal) {
      reset({ transaction_at: today });
      setErrors(null);
      setKey(newIdempotencyKey());
    }
  }, [jurnal, today, reset]);
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
  const check = liveIssues(schema, { transaction_at: date });
  // Next to the date: the form's own check (nothing while it is empty: Save says enough), else the server's answer.
  const hint =
    (jurnal && date ? check.at('transaction_at') : undefined) ??
    errors?.find((e) => e.field === 'transaction_at')?.message;
  const listed = errors?.filter((e) => e.field !== 'transaction_at') ?? null;
  const submit = handleSubmit((data) => {
    if (!jurnal) return;
    setErrors(null);
    reverse.mutate({ id: jurnal.id, data: { transaction_at: data.transaction_at }, idempotency_key: key });
  });
  return (
    <Dialog open={jurnal !== null} onOpenChange={(o) => (o || reverse.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-md" data-testid="jurnal-reverse-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Batalkan Jurnal</DialogTitle>
            <DialogDescription>
              {jurnal
                ? `Jurnal ${jurnal.code} tidak diubah; jurnal pembalik dengan debit dan kredit ditukar dibuat pada tanggal di bawah. Lanjutkan?`
                : ''}
            </DialogDescription>
          </DialogHeader>
          <FormField label="Tanggal Pembatalan" htmlFor="jurnal-reverse-date" required error={hint}>
            <Controller
              control={control}
              name="transaction_at"
              render={({ field }) => (
                <DateInput
                  id="jurnal-reverse-date"
                  value={field.value}
                  onChange={field.onChange}
                  required
                  aria-invalid={!!hint}
                  aria-describedby="jurnal-reverse-date-error"
                />
              )}
            />
          </FormField>
          <ErrorList items={listed} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={reverse.isPending} onClick={onClose}>
              Batal
            </Button>
            <Button
              type="submit"
              variant="destructive"
              data-testid="jurnal-reverse-confirm"
              disabled={!jurnal || !check.ok || reverse.isPending}
            >
              Ya, Batalkan
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
