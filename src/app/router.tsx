// The app's hash router over the routes of SPEC §2 (routes.tsx).
import { createHashRouter } from 'react-router-dom';
import { appRoutes } from './routes';

export const router = createHashRouter(appRoutes);

/** The app's router (the build's render of the sign-in page uses a memory router of the same routes). */
export type AppRouter = ReturnType<typeof createHashRouter>;
