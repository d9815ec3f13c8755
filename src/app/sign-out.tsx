// Sign out from the top bar or Access Denied. Changes not yet sent stay on this device for the
// same user's next sign-in, so the user is told before leaving them behind.
import { Box, Button, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import { LuLogOut } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useSession, useSessionStore } from '../data/session-context';
import { paths } from '../domain/paths';

export function unsentWarning(count: number, name: string): string {
  const changes = count === 1 ? "1 change hasn't" : `${count} changes haven't`;
  const they = count === 1 ? 'It' : 'They';
  return `${changes} been sent yet. ${they} will stay on this device until ${name} signs in again.`;
}

export function SignOutButton({
  compact = false,
  ...buttonProps
}: { compact?: boolean } & Omit<ButtonProps, 'onClick'>) {
  const store = useSessionStore();
  const session = useSession();
  const navigate = useNavigate();
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);
  const name = session.status === 'signedIn' ? session.user.name : 'you';

  const signOut = async () => {
    setBusy(true);
    try {
      await store.signOut();
    } finally {
      setBusy(false);
      setUnsent(0);
    }
    // Replace the guard's remembered location: the next sign-in starts at its own home.
    void navigate(paths.login, { replace: true });
  };

  const onClick = async () => {
    const count = await store.unsentChanges();
    if (count > 0) setUnsent(count);
    else await signOut();
  };

  return (
    <>
      <Button
        aria-label="Sign Out"
        loading={busy && unsent === 0}
        onClick={() => void onClick()}
        {...buttonProps}
      >
        <LuLogOut />
        {compact ? (
          <Box as="span" hideBelow="md">
            Sign Out
          </Box>
        ) : (
          'Sign Out'
        )}
      </Button>
      <ConfirmDialog
        open={unsent > 0}
        onCancel={() => setUnsent(0)}
        onConfirm={() => void signOut()}
        title="Sign out with unsent changes?"
        message={unsentWarning(unsent, name)}
        confirmLabel="Sign out anyway"
        destructive
        busy={busy}
      />
    </>
  );
}
