// `npm run dev`: Vite with hot reload, and the local backend (auth, tables) behind Vite's proxy so
// the app sees one origin, as in production.
import { createServer } from 'vite';
import { startServer } from './app';
import { migrate, openDatabase } from './db/database';

const databaseUrl = process.env.DATABASE_URL;
const db = await openDatabase(
  databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? '.data/pglite' },
);
await migrate(db);
const backend = await startServer({ port: 0, db });

const vite = await createServer({
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/auth/v1': { target: backend.url, changeOrigin: true },
      '/rest/v1': { target: backend.url, changeOrigin: true },
    },
  },
});
await vite.listen();
vite.printUrls();
console.log(`  ➜  Backend: ${backend.url} (proxied on the same origin)`);
