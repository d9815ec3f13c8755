import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSessionStore, engineerUser, renderApp } from '../../testing/app-test-kit';
import { customerPaths } from '../../domain/paths';
import { OFFERED_KEY, type InstallPromptEvent } from './install-offer';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** Chromium's install offer, as boot.js keeps it. */
function offerInstall() {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt'), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'dismissed' as const, platform: 'web' }),
  }) as InstallPromptEvent;
  window.chairsideBoot = {
    pendingSubmit: false,
    pendingClick: null,
    started: true,
    live: true,
    installPrompt: event,
  };
  return prompt;
}

function asIphone() {
  Object.defineProperty(navigator, 'userAgent', { value: IPHONE_SAFARI, configurable: true });
  Object.defineProperty(navigator, 'maxTouchPoints', { value: 5, configurable: true });
}

afterEach(() => {
  delete window.chairsideBoot;
  Reflect.deleteProperty(navigator, 'userAgent');
  Reflect.deleteProperty(navigator, 'maxTouchPoints');
  localStorage.removeItem(OFFERED_KEY);
});

/** A customer on their home screen, the first sync done or not. */
async function customerAtHome(firstSyncDone = true) {
  const store = new FakeSessionStore();
  store.setSignedIn({ ...engineerUser, name: 'Riverside Dental', role: 'CUSTOMER' });
  store.engine.setStatus({ online: true, firstSyncDone });
  const view = renderApp(customerPaths.home, store);
  await screen.findByRole('banner');
  return { store, ...view };
}

/** The side column of a tablet or desktop: the navigation, and the install under it. */
const sideColumn = () => within(screen.getByRole('complementary'));
const findInSideColumn = async (role: string, name: string) =>
  within(await screen.findByRole('complementary')).findByRole(role, { name });

describe('the install offer', () => {
  it("is made once to a role on its home screen once the first sync is done, with the browser's Install", async () => {
    const user = userEvent.setup();
    const prompt = offerInstall();
    const { store } = await customerAtHome(false);
    expect(screen.queryByRole('region', { name: 'Install Chairside on this device' })).toBeNull();
    act(() => store.engine.setStatus({ firstSyncDone: true }));
    const card = await screen.findByRole('region', { name: 'Install Chairside on this device' });
    await user.click(within(card).getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(card).not.toBeInTheDocument());
  });

  it('is not made again to that role, and stays under the navigation', async () => {
    const user = userEvent.setup();
    offerInstall();
    const first = await customerAtHome();
    const card = await screen.findByRole('region', { name: 'Install Chairside on this device' });
    await user.click(within(card).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(card).not.toBeInTheDocument());
    first.unmount();

    const prompt = offerInstall();
    await customerAtHome();
    await user.click(await findInSideColumn('button', 'Install app'));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Install Chairside on this device' })).toBeNull();
    // Chromium shows one dialog per offer: no Install until it offers again.
    await waitFor(() =>
      expect(sideColumn().queryByRole('button', { name: 'Install app' })).toBeNull(),
    );
  });

  it("gives an iPhone's Safari its own steps, on the home screen and under the navigation", async () => {
    const user = userEvent.setup();
    asIphone();
    await customerAtHome();
    const card = await screen.findByRole('region', { name: 'Add Chairside to your Home Screen' });
    expect(card).toHaveTextContent('In Safari, tap Share, then Add to Home Screen.');
    expect(card).toHaveTextContent(
      'Safari removes a website’s saved data after seven days without a visit; the Home Screen app keeps it.',
    );
    await user.click(within(card).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(card).not.toBeInTheDocument());

    await user.click(await findInSideColumn('button', 'Add to Home Screen'));
    const steps = await screen.findByRole('dialog', { name: 'Add Chairside to your Home Screen' });
    expect(steps).toHaveTextContent('In Safari, tap Share, then Add to Home Screen.');
  });

  it('offers nothing in a browser without an install', async () => {
    await customerAtHome();
    expect(await findInSideColumn('link', 'Profile')).toBeInTheDocument();
    expect(sideColumn().queryByRole('button', { name: 'Install app' })).toBeNull();
    expect(sideColumn().queryByRole('button', { name: 'Add to Home Screen' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Install Chairside|Home Screen/ })).toBeNull();
  });
});
