/**
 * Keyboard and screen-reader users' way into the content of a signed-in screen (WCAG 2.4.1,
 * 2.4.3): a "Skip to main content" link, the first Tab stop of the page, and focus moved to the
 * screen's main heading after sign-in and after each route change, so nobody starts again from
 * the top bar. A fresh page load leaves focus at the top of the document, where the skip link is.
 */
import { chakra } from '@chakra-ui/react';
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a screen may take to show its heading (lazy code, the local mirror) before we give up. */
const HEADING_WAIT_MS = 5_000;

/** The main heading inside `main`, or `main` itself when the screen has none. */
function target(main: HTMLElement): HTMLElement {
  return main.querySelector<HTMLElement>('h1') ?? main;
}

/** Moves focus to the main heading (or `main`), focusable by script only. */
export function focusMain(main: HTMLElement): void {
  const el = target(main);
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus();
}

/**
 * Waits for `main` to show an h1 and focuses it, unless the user moves focus meanwhile. Returns
 * the cancel function.
 */
function focusHeadingWhenShown(main: HTMLElement): () => void {
  const before = document.activeElement;
  const userMoved = () =>
    document.activeElement !== before &&
    document.activeElement !== document.body &&
    document.activeElement !== null;
  let done = false;
  const attempt = () => {
    if (done) return;
    if (userMoved()) return stop();
    if (main.querySelector('h1')) {
      focusMain(main);
      stop();
    }
  };
  const observer = new MutationObserver(attempt);
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  attempt();
  return stop;
}

/**
 * Focuses the main heading after each change of path, and after sign-in (the layout mounting
 * after a navigation), but not on a fresh load or reload of the page.
 */
export function useFocusOnRouteChange(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const initialPath = useRef(pathname);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current && navigationType === 'POP' && pathname === initialPath.current) return;
    moved.current = true;
    if (!main.current) return;
    return focusHeadingWhenShown(main.current);
    // The path is the trigger; the navigation type is read as it was at that change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/**
 * The first Tab stop of a signed-in page, first in its top bar: hidden until focused, it moves
 * focus into `main`.
 */
export function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  return (
    <chakra.a
      // Hash routing: the href names this screen so the link never navigates, even unhandled.
      href={`#${pathname}`}
      onClick={(event) => {
        event.preventDefault();
        if (main.current) focusMain(main.current);
      }}
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      bg="bg.panel"
      color="fg"
      px="4"
      py="3"
      rounded="md"
      fontWeight="semibold"
      shadow="md"
      focusVisibleRing="outside"
      // It sits in the top bar (the banner landmark): its ring is drawn on the bar, in the bar's
      // own contrast colour, as the bar's other controls.
      focusRingColor="brand.contrast"
      transform="translateY(-200%)"
      _focus={{ transform: 'none' }}
    >
      Skip to main content
    </chakra.a>
  );
}
