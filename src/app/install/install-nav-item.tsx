// The install offer's lasting place (install-offer.ts): under the navigation, in the side column
// on a tablet or desktop and in the navigation drawer on a phone, wherever the user is. The
// browser's Install, or Safari's steps in a dialog on an iPhone or iPad; nothing once installed
// or where the browser cannot install. (The top bar has no room for it on a phone: its first row
// is where the toasts sit, over the user's name.)
import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuSquarePlus } from 'react-icons/lu';
import { DialogFrame } from '../../components/dialog-frame';
import { IOS_INSTALL_TITLE, IOS_KEEPS_DATA, IosInstallSteps } from './install-card';
import { promptInstall, useInstallOffer } from './install-offer';

export const INSTALL_APP = 'Install app';
export const ADD_TO_HOME_SCREEN = 'Add to Home Screen';

/**
 * `onChosen`: the drawer around it closes, at once for the browser's dialog, once they are closed
 * for Safari's steps: the drawer unmounts its content when it closes, and the steps' dialog, held
 * here, would go with it (on a phone it showed for the drawer's closing moment only).
 */
export function InstallNavItem({ onChosen }: { onChosen?: () => void }) {
  const offer = useInstallOffer();
  const [steps, setSteps] = useState(false);
  if (offer === null && !steps) return null;
  const choose = () => {
    if (offer === 'prompt') {
      onChosen?.();
      void promptInstall();
    } else setSteps(true);
  };
  const closeSteps = () => {
    setSteps(false);
    onChosen?.();
  };
  return (
    <>
      {offer ? (
        <Button
          variant="ghost"
          justifyContent="flex-start"
          w="full"
          minH="44px"
          px="3"
          mt="3"
          fontWeight="medium"
          color="fg.muted"
          onClick={choose}
        >
          {offer === 'prompt' ? <LuDownload aria-hidden /> : <LuSquarePlus aria-hidden />}
          {offer === 'prompt' ? INSTALL_APP : ADD_TO_HOME_SCREEN}
        </Button>
      ) : null}
      <DialogFrame
        title={IOS_INSTALL_TITLE}
        open={steps}
        onClose={closeSteps}
        size="sm"
        placement="center"
      >
        <Stack gap="3">
          <IosInstallSteps />
          <Text color="fg.muted">{IOS_KEEPS_DATA}</Text>
        </Stack>
      </DialogFrame>
    </>
  );
}
