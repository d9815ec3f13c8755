// The hash routes of SPEC §2: public sign-in and sign-up, then /dashboard behind the session
// guard, inside the layout, each area behind its role guard.
//
// Code splitting: the sign-up screen, the signed-in layout and each role's area are loaded on
// demand (lazy.tsx), so a customer's phone fetches the sign-in form without the engineer's
// installation wizard. The sign-in screen itself stays in the entry: every signed-out visit
// starts on it, and loaded lazily it would paint a round trip later for 4 KB of gzip. An area is
// a module whose routes (absolute paths under the role home) the area renders itself below
// `<role home>/*`, loaded by `() => import('../areas/<role>/routes').then((m) => m.<role>Routes)`.
import { Suspense, useEffect } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { useSession } from '../data/session-context';
import { RequireSession, RoleGuard, RoleHomeRedirect, accessDeniedScreen } from './guards';
import { LazyScreen, LoadingCode, lazyValue, useLazy, type LazyValue } from './lazy';
import { SignInScreen } from './sign-in-screen';
import { areaRoleOf, paths, roleHome, roles, type Role } from '../domain/paths';

const screens = {
  signUp: lazyValue(() => import('./sign-up-screen').then((m) => m.SignUpScreen)),
  layout: lazyValue(() => import('./layout').then((m) => m.Layout)),
};

/** A role's area: its routes, loaded on demand, relative to the role home. */
function area(role: Role, load: () => Promise<RouteObject[]>): LazyValue<RouteObject[]> {
  const home = roleHome(role);
  const relative = (path: string | undefined) =>
    path === home ? '' : path?.startsWith(`${home}/`) ? path.slice(home.length + 1) : path;
  return lazyValue(async () => [
    ...(await load()).map((route) => ({ ...route, path: relative(route.path) })),
    // An unknown path in the area goes where any unknown path goes.
    { path: '*', element: <Navigate to={paths.login} replace /> },
  ]);
}

const areas: Record<Role, LazyValue<RouteObject[]>> = {
  CUSTOMER: area('CUSTOMER', () =>
    import('../areas/customer/routes').then((m) => m.customerRoutes),
  ),
  ADMIN: area('ADMIN', () => import('../areas/admin/routes').then((m) => m.adminRoutes)),
  VENDOR: area('VENDOR', () => import('../areas/vendor/routes').then((m) => m.vendorRoutes)),
  ENGINEER: area('ENGINEER', () =>
    import('../areas/engineer/routes').then((m) => m.engineerRoutes),
  ),
};

function areaOf(role: string): LazyValue<RouteObject[]> {
  return areas[roles.find((r) => r === role) ?? 'CUSTOMER'];
}

function AreaRoutes({ role }: { role: Role }) {
  return useRoutes(useLazy(areas[role]));
}

/** The signed-in frame; the user's area starts loading with it rather than after it. */
function SignedInLayout() {
  const session = useSession();
  const role = session.status === 'signedIn' ? session.user.role : null;
  useEffect(() => {
    // A failure shows where the area renders (and it is fetched again there).
    if (role)
      areaOf(role)
        .preload()
        .catch(() => undefined);
  }, [role]);
  return <LazyScreen screen={screens.layout} fullScreen />;
}

/**
 * A returning user opening a screen of an area (a reload, the installed app's start): the
 * layout and that area start loading with the session's code, not after the session is restored.
 * The role guard still decides what is shown; a wrong guess only fetches a chunk early.
 */
export function preloadAreaAt(path: string): void {
  const role = areaRoleOf(path);
  if (!role) return;
  for (const code of [screens.layout, areas[role]]) code.preload().catch(() => undefined);
}

/** Loads every lazily loaded screen and area (component tests render them synchronously). */
export async function preloadRoutes(): Promise<void> {
  await Promise.all(
    [...Object.values(screens), ...Object.values(areas), accessDeniedScreen].map((l) =>
      l.preload(),
    ),
  );
}

export const appRoutes: RouteObject[] = [
  { path: '/', element: <SignInScreen /> },
  { path: paths.login, element: <SignInScreen /> },
  { path: paths.signup, element: <LazyScreen screen={screens.signUp} fullScreen /> },
  {
    path: paths.dashboard,
    element: <RequireSession />,
    children: [
      { index: true, element: <RoleHomeRedirect /> },
      {
        element: <SignedInLayout />,
        children: roles.map((role) => ({
          element: <RoleGuard allow={[role]} />,
          children: [
            {
              path: `${roleHome(role)}/*`,
              element: (
                <Suspense fallback={<LoadingCode />}>
                  <AreaRoutes role={role} />
                </Suspense>
              ),
            },
          ],
        })),
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.login} replace /> },
];
