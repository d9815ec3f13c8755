// One toaster for the app: toasts last 4 s, at most 3 visible, removed after a 200 ms exit (SPEC §9).
// From tablet width up they sit compact in the bottom-left corner, over the navigation column's
// empty foot (15rem wide, its links end well above), so they never cover a screen's controls,
// panels or a sticky bar (the parts cart); on a phone, which has no such column, they pile up in
// the top bar's first row between its buttons, clear of the screen and the bottom bars. They do not wait for an idle page, and a change
// of screen clears the ones the previous screen raised.
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;
export const TOAST_EXIT_MS = 200;

export const toaster = createToaster({
  placement: 'bottom-start',
  duration: TOAST_DURATION_MS,
  max: TOAST_MAX_VISIBLE,
  removeDelay: TOAST_EXIT_MS,
  pauseOnPageIdle: false,
});

/**
 * A toast older than this when the screen changes belongs to the screen left behind: it goes, so it
 * never covers the next screen's figures (Team Averages). A younger one is the answer to the action
 * that moved (Submit Test Sheet lands on My Chairs) and stays its 4 s.
 */
export const TOAST_NAVIGATION_GRACE_MS = 1000;

const bornAt = new Map<string, number>();
toaster.subscribe((toast) => {
  if (toast.id && !bornAt.has(toast.id)) bornAt.set(toast.id, Date.now());
});

/** Dismisses the toasts shown for longer than the grace: the app calls it when the screen changes. */
export function dismissToastsOfPreviousScreen(now = Date.now()) {
  for (const toast of toaster.getVisibleToasts()) {
    const id = toast.id;
    if (!id) continue;
    if (now - (bornAt.get(id) ?? now) > TOAST_NAVIGATION_GRACE_MS) toaster.dismiss(id);
  }
  for (const id of bornAt.keys()) {
    if (!toaster.isVisible(id)) bornAt.delete(id);
  }
}

const PHONE = '@media (max-width: 47.99em)';

// Chakra's solid green and red under white text are below 4.5:1 (and the description is dimmed
// further): a darker shade of each keeps every toast's words at 4.5:1 or more in both modes.
const TOAST_COLOURS = {
  '&[data-type=success]': { bg: 'green.700' },
  '&[data-type=error]': { bg: 'red.700' },
  '&[data-type=warning]': { bg: 'orange.700', color: 'white' },
} as const;

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster
        toaster={toaster}
        // A phone has no empty corner: there they sit in the top bar's first row, between the
        // menu button and the colour-mode and sign-out buttons, over the logo and the user's name
        // (no control), and leave the sync row and the screen below free to tap.
        css={{
          [PHONE]: {
            top: '0.5rem !important',
            bottom: 'auto !important',
            left: '3.5rem !important',
            right: '7rem !important',
          },
        }}
      >
        {(toast) => (
          // Compact: a narrow card of small type in the corner, so three of them leave the
          // screen's controls and panels in view.
          <Toast.Root
            // On a phone they pile up (the newest in front, the older ones peeking 4 px below it)
            // instead of stacking, so three take one toast's height in the top bar (see the group).
            css={{
              ...TOAST_COLOURS,
              // A toast takes focus on Tab (it pauses while focused): its ring is the app's 2 px,
              // in the text colour of the page it sits on, so 3:1 or more in either mode.
              _focusVisible: {
                outlineWidth: '2px',
                outlineStyle: 'solid',
                outlineColor: 'fg',
                outlineOffset: '2px',
              },
              [PHONE]: {
                top: '0 !important',
                bottom: 'auto !important',
                '--y': 'calc(var(--index) * 0.25rem) !important',
              },
            }}
            width={{ md: '13.5rem' }}
            py="2"
            px="3"
            minH="0"
            fontSize="sm"
          >
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                <Toast.Description opacity="1">{toast.description}</Toast.Description>
              ) : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
