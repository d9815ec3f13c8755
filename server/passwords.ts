// Password hashing for the local auth endpoints: bcrypt (bcryptjs) in a small pool of worker
// threads, so hashing never runs on the event loop that serves everyone else's requests. The
// pool is shared by every server in the process and its threads do not keep the process alive.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const BCRYPT_COST = 10;

type Job =
  | { op: 'hash'; password: string; cost: number }
  | { op: 'compare'; password: string; hash: string };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private turn = 0;

  constructor(private readonly size: number) {}

  run<T>(job: Job): Promise<T> {
    const worker = this.worker();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, ...job });
    });
  }

  private worker(): Worker {
    if (this.workers.length < this.size) {
      const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
      worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (this.pending.size === 0) for (const w of this.workers) w.unref();
        if (!pending) return;
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.result);
      });
      worker.on('error', (error) => {
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
        this.workers.splice(this.workers.indexOf(worker), 1);
      });
      worker.unref();
      this.workers.push(worker);
      return worker;
    }
    this.turn = (this.turn + 1) % this.workers.length;
    return this.workers[this.turn]!;
  }
}

// One thread fewer than the cores (at least one): the event loop keeps a core to itself.
const pool = new WorkerPool(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return pool.run<string>({ op: 'hash', password, cost: BCRYPT_COST });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return pool.run<boolean>({ op: 'compare', password, hash });
}

/** A hash no password matches, compared against for unknown e-mails so both paths cost alike. */
export const DUMMY_HASH = '$2b$10$sAa.i7JV47/70c0KR0IpE.3FrxbzL2LjNaYbpazoByBwuI1wHGR/2';
