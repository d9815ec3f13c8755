/** The environment of this build in this browser (see env.ts). */
import { parseEnv, type AppEnv } from './env';

export const appEnv: AppEnv = parseEnv(import.meta.env, window.location.origin);
