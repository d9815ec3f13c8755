// `npm start`: serves the built product on one local origin and prints where.
import { startServer } from './app';

const port = Number(process.env.PORT ?? 4173);
const running = await startServer({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`\nChairside Service is running at ${running.url}/\n`);

const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
