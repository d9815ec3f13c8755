// Hash routes of SPEC §2. Each role area lists its screens in paths.ts; screens of an area
// whose issue has not been built yet show only their heading.
import { Navigate, createHashRouter } from 'react-router-dom';
import { ScreenHeading } from '../components/screen-heading';
import { Layout } from './layout';
import { areaNav, paths, roles } from './paths';
import { SignInScreen } from './sign-in-screen';

export const router = createHashRouter([
  { path: '/', element: <SignInScreen /> },
  { path: paths.login, element: <SignInScreen /> },
  { path: paths.dashboard, element: <Navigate to={areaNav.CUSTOMER[0]!.path} replace /> },
  ...roles.map((role) => ({
    element: <Layout nav={areaNav[role]} />,
    children: areaNav[role].map((item) => ({
      path: item.path,
      element: <ScreenHeading title={item.label} />,
    })),
  })),
  { path: '*', element: <Navigate to={paths.login} replace /> },
]);
