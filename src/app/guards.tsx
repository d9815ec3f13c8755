// Route guards (SPEC §2): the session guard sends a signed-out visit to /login remembering where
// it was going; the role guard admits only its roles and otherwise shows Access Denied.
import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { useSession } from '../data/session-context';
import { paths, roleHome, roles, type Role } from '../domain/paths';
import { SigningIn } from './signing-in';
import { LazyScreen, lazyValue } from './lazy';

/** Access Denied, loaded the first time a role guard refuses. */
export const accessDeniedScreen = lazyValue(() =>
  import('./access-denied').then((m) => m.AccessDenied),
);

/** What /login remembers about the guarded page a signed-out visit was going to. */
export interface LoginState {
  from?: Pick<Location, 'pathname' | 'search'>;
  /** Prefills the e-mail (the session expired and the same user signs in again). */
  email?: string;
  reauth?: boolean;
}

export function RequireSession({ children }: { children?: ReactNode }) {
  const current = useSession();
  // A returning user's session arriving ('Signing in...' to their screen, the biggest render of
  // a start) is drawn at low priority, in short steps React yields between: the start's main
  // thread is not held for the whole frame and its screen at once. Anything else (signing out, a
  // changed user) is drawn at once: the screens under this guard read the session themselves.
  const deferred = useDeferredValue(current);
  const session =
    current.status === 'signedIn' && deferred.status === 'loading' ? deferred : current;
  const location = useLocation();
  if (session.status === 'loading') return <SigningIn />;
  if (session.status === 'signedOut') {
    const state: LoginState = { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children ?? <Outlet />;
}

/** Admits the listed roles; with no list, all four. */
export function RoleGuard({
  allow = roles,
  children,
}: {
  allow?: readonly Role[];
  children?: ReactNode;
}) {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  const role = session.user.role;
  if (!allow.some((r) => r === role)) return <LazyScreen screen={accessDeniedScreen} />;
  return children ?? <Outlet />;
}

/** /dashboard and /dashboard/ go to the role home (replace). */
export function RoleHomeRedirect() {
  const session = useSession();
  const role = session.status === 'signedIn' ? session.user.role : null;
  return <Navigate to={roleHome(role)} replace />;
}

/** Where a successful sign-in lands: the remembered deep link, else the role home. */
export function signInTarget(state: LoginState | null | undefined, role: string): string {
  const from = state?.from;
  if (from?.pathname && from.pathname.startsWith(paths.dashboard)) {
    return `${from.pathname}${from.search ?? ''}`;
  }
  return roleHome(role);
}
