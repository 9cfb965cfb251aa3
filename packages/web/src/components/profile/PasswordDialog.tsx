import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Check, Circle, Eye, EyeOff } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordInput, type ChangePasswordInput, type ErrorItem } from '@klinik/shared';
import { liveIssues } from '../../lib/live-issues';
import { errorItems, useTRPC } from '../../lib/trpc';
import { FormDialogFooter } from '../FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { ErrorList } from '../ui/error-list';
import { FormField } from '../ui/form';
import { Input } from '../ui/input';

export interface PasswordDialogProps {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/**
 * The rules, stated before the user types (issue 16): the first three are checked as they type; whether a password
 * is too common is decided by the server (its list is not shipped to the browser) and answered beside the field.
 */
export function passwordRules(password: string, repeat: string): { label: string; met: boolean | null }[] {
  return [
    { label: 'Minimal 5 karakter', met: password.length >= 5 },
    { label: 'Tanpa spasi', met: password.length > 0 && !/\s/.test(password) },
    { label: 'Bukan password yang umum atau mudah ditebak (mis. 123456, password, klinik123)', met: null },
    { label: 'Ulangi password sama persis', met: repeat.length > 0 && repeat === password },
  ];
}

/** Spec 5: at least 5 characters, no spaces, the repeat equal; Save stays disabled otherwise. */
export function PasswordDialog({ userId, open, onOpenChange, onSaved }: PasswordDialogProps) {
  const trpc = useTRPC();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { password: '', repeatpassword: '' },
  });
  const { control, register, handleSubmit, reset, watch } = form;
  const password = useWatch({ control, name: 'password' }) ?? '';
  const repeat = useWatch({ control, name: 'repeatpassword' }) ?? '';
  const [show, setShow] = React.useState(false);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const mutation = useMutation({ ...trpc.users.changePassword.mutationOptions(), meta: { inlineErrors: true } });

  React.useEffect(() => {
    if (open) {
      reset({ password: '', repeatpassword: '' });
      setErrors([]);
      setShow(false);
    }
  }, [open, reset]);
  // The server's answer is about what was sent: typing again clears it.
  React.useEffect(() => {
    const sub = watch(() => setErrors((e) => (e.length ? [] : e)));
    return () => sub.unsubscribe();
  }, [watch]);

  const check = liveIssues(changePasswordInput, { password, repeatpassword: repeat });
  // The server's answers about a field (e.g. a too common password) show beside it, once; only others are listed.
  const serverHint = (field: string) => errors.find((e) => e.field === field)?.message;
  const otherErrors = errors.filter((e) => e.field !== 'password' && e.field !== 'repeatpassword');
  const passwordHint = (password ? check.at('password') : undefined) ?? serverHint('password');
  const repeatHint = (repeat && !passwordHint ? check.at('repeatpassword') : undefined) ?? serverHint('repeatpassword');

  const save = handleSubmit(async (data) => {
    setErrors([]);
    try {
      await mutation.mutateAsync({ id: userId, data });
      onOpenChange(false);
      onSaved();
    } catch (err) {
      setErrors(errorItems(err));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-md" data-testid="password-dialog">
        <form onSubmit={(e) => void save(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Ubah Password</DialogTitle>
            <DialogDescription>Password baru harus memenuhi aturan berikut.</DialogDescription>
          </DialogHeader>
          <ul className="grid gap-1 text-sm" data-testid="password-rules" aria-label="Aturan password">
            {passwordRules(password, repeat).map((r) => (
              <li
                key={r.label}
                className={
                  r.met ? 'flex items-start gap-2 text-success' : 'flex items-start gap-2 text-muted-foreground'
                }
              >
                {r.met ? (
                  <Check className="mt-0.5 size-4 shrink-0" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 size-4 shrink-0" aria-hidden />
                )}
                <span>
                  {r.label}
                  {r.met ? <span className="sr-only"> (terpenuhi)</span> : null}
                </span>
              </li>
            ))}
          </ul>
          <FormField label="Password baru" htmlFor="pw-new" error={passwordHint}>
            <div className="relative">
              <Input
                id="pw-new"
                type={show ? 'text' : 'password'}
                autoComplete="new-password"
                aria-invalid={!!passwordHint}
                aria-describedby="pw-new-error"
                className="pr-10"
                {...register('password')}
              />
              <button
                type="button"
                onClick={() => setShow((s) => !s)}
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground"
                aria-label={show ? 'Sembunyikan password' : 'Tampilkan password'}
              >
                {show ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
              </button>
            </div>
          </FormField>
          <FormField label="Ulangi password" htmlFor="pw-repeat" error={repeatHint}>
            <Input
              id="pw-repeat"
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              aria-invalid={!!repeatHint}
              aria-describedby="pw-repeat-error"
              {...register('repeatpassword')}
            />
          </FormField>
          <ErrorList items={otherErrors} />
          <FormDialogFooter busy={mutation.isPending} onCancel={() => onOpenChange(false)} disabled={!check.ok} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
