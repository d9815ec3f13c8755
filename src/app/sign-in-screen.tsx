// Sign-in (/ and /login, SPEC §2, §5, §8): e-mail and password, the provider's message on
// failure, the demo box on the local stand-in. A signed-in visit goes to the role home, or to the
// deep link the guard remembered. After an expired session the same user signs in here again.
//
// The one form without react-hook-form and zod: it is the page of every first visit, which loads
// neither (the sign-in page's budget, tests/bench/bundle.bench.test.ts). It checks loginSchema's
// rules with checkLogin (src/domain/login-rules.ts, tested to agree) and behaves as the other
// forms do: every message on submit, the first wrong field focused, rechecked as it is corrected.
import { Alert, Button, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { takeOverPage } from './boot-handoff';
import { FormField } from '../components/form-field';
import { useSession, useSessionStore } from '../data/session-context';
import type { DemoAccount } from '../domain/demo-accounts';
import { checkLogin, type LoginErrors, type LoginInput } from '../domain/login-rules';
import { appEnv } from '../lib/app-env';
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
  // The session's code is fetched while the user types, not after Sign In.
  const form = useLoginForm({ email: state?.email ?? '', password: '' }, onSubmit, store.prepare);
  const { errors } = form;

  if (session.status === 'loading') return <SigningIn />;
  if (session.status === 'signedIn' && !reauth) {
    return <Navigate to={signInTarget(state, session.user.role)} replace />;
  }

  const pick = (account: DemoAccount) =>
    form.change({ email: account.email, password: account.password }, true);

  return (
    <AuthCard title="Sign in" intro="Sign in to your account to continue.">
      {reauth ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{SESSION_EXPIRED}</Alert.Description>
        </Alert.Root>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit}>
        <Stack gap="4">
          {error ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{error}</Alert.Description>
            </Alert.Root>
          ) : null}
          <FormField label="Email" error={errors.email}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              size="lg"
              {...form.field('email')}
            />
          </FormField>
          <FormField label="Password" error={errors.password}>
            <Input
              type="password"
              autoComplete="current-password"
              size="lg"
              {...form.field('password')}
            />
          </FormField>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            loading={form.submitting}
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

const LOGIN_FIELDS = ['email', 'password'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];

/**
 * The sign-in form's values, messages and submission (react-hook-form's behaviour, in small).
 * `send` runs with valid values, once at a time; `onEdit` at every change of a field.
 */
function useLoginForm(
  initial: LoginInput,
  send: (values: LoginInput) => Promise<void>,
  onEdit?: () => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const refs = { email, password };

  // The values as of the last event, not of the last render: an input event can come before the
  // render of the one before it (typing while the app takes the build's page over), and building
  // on a render's values then dropped what the earlier event had set.
  const latest = useRef(initial);
  const sending = useRef(false);

  /** Sets fields; with `check` (and after a first submit) their messages follow the new values. */
  const change = (patch: Partial<LoginInput>, check = submitted) => {
    onEdit?.();
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValues(next);
    if (!check) return;
    const found = checkLogin(next);
    setErrors((current) => {
      const updated = { ...current };
      for (const name of LOGIN_FIELDS) if (name in patch) updated[name] = found[name];
      return updated;
    });
  };

  const field = (name: LoginField) => ({
    name,
    ref: refs[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
  });

  /** Every message on submit and the first wrong field focused; else `send` runs, once at a time. */
  const submit = (current: LoginInput) => {
    if (sending.current) return;
    setSubmitted(true);
    const found = checkLogin(current);
    setErrors(found);
    const wrong = LOGIN_FIELDS.find((name) => found[name]);
    if (wrong) {
      refs[wrong].current?.focus();
      return;
    }
    sending.current = true;
    setSubmitting(true);
    void send(current).finally(() => {
      sending.current = false;
      setSubmitting(false);
    });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(latest.current);
  };

  // On a first visit the build's page was there before the app (public/boot.js): what was typed
  // or autofilled into it is kept, and a Sign In pressed meanwhile is sent now.
  useEffect(() => {
    const typed = {
      email: email.current?.value ?? initial.email,
      password: password.current?.value ?? initial.password,
    };
    if (typed.email !== initial.email || typed.password !== initial.password) {
      latest.current = typed;
      setValues(typed);
      onEdit?.();
    }
    if (takeOverPage()) submit(typed);
    // Once, when the app takes the page over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { values, errors, submitting, change, field, handleSubmit };
}
