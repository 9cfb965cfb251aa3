import * as React from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { ErrorItem } from '@klinik/shared';
import { applyServerErrors } from '../components/ui/form';
import { errorItems } from './errors';

/**
 * The form of an add-or-edit dialog: validated by the shared schema on submit (then on change), reset to
 * `valuesOf(edit)` whenever the dialog opens or edits another row, and saved by `save`; the server's issues land on
 * their fields and the rest are returned as `serverErrors`. `valuesOf` must be stable (a module-level function).
 */
export function useEditDialogForm<E, V extends FieldValues, Out>({
  resolver,
  valuesOf,
  edit,
  open,
  save,
}: {
  resolver: Resolver<V, unknown, Out>;
  valuesOf: (edit: E) => V;
  edit: E;
  open: boolean;
  save: (data: Out) => Promise<void>;
}) {
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<V, unknown, Out>({
    resolver,
    defaultValues: valuesOf(edit) as DefaultValues<V>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { reset } = form;
  React.useEffect(() => {
    setServerErrors([]);
    reset(valuesOf(edit));
  }, [edit, open, reset, valuesOf]);
  const submit = form.handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      await save(data);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });
  return { form, serverErrors, submit };
}
