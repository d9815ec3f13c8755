/** The environment of this build in this browser (see env.ts). */
import { parseEnv, type AppEnv } from './env';

// The build renders the sign-in page without a window (src/prerender.tsx): the local stand-in's
// origin is the page's own (or the service worker's, the same), which only the browser knows.
export const appEnv: AppEnv = parseEnv(import.meta.env, globalThis.location?.origin ?? '');
