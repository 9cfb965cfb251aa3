import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { changePasswordInput, type ErrorItem } from '@klinik/shared';
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

/** Spec 5: at least 5 characters, no spaces, the repeat equal; Save stays disabled otherwise. */
export function PasswordDialog({ userId, open, onOpenChange, onSaved }: PasswordDialogProps) {
  const trpc = useTRPC();
  const [password, setPassword] = React.useState('');
  const [repeat, setRepeat] = React.useState('');
  const [show, setShow] = React.useState(false);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const mutation = useMutation({ ...trpc.users.changePassword.mutationOptions(), meta: { inlineErrors: true } });

  React.useEffect(() => {
    if (open) {
      setPassword('');
      setRepeat('');
      setErrors([]);
      setShow(false);
    }
  }, [open]);

  const check = changePasswordInput.safeParse({ password, repeatpassword: repeat });
  const issues = check.success ? [] : check.error.issues;
  const passwordHint = password ? issues.find((i) => i.path[0] === 'password')?.message : undefined;
  const repeatHint = repeat && !passwordHint ? issues.find((i) => i.path[0] === 'repeatpassword')?.message : undefined;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!check.success) return;
    setErrors([]);
    try {
      await mutation.mutateAsync({ id: userId, data: { password, repeatpassword: repeat } });
      onOpenChange(false);
      onSaved();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-md" data-testid="password-dialog">
        <form onSubmit={(e) => void save(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Ubah Password</DialogTitle>
            <DialogDescription>
              Minimal 5 karakter tanpa spasi. Disarankan memakai gabungan huruf dan angka.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Password baru" htmlFor="pw-new" error={passwordHint}>
            <div className="relative">
              <Input
                id="pw-new"
                name="password"
                type={show ? 'text' : 'password'}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={!!passwordHint}
                className="pr-10"
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
              name="repeatpassword"
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              aria-invalid={!!repeatHint}
            />
          </FormField>
          <ErrorList items={errors} />
          <FormDialogFooter busy={mutation.isPending} onCancel={() => onOpenChange(false)} disabled={!check.success} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
