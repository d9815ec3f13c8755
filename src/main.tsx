import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { RouterProvider } from 'react-router-dom';
import { system } from './app/theme';
import { router } from './app/router';
import { Toaster } from './app/toaster';
import { UpdatePrompt } from './app/update-prompt';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" disableTransitionOnChange>
        <RouterProvider router={router} />
        <UpdatePrompt />
        <Toaster />
      </ThemeProvider>
    </ChakraProvider>
  </StrictMode>,
);
