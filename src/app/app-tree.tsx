// The app's tree under its root, one for both renders: the browser's (src/main.tsx, with the hash
// router) and the build's render of the sign-in page (src/prerender.tsx, with a memory router at
// /login), so the page painted from the build's markup is the one the app hydrates.
import { StrictMode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { appSystem } from '../components/theme';
import { SessionProvider } from '../data/session-context';
import type { SessionAccess } from '../data/session-deferred';
import { AppToaster } from './app-toaster';
import { AppRoutes, type AppRouter } from './router';
import { UpdatePrompt } from './update-prompt';

export function AppTree({
  session,
  router: Router,
}: {
  session: SessionAccess;
  router: AppRouter;
}) {
  return (
    <StrictMode>
      <ChakraProvider value={appSystem()}>
        <ThemeProvider attribute="class" disableTransitionOnChange>
          <SessionProvider store={session}>
            <Router>
              <AppRoutes />
              <UpdatePrompt />
              <AppToaster />
            </Router>
          </SessionProvider>
        </ThemeProvider>
      </ChakraProvider>
    </StrictMode>
  );
}
