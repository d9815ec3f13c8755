/**
 * The engineer area's screens (SPEC §2 Engineer routes), by path. The router mounts them inside
 * the layout behind the ENGINEER guard. Paths come from src/app/paths.ts.
 */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { useEquipmentIndexAhead } from '../../data/queries/equipment-index';
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

/**
 * Around every engineer screen: Equipment Search's index is built in the first idle moment,
 * wherever the engineer starts, so the first key typed in the search does not wait for it.
 */
function IndexAhead({ children }: { children: ReactNode }) {
  useEquipmentIndexAhead();
  return children;
}

const screens: RouteObject[] = [
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

export const engineerRoutes: RouteObject[] = screens.map((route) => ({
  ...route,
  element: <IndexAhead>{route.element}</IndexAhead>,
}));
