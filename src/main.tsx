import './domain/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { RouterProvider } from 'react-router-dom';
import { system } from './app/theme';
import { router } from './app/router';
import { Toaster } from './components/toaster';
import { UpdatePrompt } from './app/update-prompt';
import { SessionProvider } from './data/session-context';
import { SessionStore } from './data/session';
import { supabase } from './lib/supabase';
import { supabaseSessionBackend } from '../sync';

// One session for the app. init() restores a stored session without waiting for the network,
// so a returning user opens their mirror offline; the router shows 'Signing in...' meanwhile.
// The composition root: the session gets sync/ here, so src/data never imports sync/.
const client = supabase();
const store = new SessionStore({ client, backend: supabaseSessionBackend(client) });
void store.init();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" disableTransitionOnChange>
        <SessionProvider store={store}>
          <RouterProvider router={router} />
          <UpdatePrompt />
          <Toaster />
        </SessionProvider>
      </ThemeProvider>
    </ChakraProvider>
  </StrictMode>,
);
