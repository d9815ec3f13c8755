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
  // A new screen: the previous one's toasts go, so they never cover this one's figures. A task
  // after the commit that shows it: dismissed from within the commit itself, Chakra's toaster
  // took the dismissal of only one of several toasts (field-findings-ui's browser test).
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const leaving = setTimeout(() => dismissToastsOfPreviousScreen(), 0);
    return () => clearTimeout(leaving);
  }, [dismissToastsOfPreviousScreen, pathname]);
  return <Toaster />;
}
