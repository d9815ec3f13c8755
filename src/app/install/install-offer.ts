// Installing the app on the home screen (issue 44.5): what this browser offers, and to whom it was
// offered already.
//  - Chromium (Android, desktop) offers an install with a beforeinstallprompt event, which
//    public/boot.js keeps (it may come before the app's code runs): the app's Install action
//    shows the browser's own dialog.
//  - iOS Safari has no such event: the app says how, in Safari's own words (Share, then Add to
//    Home Screen). Installed there, the app's data is not cleared after seven days without use.
//  - Running installed (display-mode: standalone, or iOS's navigator.standalone): nothing.
// The offer is made once to each role on this device, on their home screen once the first sync is
// done (install-card.tsx), and stays under the navigation (install-nav-item.tsx).
import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM library). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** An install the browser offers ('prompt'), one the user makes by hand ('ios'), or none. */
export type InstallOffer = 'prompt' | 'ios' | null;

export interface InstallEnvironment {
  /** Whether the app runs installed (from the home screen). */
  installed: boolean;
  /** Whether the browser's install offer is kept. */
  prompt: boolean;
  userAgent: string;
  maxTouchPoints: number;
}

/** iOS browsers other than Safari (their own names in the user agent), and in-app views. */
const NOT_SAFARI = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|DuckDuckGo|YaBrowser/;

/** Safari on an iPhone, iPod or iPad (an iPad asks for pages as a Mac, with touch). */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !NOT_SAFARI.test(userAgent);
}

export function installOfferFor(env: InstallEnvironment): InstallOffer {
  if (env.installed) return null;
  if (env.prompt) return 'prompt';
  return isIosSafari(env.userAgent, env.maxTouchPoints) ? 'ios' : null;
}

/** The event boot.js and promptInstall send when the offer changes. */
const OFFER_CHANGED = 'chairside-install';
const STANDALONE = '(display-mode: standalone)';

const standalone = () => (typeof matchMedia === 'function' ? matchMedia(STANDALONE) : undefined);

function currentOffer(): InstallOffer {
  return installOfferFor({
    installed:
      standalone()?.matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    prompt: Boolean(window.chairsideBoot?.installPrompt),
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
}

function subscribe(changed: () => void): () => void {
  const media = standalone();
  addEventListener(OFFER_CHANGED, changed);
  media?.addEventListener('change', changed);
  return () => {
    removeEventListener(OFFER_CHANGED, changed);
    media?.removeEventListener('change', changed);
  };
}

/** What this browser offers now; it changes when the offer comes, is used, or the app installed. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => null);
}

/**
 * Shows the browser's install dialog. The offer is spent either way: Chromium shows one dialog per
 * offer, and makes a new offer on a later visit when the user said no.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const boot = window.chairsideBoot;
  const offer = boot?.installPrompt;
  if (!boot || !offer) return 'unavailable';
  boot.installPrompt = null;
  dispatchEvent(new Event(OFFER_CHANGED));
  await offer.prompt();
  return (await offer.userChoice).outcome;
}

/** Where this device remembers the roles the install was offered to. */
export const OFFERED_KEY = 'chairside-install-offered';

function offeredRoles(storage: Storage): string[] {
  try {
    const roles: unknown = JSON.parse(storage.getItem(OFFERED_KEY) ?? '[]');
    return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether the install was offered to `role` on this device already. */
export function offeredTo(role: string, storage: Storage = localStorage): boolean {
  return offeredRoles(storage).includes(role);
}

/** Remembers that the install was offered to `role` (no storage: it is offered again). */
export function markOffered(role: string, storage: Storage = localStorage): void {
  try {
    storage.setItem(OFFERED_KEY, JSON.stringify([...new Set([...offeredRoles(storage), role])]));
  } catch {
    // A locked-down browser keeps nothing: the offer comes again next time, nothing worse.
  }
}
