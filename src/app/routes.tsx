// The hash routes of SPEC §2: public sign-in and sign-up, then /dashboard behind the session
// guard, inside the layout, each area behind its role guard. Areas whose issues are not built
// yet show only their screens' headings.
import { Navigate, type RouteObject } from 'react-router-dom';
import { ScreenHeading } from '../components/screen-heading';
import { engineerRoutes } from '../areas/engineer/routes';
import { RequireSession, RoleGuard, RoleHomeRedirect } from './guards';
import { Layout } from './layout';
import { areaNav, customerPaths, paths, type Role } from '../domain/paths';
import { SignInScreen } from './sign-in-screen';
import { SignUpScreen } from './sign-up-screen';

function headingRoutes(role: Role): RouteObject[] {
  return areaNav[role].map((item) => ({
    path: item.path,
    element: <ScreenHeading title={item.label} />,
  }));
}

const areaRoutes: Record<Role, RouteObject[]> = {
  CUSTOMER: [
    ...headingRoutes('CUSTOMER'),
    { path: customerPaths.testSheet(':id'), element: <ScreenHeading title="Submit Test Sheet" /> },
  ],
  ADMIN: headingRoutes('ADMIN'),
  VENDOR: headingRoutes('VENDOR'),
  ENGINEER: engineerRoutes,
};

export const appRoutes: RouteObject[] = [
  { path: '/', element: <SignInScreen /> },
  { path: paths.login, element: <SignInScreen /> },
  { path: paths.signup, element: <SignUpScreen /> },
  {
    path: paths.dashboard,
    element: <RequireSession />,
    children: [
      { index: true, element: <RoleHomeRedirect /> },
      {
        element: <Layout />,
        children: (Object.keys(areaRoutes) as Role[]).map((role) => ({
          element: <RoleGuard allow={[role]} />,
          children: areaRoutes[role],
        })),
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.login} replace /> },
];
