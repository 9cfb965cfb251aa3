import * as React from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoaderCircle, LogIn } from 'lucide-react';
import { PRODUCT_NAME, type ErrorItem, type LoginInput } from '@klinik/shared';
import { safeNext, useSessionQuery, useSignIn } from '../lib/session';
import { BrandMark } from '../layouts/BrandMark';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { ErrorList } from '../components/ui/error-list';
import { FormField } from '../components/ui/form';
import { Input } from '../components/ui/input';
import { errorItems } from '../lib/errors';

type Field = keyof LoginInput;
type FieldErrors = Partial<Record<Field, string>>;
/** In the order of the form: the first field with an error gets the focus. */
const FIELDS: Field[] = ['username', 'password'];

/**
 * The shared `loginInput` schema, fetched when the form is first validated: zod is not needed to paint the login
 * page and stays out of its first download (issue 10, login JS under 150 KB gzip).
 */
let schemaPromise: Promise<(typeof import('@klinik/shared/schemas/auth'))['loginInput']> | undefined;
async function check(values: LoginInput): Promise<{ data?: LoginInput; errors: FieldErrors }> {
  schemaPromise ??= import('@klinik/shared/schemas/auth').then((m) => m.loginInput);
  const result = (await schemaPromise).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * The one form of the app without react-hook-form (issue 10): its 12 KB gzip would be a twelfth of the login page's
 * whole download, for two fields. It behaves as the react-hook-form forms do: checked with the shared schema on
 * submit (the parsed values are sent), the first invalid field focused, each field checked again as it changes
 * once the form was submitted, and the server's errors put under their fields, the rest listed above the button.
 */
function useLoginForm(onValid: (values: LoginInput) => Promise<FieldErrors>) {
  const [values, setValues] = React.useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = React.useState(false);
  const submitted = React.useRef(false);
  const focusNext = React.useRef<Field | null>(null);
  const inputs = React.useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  React.useEffect(() => {
    if (isSubmitting || !focusNext.current) return;
    inputs.current[focusNext.current]?.focus();
    focusNext.current = null;
  }, [isSubmitting]);

  const field = (name: Field) => ({
    name,
    value: values[name],
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted.current) void check(next).then((r) => setErrors((prev) => ({ ...prev, [name]: r.errors[name] })));
    },
  });

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      submitted.current = true;
      const { data, errors: invalid } = await check(values);
      setErrors(invalid);
      if (!data) {
        focusNext.current = FIELDS.find((f) => invalid[f]) ?? null;
        return;
      }
      setErrors(await onValid(data));
    } finally {
      setSubmitting(false);
    }
  };

  return { field, errors, isSubmitting, onSubmit };
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const session = useSessionQuery();
  const signIn = useSignIn();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useLoginForm(async (values) => {
    setServerErrors([]);
    try {
      await signIn(values.username, values.password);
      void navigate(next, { replace: true });
      return {};
    } catch (err) {
      // The server's items for a field of the form go under it; the others are listed above the button.
      const onFields: FieldErrors = {};
      const rest: ErrorItem[] = [];
      for (const item of errorItems(err)) {
        const root = item.field?.split('.')[0] as Field | undefined;
        if (root && FIELDS.includes(root)) onFields[root] = item.message;
        else rest.push(item);
      }
      setServerErrors(rest);
      return onFields;
    }
  });
  const { errors, isSubmitting } = form;

  React.useEffect(() => {
    document.title = `Masuk - ${PRODUCT_NAME}`;
  }, []);

  if (session.data) return <Navigate to={next} replace />;

  return (
    <div className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-teal-50 via-background to-emerald-50 p-4">
      <Card className="w-full max-w-sm shadow-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow">
            <BrandMark className="size-9" />
          </div>
          <CardTitle className="text-2xl">{PRODUCT_NAME}</CardTitle>
          <CardDescription>Masuk untuk melanjutkan ke aplikasi klinik</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={(e) => void form.onSubmit(e)} className="flex flex-col gap-4" noValidate>
            <FormField label="Username" htmlFor="username" error={errors.username}>
              <Input
                id="username"
                autoComplete="username"
                autoFocus
                aria-invalid={!!errors.username}
                aria-describedby="username-error"
                disabled={isSubmitting}
                {...form.field('username')}
              />
            </FormField>
            <FormField label="Password" htmlFor="password" error={errors.password}>
              <Input
                id="password"
                type="password"
                autoComplete="current-password"
                aria-invalid={!!errors.password}
                aria-describedby="password-error"
                disabled={isSubmitting}
                {...form.field('password')}
              />
            </FormField>
            <ErrorList items={serverErrors} />
            <Button type="submit" disabled={isSubmitting} className="w-full" data-testid="login-submit">
              {isSubmitting ? <LoaderCircle className="animate-spin" /> : <LogIn />}
              Masuk
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
