// The service-worker update flow: when a new version is waiting, offer 'A new version is
// available' with a Reload action. The app never reloads by itself; if a form holds unsaved
// input, Reload asks before discarding it.
import { useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { hasUnsavedInput } from '../components/unsaved-input';

let reloadRequested = false;

export const UNSAVED_CONFIRM = 'You have unsaved changes in a form. Reload and lose them?';

export function UpdatePrompt() {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
    // A version waiting while none controls the page is the first install on its way to active:
    // Firefox holds it as waiting for a moment, and workbox-window reports that as 'waiting'.
    wb.addEventListener('waiting', () => {
      if (navigator.serviceWorker.controller) setWaiting(true);
    });
    wb.addEventListener('controlling', () => {
      // The first install also takes control (clientsClaim): only a Reload the user asked for
      // reloads the page.
      if (reloadRequested) window.location.reload();
    });
    void wb.register();
    setWorkbox(wb);
  }, []);

  if (!waiting || !workbox) return null;

  const onReload = () => {
    if (hasUnsavedInput() && !window.confirm(UNSAVED_CONFIRM)) return;
    reloadRequested = true;
    workbox.messageSkipWaiting();
  };

  return (
    <Box
      role="status"
      position="fixed"
      bottom="4"
      insetX="4"
      zIndex="toast"
      display="flex"
      justifyContent="center"
    >
      <HStack
        bg="brand.solid"
        color="brand.contrast"
        px="4"
        py="2"
        rounded="lg"
        shadow="lg"
        gap="4"
      >
        <Text fontWeight="medium">A new version is available</Text>
        <Button size="sm" variant="surface" onClick={onReload}>
          Reload
        </Button>
      </HStack>
    </Box>
  );
}
