/**
 * The admin area's screens (SPEC §2 Admin routes), by path. The router mounts them inside the
 * layout behind the ADMIN guard. Paths come from src/domain/paths.ts.
 */
import type { RouteObject } from 'react-router-dom';
import { ScreenHeading } from '../../components/screen-heading';
import { adminPaths } from '../../domain/paths';
import { ChairsScreen } from './chairs/chairs-screen';
import { UsersScreen } from './users/users-screen';

export const adminRoutes: RouteObject[] = [
  { path: adminPaths.home, element: <ScreenHeading title="Overview" /> },
  { path: adminPaths.users, element: <UsersScreen /> },
  { path: adminPaths.chairs, element: <ChairsScreen /> },
  { path: adminPaths.training, element: <ScreenHeading title="Training" /> },
  { path: adminPaths.parts, element: <ScreenHeading title="Parts" /> },
  { path: adminPaths.partRequests, element: <ScreenHeading title="Part Requests" /> },
  { path: adminPaths.tickets, element: <ScreenHeading title="Support Tickets" /> },
  { path: adminPaths.serviceRequests, element: <ScreenHeading title="Service Requests" /> },
  { path: adminPaths.profile, element: <ScreenHeading title="Profile" /> },
];
