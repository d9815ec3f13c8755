/**
 * The engineer area's screens (SPEC §2 Engineer routes), by path. The router mounts them inside
 * the layout behind the ENGINEER guard. Paths come from src/app/paths.ts.
 */
import type { RouteObject } from 'react-router-dom';
import { ScreenHeading } from '../../components/screen-heading';
import { areaNav, engineerPaths } from '../../app/paths';

const heading = (path: string) => {
  const item = areaNav.ENGINEER.find((nav) => nav.path === path);
  return <ScreenHeading title={item?.label ?? ''} />;
};

export const engineerRoutes: RouteObject[] = [
  { path: engineerPaths.home, element: heading(engineerPaths.home) },
  { path: engineerPaths.tickets, element: heading(engineerPaths.tickets) },
  { path: engineerPaths.ticket(':id'), element: <ScreenHeading title="Ticket" /> },
  { path: engineerPaths.equipment, element: heading(engineerPaths.equipment) },
  { path: engineerPaths.installation, element: heading(engineerPaths.installation) },
  { path: engineerPaths.calendar, element: heading(engineerPaths.calendar) },
  { path: engineerPaths.reference, element: heading(engineerPaths.reference) },
  { path: engineerPaths.serviceRequests, element: heading(engineerPaths.serviceRequests) },
  { path: engineerPaths.profile, element: heading(engineerPaths.profile) },
];
