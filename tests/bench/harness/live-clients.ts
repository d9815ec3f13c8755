// Many Realtime clients in a process of their own, for the live-updates bench: each is supabase-js
// with a user's access token, joined to that user's own topic and their role's, as the app joins
// them. It counts the pokes each client hears. Reads the users from LIVE_CLIENTS (JSON: url and
// users with id, role and token); prints 'ready' once every channel is joined, and answers each
// line 'count' on stdin with the number of pokes heard so far (JSON); exits on 'exit'.
import { createInterface } from 'node:readline';
import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';

interface Spec {
  url: string;
  users: { id: string; role: string; token: string }[];
}

const spec = JSON.parse(process.env.LIVE_CLIENTS ?? '{}') as Spec;
let pokes = 0;
let joined = 0;
const expected = spec.users.length * 2;
const clients = spec.users.map(({ id, role, token }) => {
  const client = createClient(spec.url, 'local-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  void client.realtime.setAuth(token).then(() => {
    for (const topic of [`user:${id}`, `role:${role}`]) {
      client
        .channel(topic, { config: { private: true } })
        .on('broadcast', { event: 'changes' }, () => {
          pokes += 1;
        })
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED') return;
          joined += 1;
          if (joined === expected) console.log('ready');
        });
    }
  });
  return client;
});

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'count') console.log(JSON.stringify({ pokes, joined }));
  if (line === 'exit') {
    void Promise.all(clients.map((c) => c.removeAllChannels())).finally(() => process.exit(0));
  }
});
