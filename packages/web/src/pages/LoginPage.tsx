import * as React from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { LoaderCircle, LogIn } from 'lucide-react';
import { PRODUCT_NAME, type ErrorItem, type LoginInput } from '@klinik/shared';
import type { Resolver } from 'react-hook-form';
import { safeNext, useSessionQuery, useSignIn } from '../app/auth';
import { BrandMark } from '../layouts/BrandMark';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { ErrorList } from '../components/ui/error-list';
import { applyServerErrors, FormField } from '../components/ui/form';
import { Input } from '../components/ui/input';
import { errorItems } from '../lib/errors';

/**
 * The shared `loginInput` schema, fetched when the form is first validated: zod and the resolver are not needed
 * to paint the login page, and are kept out of its first download (issue 10, login JS under 150 KB gzip).
 */
const loadResolver = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('@klinik/shared/schemas/auth')]).then(([r, s]) =>
    r.zodResolver(s.loginInput),
  );
let resolverPromise: ReturnType<typeof loadResolver> | undefined;
const lazyLoginResolver: Resolver<LoginInput> = async (values, context, options) => {
  resolverPromise ??= loadResolver();
  const resolver = await resolverPromise;
  return resolver(values, context, options);
};

export default function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const session = useSessionQuery();
  const signIn = useSignIn();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<LoginInput>({
    resolver: lazyLoginResolver,
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  React.useEffect(() => {
    document.title = `Masuk - ${PRODUCT_NAME}`;
  }, []);

  if (session.data) return <Navigate to={next} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerErrors([]);
    try {
      await signIn(values.username, values.password);
      void navigate(next, { replace: true });
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

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
          <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" noValidate>
            <FormField label="Username" htmlFor="username" error={errors.username}>
              <Input
                id="username"
                autoComplete="username"
                autoFocus
                aria-invalid={!!errors.username}
                aria-describedby="username-error"
                disabled={isSubmitting}
                {...form.register('username')}
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
                {...form.register('password')}
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
