// Sign-up (/signup, SPEC §2, §5, §8, §9): any of the four roles; on success the user is sent to
// the sign-in screen after 1.5 s, or after 3 s with a reminder to confirm the e-mail first.
import { Alert, Button, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { FormField, TextField } from '../components/form-field';
import { useSessionStore } from '../data/session-context';
import { ROLES } from '../domain/schemas/common';
import { signUpSchema, type SignUpInput } from '../domain/schemas/auth.schema';
import { paths } from '../domain/paths';
import { roleLabel } from '../domain/labels';

export const SIGNED_UP = 'Account created successfully! Redirecting to login...';
export const CHECK_EMAIL = 'Account created! Please check your email to verify before signing in.';
export const REDIRECT_DELAY_MS = 1500;
export const CHECK_EMAIL_DELAY_MS = 3000;

export function SignUpScreen() {
  const store = useSessionStore();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', role: 'CUSTOMER' },
  });

  const onSubmit = async (values: SignUpInput) => {
    setError(null);
    try {
      const { needsEmailConfirmation } = await store.signUp({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        role: values.role,
      });
      setSuccess(needsEmailConfirmation ? CHECK_EMAIL : SIGNED_UP);
      timer.current = setTimeout(
        () => void navigate(paths.login),
        needsEmailConfirmation ? CHECK_EMAIL_DELAY_MS : REDIRECT_DELAY_MS,
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to create account. Please try again.');
    }
  };

  const field = (
    name: 'name' | 'email' | 'password' | 'confirmPassword',
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <TextField
      label={label}
      type={type}
      autoComplete={autoComplete}
      error={errors[name]?.message}
      registration={register(name)}
    />
  );

  return (
    <AuthCard title="Create an account" intro="Register to manage your chairs and service.">
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="4">
          {error ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{error}</Alert.Description>
            </Alert.Root>
          ) : null}
          {success ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Description>{success}</Alert.Description>
            </Alert.Root>
          ) : null}
          {field('name', 'Name', 'text', 'name')}
          {field('email', 'Email', 'email', 'email')}
          {field('password', 'Password', 'password', 'new-password')}
          {field('confirmPassword', 'Confirm Password', 'password', 'new-password')}
          <FormField label="Role" error={errors.role?.message}>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field {...register('role')}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleLabel(role)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            loading={isSubmitting}
            loadingText="Creating account..."
            disabled={success !== null}
          >
            Create Account
          </Button>
        </Stack>
      </form>
      <Text textAlign="center" fontSize="sm">
        Already have an account?{' '}
        <ChakraLink
          asChild
          color="brand.fg"
          fontWeight="semibold"
          minH="44px"
          display="inline-flex"
          alignItems="center"
        >
          <Link to={paths.login}>Sign in</Link>
        </ChakraLink>
      </Text>
    </AuthCard>
  );
}
