// Sign-in (/ and /login, SPEC §2, §5, §8): e-mail and password, the provider's message on
// failure, the demo box on the local stand-in. A signed-in visit goes to the role home, or to the
// deep link the guard remembered. After an expired session the same user signs in here again.
import { Alert, Button, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../components/form-field';
import { useSession, useSessionStore } from '../data/session-context';
import type { DemoAccount } from '../domain/demo-accounts';
import { loginSchema, type LoginInput } from '../domain/schemas/auth.schema';
import { appEnv } from '../lib/supabase';
import { DemoCredentials } from './demo-credentials';
import { signInTarget, type LoginState } from './guards';
import { paths } from '../domain/paths';
import { SigningIn } from './signing-in';
import { SESSION_EXPIRED } from './sync-status/session-banners';

export function SignInScreen({ showDemo = appEnv.local }: { showDemo?: boolean }) {
  const session = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginState | null;
  const reauth = state?.reauth === true;
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: state?.email ?? '', password: '' },
  });

  if (session.status === 'loading') return <SigningIn />;
  if (session.status === 'signedIn' && !reauth) {
    return <Navigate to={signInTarget(state, session.user.role)} replace />;
  }

  const onSubmit = async (values: LoginInput) => {
    setError(null);
    try {
      const user = await store.signIn(values.email.trim(), values.password);
      // A fresh sign-in leaves through the redirect above; signing in again after an expired
      // session stays signed in throughout, so it goes on explicitly.
      if (reauth) void navigate(signInTarget(state, user.role), { replace: true });
    } catch (e) {
      setError(
        e instanceof Error ? e.message : 'Failed to sign in. Please check your credentials.',
      );
    }
  };

  const pick = (account: DemoAccount) => {
    setValue('email', account.email, { shouldValidate: true });
    setValue('password', account.password, { shouldValidate: true });
  };

  return (
    <AuthCard title="Sign in" intro="Sign in to your account to continue.">
      {reauth ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{SESSION_EXPIRED}</Alert.Description>
        </Alert.Root>
      ) : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="4">
          {error ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{error}</Alert.Description>
            </Alert.Root>
          ) : null}
          <FormField label="Email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              size="lg"
              {...register('email')}
            />
          </FormField>
          <FormField label="Password" error={errors.password?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              size="lg"
              {...register('password')}
            />
          </FormField>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            loading={isSubmitting}
            loadingText="Signing in..."
          >
            Sign In
          </Button>
        </Stack>
      </form>
      {showDemo ? <DemoCredentials onPick={pick} /> : null}
      <Text textAlign="center" fontSize="sm">
        Don&apos;t have an account?{' '}
        <ChakraLink
          asChild
          color="brand.fg"
          fontWeight="semibold"
          minH="44px"
          display="inline-flex"
          alignItems="center"
        >
          <Link to={paths.signup}>Sign up</Link>
        </ChakraLink>
      </Text>
    </AuthCard>
  );
}
