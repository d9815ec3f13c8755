// `npm run dev`: Vite with hot reload; the local backend mounts beside it as it lands.
import { createServer } from 'vite';

const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();
