// The app's toaster (src/components/toaster.tsx), loaded with the first signed-in screen: every
// toast comes from a signed-in screen or the sync engine, so the sign-in page does without its
// code. Mounted once at the root, it stays while the user signs in again after an expired session.
import { Suspense, useEffect } from 'react';
import { useSession } from '../data/session-context';
import { lazyValue, useLazy } from './lazy';
import type { AppRouter } from './router';

const toasterModule = lazyValue(() => import('../components/toaster'));

export function AppToaster({ router }: { router: AppRouter }) {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster router={router} />
    </Suspense>
  );
}

function LoadedToaster({ router }: { router: AppRouter }) {
  const { Toaster, dismissToastsOfPreviousScreen } = useLazy(toasterModule);
  // A new screen: the previous one's toasts go, so they never cover this one's figures.
  useEffect(() => {
    let path = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      dismissToastsOfPreviousScreen();
    });
  }, [dismissToastsOfPreviousScreen, router]);
  return <Toaster />;
}
