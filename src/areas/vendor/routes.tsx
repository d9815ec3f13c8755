/**
 * The vendor area's screens (SPEC §2 Vendor routes), by path. The router mounts them inside the
 * layout behind the VENDOR guard. Paths come from src/domain/paths.ts.
 */
import type { RouteObject } from 'react-router-dom';
import { ScreenHeading } from '../../components/screen-heading';
import { vendorPaths } from '../../domain/paths';
import { ServiceAssignmentScreen } from './service-assignment-screen';
import { TicketAssignmentScreen } from './ticket-assignment-screen';

export const vendorRoutes: RouteObject[] = [
  { path: vendorPaths.home, element: <ScreenHeading title="Operations Center" /> },
  { path: vendorPaths.engineers, element: <ScreenHeading title="Field Engineers" /> },
  { path: vendorPaths.tickets, element: <TicketAssignmentScreen /> },
  { path: vendorPaths.serviceRequests, element: <ServiceAssignmentScreen /> },
  { path: vendorPaths.profile, element: <ScreenHeading title="My Profile" /> },
];
