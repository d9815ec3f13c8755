/**
 * The engineer area's screens (SPEC §2 Engineer routes), by path. The router mounts them inside
 * the layout behind the ENGINEER guard. Paths come from src/app/paths.ts.
 */
import type { RouteObject } from 'react-router-dom';
import { engineerPaths } from '../../domain/paths';
import { OverviewScreen } from './overview-screen';
import { TicketsScreen } from './tickets-screen';
import { TicketDetailScreen } from './ticket-detail/ticket-detail-screen';
import { EquipmentScreen } from './equipment/equipment-screen';
import { InstallationScreen } from './installation/installation-screen';
import { CalendarScreen } from './calendar-screen';
import { ReferenceScreen } from './reference-screen';
import { ServiceRequestsScreen } from './service-requests-screen';
import { ProfileScreen } from './profile/profile-screen';

export const engineerRoutes: RouteObject[] = [
  { path: engineerPaths.home, element: <OverviewScreen /> },
  { path: engineerPaths.tickets, element: <TicketsScreen /> },
  { path: engineerPaths.ticket(':id'), element: <TicketDetailScreen /> },
  { path: engineerPaths.equipment, element: <EquipmentScreen /> },
  { path: engineerPaths.installation, element: <InstallationScreen /> },
  { path: engineerPaths.calendar, element: <CalendarScreen /> },
  { path: engineerPaths.reference, element: <ReferenceScreen /> },
  { path: engineerPaths.serviceRequests, element: <ServiceRequestsScreen /> },
  { path: engineerPaths.profile, element: <ProfileScreen /> },
];
