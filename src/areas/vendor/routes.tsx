/**
 * The vendor area's screens (SPEC §2 Vendor routes), by path. The router mounts them inside the
 * layout behind the VENDOR guard. Paths come from src/domain/paths.ts.
 */
import type { RouteObject } from 'react-router-dom';
import { vendorPaths } from '../../domain/paths';
import { ScheduleBoardScreen } from '../dispatch/schedule-board-screen';
import { EngineersScreen } from './engineers-screen';
import { OperationsCenterScreen } from './operations-center-screen';
import { ProfileScreen } from './profile-screen';
import { ServiceAssignmentScreen } from './service-assignment-screen';
import { TicketAssignmentScreen } from './ticket-assignment-screen';

export const vendorRoutes: RouteObject[] = [
  { path: vendorPaths.home, element: <OperationsCenterScreen /> },
  { path: vendorPaths.engineers, element: <EngineersScreen /> },
  { path: vendorPaths.tickets, element: <TicketAssignmentScreen /> },
  { path: vendorPaths.serviceRequests, element: <ServiceAssignmentScreen /> },
  // Device health is the vendor's to read (the server lets vendors alone read it).
  { path: vendorPaths.schedule, element: <ScheduleBoardScreen showDevices /> },
  { path: vendorPaths.profile, element: <ProfileScreen /> },
];
