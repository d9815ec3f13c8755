import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadAreaAt } from './app/routes';
import { AppTree } from './app/app-tree';
import { AppHashRouter } from './app/hash-router';
import { prerenderedSignIn } from './app/boot-handoff';
import { reportRecoverableError } from './app/recoverable-errors';
import { appSystem } from './components/theme';
import { DeferredSession } from './data/session-deferred';
import { nextTask } from './utils/next-task';

// One session for the app. Its code (supabase-js, Dexie, sync/, the local effects, zod) is loaded
// when it is needed: at once when a session is stored on this device, whose init() restores it
// without waiting for the network, so a returning user opens their mirror offline (the router
// shows 'Signing in...' meanwhile); otherwise when the user signs in or up, so a first visit's
// sign-in page loads none of it.
// The composition root: the session gets sync/ here, so src/data never imports sync/.
const session = new DeferredSession({
  load: async () => {
    const [{ SessionStore }, { supabase }, { supabaseSessionBackend }] = await Promise.all([
      import('./data/session'),
      import('./lib/supabase'),
      import('../sync'),
    ]);
    const client = supabase();
    return new SessionStore({ client, backend: supabaseSessionBackend(client) });
  },
});

/** The route the address names (hash routing), without its query. */
const hashPath = () => window.location.hash.slice(1).split('?')[0] ?? '';

// The start in four tasks, none of them long on a phone: evaluating the entry, asking for the
// session's code (and a returning user's layout and area, named by the hash) so it loads
// meanwhile, making Chakra's system (its largest single piece of work), then the first render.
void start();

async function start() {
  await nextTask();
  void session.init();
  if (session.getState().status === 'loading') {
    preloadAreaAt(hashPath());
  }
  await nextTask();
  appSystem();
  await nextTask();
  render();
}

// A first visit's sign-in page was rendered by the build (src/prerender.tsx) and painted before
// any JavaScript: the app takes it over as it is (what the visitor typed included). Anything else
// (a stored session, another screen) renders afresh.
function render() {
  const root = document.getElementById('root')!;
  const tree = <AppTree session={session} router={AppHashRouter} />;
  // A render React had to redo is said in words (recoverable-errors.ts), never passed over.
  const options = { onRecoverableError: reportRecoverableError };
  if (session.getState().status === 'signedOut' && prerenderedSignIn(root, hashPath())) {
    hydrateRoot(root, tree, options);
  } else {
    root.removeAttribute('data-prerendered');
    root.replaceChildren();
    // At low priority: React draws the first screen in short steps it yields between.
    const app = createRoot(root, options);
    startTransition(() => app.render(tree));
  }
}
