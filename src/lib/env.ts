/**
 * The app's environment, parsed once at start-up. With VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY the app talks to a hosted Supabase project; without them it talks to the
 * local stand-in server on its own origin (`npm start`, `npm run dev`). A half-set or malformed
 * pair fails fast with a message that says which variable to fix.
 */
import '../domain/zod-config';
import { z } from 'zod';

/** The local server accepts this as the anon key; it is not a secret. */
export const LOCAL_ANON_KEY = 'local-anon-key';

const envSchema = z
  .object({
    VITE_SUPABASE_URL: z.url({ error: 'VITE_SUPABASE_URL must be a URL' }).optional(),
    VITE_SUPABASE_ANON_KEY: z.string().min(1).optional(),
  })
  .refine((env) => Boolean(env.VITE_SUPABASE_URL) === Boolean(env.VITE_SUPABASE_ANON_KEY), {
    error: 'Set both VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, or neither',
  });

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** True when pointed at the local stand-in (the demo accounts exist there). */
  local: boolean;
}

export function parseEnv(raw: Record<string, unknown>, origin: string): AppEnv {
  const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
  const result = envSchema.safeParse({
    VITE_SUPABASE_URL: blankToUndefined(raw.VITE_SUPABASE_URL),
    VITE_SUPABASE_ANON_KEY: blankToUndefined(raw.VITE_SUPABASE_ANON_KEY),
  });
  if (!result.success) {
    throw new Error(`Invalid environment: ${result.error.issues.map((i) => i.message).join('; ')}`);
  }
  const { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: key } = result.data;
  return url && key
    ? { supabaseUrl: url, supabaseAnonKey: key, local: false }
    : { supabaseUrl: origin, supabaseAnonKey: LOCAL_ANON_KEY, local: true };
}
