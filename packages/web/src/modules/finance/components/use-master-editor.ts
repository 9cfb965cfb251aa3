import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { applyServerErrors } from '../../../components/ui/form';

/**
 * The add-or-edit dialog of a finance master page (taxes, payment methods): `edit(row)` (null: a new one) fills the
 * form with `toValues(row)` and opens it; `submit` validates, calls `save(row, data)`, reads the finance lists again
 * and closes; the server's issues land on their fields and the rest in `serverErrors`.
 */
export function useMasterEditor<Row, V extends FieldValues, Out>({
  resolver,
  toValues,
  save,
}: {
  resolver: Resolver<V, unknown, Out>;
  toValues: (row: Row | null) => V;
  save: (row: Row | null, data: Out) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [editing, setEditing] = React.useState<Row | null>(null);
  const [open, setOpen] = React.useState(false);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<V, unknown, Out>({
    resolver,
    defaultValues: toValues(null) as DefaultValues<V>,
    mode: 'onTouched',
  });
  const edit = (row: Row | null) => {
    setEditing(row);
    setServerErrors([]);
    form.reset(toValues(row));
    setOpen(true);
  };
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
  const submit = form.handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      await save(editing, data);
      await refresh();
      setOpen(false);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });
  return { form, editing, open, close: () => setOpen(false), edit, submit, serverErrors, refresh };
}
