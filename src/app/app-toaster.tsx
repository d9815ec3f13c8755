// The app's toaster (src/components/toaster.tsx), loaded with the first signed-in screen: every
// toast comes from a signed-in screen or the sync engine, so the sign-in page does without its
// code. Mounted once at the root, it stays while the user signs in again after an expired session.
import { Suspense } from 'react';
import { useSession } from '../data/session-context';
import { lazyValue, useLazy } from './lazy';

const toaster = lazyValue(() => import('../components/toaster').then((m) => m.Toaster));

export function AppToaster() {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  );
}

function LoadedToaster() {
  const Toaster = useLazy(toaster);
  return <Toaster />;
}
