// What public/boot.js hands over to the app it starts on the build's sign-in page: whether the
// visitor already pressed Sign In (the submit was held until the app could send it) or another
// button (pressed again now), and the word that the app now handles the page itself.
import type { InstallPromptEvent } from './install/install-offer';

declare global {
  interface Window {
    chairsideBoot?: {
      pendingSubmit: boolean;
      pendingClick: HTMLButtonElement | null;
      started: boolean;
      live: boolean;
      /** Chromium's offer to install the app, kept by boot.js (install/install-offer.ts). */
      installPrompt?: InstallPromptEvent | null;
    };
  }
}

/** Whether the document holds the build's sign-in page for the app to take over (hydrate). */
export function prerenderedSignIn(root: HTMLElement, path: string): boolean {
  return (
    root.hasAttribute('data-prerendered') &&
    document.documentElement.dataset.boot === 'sign-in' &&
    (path === '' || path === '/' || path === '/login')
  );
}

/**
 * The app handles the page from now on: a button pressed before is pressed again; true when a
 * submit was held for the app to send.
 */
export function takeOverPage(): boolean {
  const boot = typeof window === 'undefined' ? undefined : window.chairsideBoot;
  if (!boot) return false;
  boot.live = true;
  const click = boot.pendingClick;
  boot.pendingClick = null;
  if (click?.isConnected) click.click();
  const pending = boot.pendingSubmit;
  boot.pendingSubmit = false;
  return pending;
}
