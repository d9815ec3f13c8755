/**
 * The admin area's screens (SPEC §2 Admin routes), by path. The router mounts them inside the
 * layout behind the ADMIN guard. Paths come from src/domain/paths.ts.
 */
import type { RouteObject } from 'react-router-dom';
import { adminPaths } from '../../domain/paths';
import { ScheduleBoardScreen } from '../dispatch/schedule-board-screen';
import { PartsScreen } from './catalogue/parts-screen';
import { TrainingScreen } from './catalogue/training-screen';
import { ChairsScreen } from './chairs/chairs-screen';
import { InstallationsScreen } from './installations/installations-screen';
import { OverviewScreen } from './overview-screen';
import { ProfileScreen } from './profile-screen';
import { PartRequestsScreen } from './requests/part-requests-screen';
import { ServiceRequestsScreen } from './requests/service-requests-screen';
import { TicketsScreen } from './requests/tickets-screen';
import { UsersScreen } from './users/users-screen';

export const adminRoutes: RouteObject[] = [
  { path: adminPaths.home, element: <OverviewScreen /> },
  { path: adminPaths.users, element: <UsersScreen /> },
  { path: adminPaths.chairs, element: <ChairsScreen /> },
  { path: adminPaths.training, element: <TrainingScreen /> },
  { path: adminPaths.parts, element: <PartsScreen /> },
  { path: adminPaths.partRequests, element: <PartRequestsScreen /> },
  { path: adminPaths.tickets, element: <TicketsScreen /> },
  { path: adminPaths.serviceRequests, element: <ServiceRequestsScreen /> },
  { path: adminPaths.installations, element: <InstallationsScreen /> },
  // An admin's mirror holds no device health (vendors alone read it): the board shows none.
  { path: adminPaths.schedule, element: <ScheduleBoardScreen showDevices={false} /> },
  { path: adminPaths.profile, element: <ProfileScreen /> },
];
