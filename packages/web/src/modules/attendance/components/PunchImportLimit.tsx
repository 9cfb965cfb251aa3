import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isTopLevel, PUNCH_IMPORT_MAX_DAYS_LIMIT, type ErrorItem } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/**
 * The branch's age limit of an imported device log (issue 25 finding 7), shown in the import dialog; the owner and
 * the developer change it here (1 to 62 days).
 */
export function PunchImportLimit() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const setting = useQuery(trpc.attendance.checklog.setting.queryOptions());
  const save = useMutation({ ...trpc.attendance.checklog.saveSetting.mutationOptions(), meta: { inlineErrors: true } });
  const [days, setDays] = React.useState('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const current = setting.data?.data.punch_import_max_days;
  React.useEffect(() => {
    if (current !== undefined) setDays(String(current));
  }, [current]);
  if (current === undefined) return null;
  const canEdit = isTopLevel(me);
  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm" data-testid="punch-import-limit">
      <p>
        Hanya log {current} hari terakhir yang dapat diimpor; kode absensi Anda sendiri tidak dapat Anda impor. Hari
        yang lebih lama diubah lewat koreksi absensi (dengan persetujuan).
      </p>
      {canEdit ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="cl-max-days">Batas umur log (hari)</Label>
            <Input
              id="cl-max-days"
              type="number"
              min={1}
              max={PUNCH_IMPORT_MAX_DAYS_LIMIT}
              className="w-28"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending || days === String(current)}
            onClick={() => {
              setErrors([]);
              save.mutate(
                { punch_import_max_days: Number(days) },
                {
                  onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.attendance.checklog.setting.queryKey() }),
                  onError: (err) => setErrors(errorItems(err)),
                },
              );
            }}
          >
            Simpan batas
          </Button>
        </div>
      ) : null}
      <ErrorList items={errors} />
    </div>
  );
}
