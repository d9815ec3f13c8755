import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, parseEnv } from './env';

describe('parseEnv', () => {
  it('points at the local server on the same origin when nothing is set', () => {
    expect(parseEnv({}, 'http://127.0.0.1:4173')).toEqual({
      supabaseUrl: 'http://127.0.0.1:4173',
      supabaseAnonKey: LOCAL_ANON_KEY,
      local: true,
    });
    expect(parseEnv({ VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' }, 'http://x').local).toBe(
      true,
    );
  });

  it('points at a hosted project when both variables are set', () => {
    expect(
      parseEnv(
        { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'eyJ.key' },
        'http://x',
      ),
    ).toEqual({ supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'eyJ.key', local: false });
  });

  it('fails fast naming the variable when only one is set or the URL is malformed', () => {
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, 'http://x')).toThrow(
      'Set both VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, or neither',
    );
    expect(() =>
      parseEnv({ VITE_SUPABASE_URL: 'not a url', VITE_SUPABASE_ANON_KEY: 'k' }, 'http://x'),
    ).toThrow('VITE_SUPABASE_URL must be a URL');
  });
});
