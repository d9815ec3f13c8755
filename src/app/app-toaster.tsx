// The app's toaster (src/components/toaster.tsx), loaded with the first signed-in screen: every
// toast comes from a signed-in screen or the sync engine, so the sign-in page does without its
// code. Mounted once at the root, it stays while the user signs in again after an expired session.
import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../data/session-context';
import { lazyValue, useLazy } from './lazy';

const toasterModule = lazyValue(() => import('../components/toaster'));

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
  const { Toaster, dismissToastsOfPreviousScreen } = useLazy(toasterModule);
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  // A new screen: the previous one's toasts go, so they never cover this one's figures.
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    dismissToastsOfPreviousScreen();
  }, [dismissToastsOfPreviousScreen, pathname]);
  return <Toaster />;
}
