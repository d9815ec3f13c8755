// The app's hash router over the routes of SPEC §2 (routes.tsx).
import { createHashRouter } from 'react-router-dom';
import { appRoutes } from './routes';

export const router = createHashRouter(appRoutes);
