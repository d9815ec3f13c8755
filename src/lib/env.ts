/**
 * The app's environment, parsed once at start-up. With VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY the app talks to a hosted Supabase project; without them it talks to the
 * local stand-in server on its own origin (`npm start`, `npm run dev`). A half-set or malformed
 * pair fails fast with a message that says which variable to fix.
 *
 * No zod here: the sign-in page reads `appEnv` (app-env.ts: whether to show the demo accounts)
 * and does not load zod.
 */

/** The local server accepts this as the anon key; it is not a secret. */
export const LOCAL_ANON_KEY = 'local-anon-key';

/** The localStorage key supabase-js keeps the session under (src/lib/supabase.ts). */
export const AUTH_STORAGE_KEY = 'chairside-auth';

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** True when pointed at the local stand-in (the demo accounts exist there). */
  local: boolean;
}

/** A set variable's text; unset or blank is undefined, anything else is refused. */
function variable(raw: Record<string, unknown>, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Invalid environment: ${name} must be text`);
  return value;
}

export function parseEnv(raw: Record<string, unknown>, origin: string): AppEnv {
  // As a URL parser reads it: trimmed, without tabs and line breaks.
  const url = variable(raw, 'VITE_SUPABASE_URL')
    ?.trim()
    .replace(/[\t\n\r]/g, '');
  const key = variable(raw, 'VITE_SUPABASE_ANON_KEY');
  const issues: string[] = [];
  if (url !== undefined && !URL.canParse(url)) issues.push('VITE_SUPABASE_URL must be a URL');
  if ((url === undefined) !== (key === undefined)) {
    issues.push('Set both VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, or neither');
  }
  if (issues.length > 0) throw new Error(`Invalid environment: ${issues.join('; ')}`);
  return url && key
    ? { supabaseUrl: url, supabaseAnonKey: key, local: false }
    : { supabaseUrl: origin, supabaseAnonKey: LOCAL_ANON_KEY, local: true };
}
