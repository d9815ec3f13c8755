import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { RouterProvider } from 'react-router-dom';
import { system } from './components/theme';
import { router } from './app/router';
import { preloadAreaAt } from './app/routes';
import { AppToaster } from './app/app-toaster';
import { UpdatePrompt } from './app/update-prompt';
import { SessionProvider } from './data/session-context';
import { DeferredSession } from './data/session-deferred';

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
void session.init();
// A returning user's layout and area (named by the hash) load alongside the session's code.
if (session.getState().status === 'loading') {
  preloadAreaAt(window.location.hash.slice(1).split('?')[0] ?? '');
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" disableTransitionOnChange>
        <SessionProvider store={session}>
          <RouterProvider router={router} />
          <UpdatePrompt />
          <AppToaster />
        </SessionProvider>
      </ThemeProvider>
    </ChakraProvider>
  </StrictMode>,
);
