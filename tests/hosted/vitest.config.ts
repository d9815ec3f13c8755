// The hosted-rules suite: what only a real PostgreSQL prepared as hosted Supabase can show (the
// pg-safeupdate stand-in refusing statements in API sessions). Run with DATABASE_URL pointing at
// scripts/hosted-postgres.sh's cluster (CI's PostgreSQL pass; `npm run check:db`'s local check):
//   DATABASE_URL=… npx vitest run --config tests/hosted/vitest.config.ts
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'hosted',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/hosted/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./tests/setup/fresh-modules.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
  },
});
