// Messages that must not be missed: the session expired with changes waiting, or storage is full.
import { Alert, Button, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useSession, useSyncStatus } from '../../data/session-context';
import type { LoginState } from '../guards';
import { paths } from '../../domain/paths';

export const SESSION_EXPIRED = 'Your session has expired. Sign in again to send your changes.';

export function SessionBanners() {
  const status = useSyncStatus();
  const session = useSession();
  const navigate = useNavigate();
  const email = session.status === 'signedIn' ? session.user.email : '';
  const storageError =
    status.lastError && /storage/i.test(status.lastError) ? status.lastError : null;
  if (!status.signInRequired && !storageError) return null;
  const signIn = () => {
    const state: LoginState = { email, reauth: true };
    void navigate(paths.login, { state });
  };
  return (
    <Stack gap="2" mb="4">
      {status.signInRequired ? (
        <Alert.Root status="warning" alignItems="center" flexWrap="wrap" gap="3">
          <Alert.Indicator />
          <Alert.Content flex="1" minW="48">
            <Alert.Description>{SESSION_EXPIRED}</Alert.Description>
          </Alert.Content>
          <Button size="sm" colorPalette="orange" onClick={signIn}>
            Sign in
          </Button>
        </Alert.Root>
      ) : null}
      {storageError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{storageError}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
