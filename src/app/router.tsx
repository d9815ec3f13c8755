// The app's router over the routes of SPEC §2 (routes.tsx): the browser's hash (src/main.tsx) or,
// for the build's render of the sign-in page, a memory at /login (src/prerender.tsx).
//
// A declarative router (<HashRouter> and useRoutes), not a data router (createHashRouter): the app
// uses no loaders, actions, fetchers or blockers, and the data router's code was 17 KB of gzip on
// the sign-in page (issue 30). What the data router did for the app without being asked, this
// module does: a render error under the routes shows its message until the location changes
// (RouteErrorBoundary), as react-router's default error element did.
import type { ComponentType, ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { RouteErrorBoundary } from './route-error-boundary';
import { appRoutes } from './routes';

/** A router component around the app (AppHashRouter, or a MemoryRouter in the build's render). */
export type AppRouter = ComponentType<{ children: ReactNode }>;

/** The screen of the current location, under the app's one error boundary. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(appRoutes);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}
