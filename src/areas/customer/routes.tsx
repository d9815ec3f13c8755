/**
 * The customer area's screens (SPEC §2 Customer routes), by path. The router mounts them inside
 * the layout behind the CUSTOMER guard. Paths come from src/domain/paths.ts.
 */
import type { RouteObject } from 'react-router-dom';
import { customerPaths } from '../../domain/paths';
import { OverviewScreen } from './overview-screen';
import { MyChairsScreen } from './chairs/my-chairs-screen';
import { TestSheetScreen } from './chairs/test-sheet-screen';
import { WarrantyScreen } from './warranty-screen';
import { TrainingScreen } from './training-screen';
import { PartsScreen } from './parts/parts-screen';
import { SupportScreen } from './support/support-screen';
import { ServiceScreen } from './service/service-screen';
import { ProfileScreen } from './profile/profile-screen';

export const customerRoutes: RouteObject[] = [
  { path: customerPaths.home, element: <OverviewScreen /> },
  { path: customerPaths.chairs, element: <MyChairsScreen /> },
  { path: customerPaths.testSheet(':id'), element: <TestSheetScreen /> },
  { path: customerPaths.warranty, element: <WarrantyScreen /> },
  { path: customerPaths.training, element: <TrainingScreen /> },
  { path: customerPaths.parts, element: <PartsScreen /> },
  { path: customerPaths.support, element: <SupportScreen /> },
  { path: customerPaths.service, element: <ServiceScreen /> },
  { path: customerPaths.profile, element: <ProfileScreen /> },
];
