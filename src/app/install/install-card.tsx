// The install offer (install-offer.ts) as the user meets it: once to each role on this device, on
// their home screen once the first sync is done (their work is on the device, they are not in the
// middle of a form), a card above the screen with the browser's Install or, on iOS Safari, the
// steps in Safari's own words. From then on it is under the navigation (install-nav-item.tsx).
import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuShare, LuSquarePlus } from 'react-icons/lu';
import { useLocation } from 'react-router-dom';
import { useCurrentUser, useSyncStatus } from '../../data/session-context';
import { roleHome } from '../../domain/paths';
import {
  markOffered,
  offeredTo,
  promptInstall,
  useInstallOffer,
  type InstallOffer,
} from './install-offer';

export const INSTALL_TITLE = 'Install Chairside on this device';
export const INSTALL_TEXT =
  'Open it from your home screen like any other app, and keep working without signal.';
export const IOS_INSTALL_TITLE = 'Add Chairside to your Home Screen';
/** Why it matters on an iPhone: Safari's storage rule for sites, in the user's words. */
export const IOS_KEEPS_DATA =
  'Safari removes a website’s saved data after seven days without a visit; the Home Screen app keeps it.';

/** Safari's steps, with its Share and Add to Home Screen as they look there. */
export function IosInstallSteps() {
  return (
    <Text>
      In Safari, tap{' '}
      <strong>
        <LuShare aria-hidden style={{ display: 'inline' }} /> Share
      </strong>
      , then{' '}
      <strong>
        <LuSquarePlus aria-hidden style={{ display: 'inline' }} /> Add to Home Screen
      </strong>
      .
    </Text>
  );
}

/** The card, shown once to each role; null when it is not the moment (or never). */
export function InstallCard() {
  const user = useCurrentUser();
  const { firstSyncDone } = useSyncStatus();
  const offer = useInstallOffer();
  const atHome = useLocation().pathname === roleHome(user.role);
  const [shown, setShown] = useState(false);
  const moment = offer !== null && firstSyncDone && atHome;
  useEffect(() => {
    if (!moment || offeredTo(user.role)) return;
    // Offered once: remembered at once, so a reload or the next sign-in does not offer it again.
    markOffered(user.role);
    setShown(true);
  }, [moment, user.role]);
  if (!shown || !moment) return null;
  return <OfferCard offer={offer} onDone={() => setShown(false)} />;
}

function OfferCard({ offer, onDone }: { offer: NonNullable<InstallOffer>; onDone: () => void }) {
  const install = async () => {
    onDone();
    await promptInstall();
  };
  const title = offer === 'prompt' ? INSTALL_TITLE : IOS_INSTALL_TITLE;
  return (
    <Alert.Root
      status="info"
      role="region"
      aria-label={title}
      mb="4"
      alignItems="center"
      flexWrap="wrap"
      gap="3"
    >
      <Alert.Indicator />
      <Alert.Content flex="1" minW="56">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {offer === 'prompt' ? (
            INSTALL_TEXT
          ) : (
            <>
              <IosInstallSteps />
              <Text mt="1">{IOS_KEEPS_DATA}</Text>
            </>
          )}
        </Alert.Description>
      </Alert.Content>
      <HStack gap="2">
        {offer === 'prompt' ? (
          <>
            <Button size="sm" variant="ghost" onClick={onDone}>
              Not now
            </Button>
            <Button size="sm" colorPalette="brand" onClick={() => void install()}>
              Install
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={onDone}>
            Got it
          </Button>
        )}
      </HStack>
    </Alert.Root>
  );
}
