import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { engineerPaths } from '../../../domain/paths';
import { hasUnsavedInput } from '../../../components/unsaved-input';
import { checklistItemIds } from '../../../domain/installation-checklist';
import {
  createTestSession,
  SessionTestProviders,
  type TestSession,
} from '../../../testing/session';
import { chairRow, engineer, historyEntry, id, userRow } from '../equipment/test-fixtures';
import { InstallationScreen } from './installation-screen';
import { installationDraftKey as wizardStorageKey } from '../../../data/installation-draft';
import { pads } from '../../../testing/fake-signature-pad';

vi.mock('signature_pad', () => import('../../../testing/fake-signature-pad'));
// Scan label: the decoder replaced; the label in front of the camera reads 'S30-26-00999'.
vi.mock('../../../files/barcode-reader', () => ({
  openLabelReader: async () => ({ engine: 'zxing', read: async () => 'S30-26-00999' }),
}));

// Chakra dialogs and 70 checkboxes under jsdom are slow: a test took 43 s beside stress-ng (load
// 13), near the project's 60 s. Three minutes is a hang's limit here, not a slow machine's.
vi.setConfig({ testTimeout: 180_000 });

const owner = userRow({
  id: id('c', 1),
  name: 'Alice Brown',
  email: 'alice@riverside.example',
  practice: { name: 'Riverside Dental' },
});
const delivered = chairRow({
  id: id('a', 1),
  serialNumber: 'U500-25-00118',
  model: 'U500',
  status: 'DELIVERED',
  ownerUserId: owner.id,
  deliveryDate: '2026-01-05T00:00:00.000Z',
});
const inStock = chairRow({ id: id('a', 2), serialNumber: 'S30-26-00999', model: 'S30' });
const registeredNew = chairRow({
  id: id('a', 3),
  serialNumber: 'S30-25-00931',
  status: 'REGISTERED',
  ownerUserId: owner.id,
});
const installed = chairRow({
  id: id('a', 4),
  serialNumber: 'S30-23-00412',
  status: 'REGISTERED',
  ownerUserId: owner.id,
  service: { serviceHistory: [historyEntry({ type: 'INSTALLATION' })] },
});

let session: TestSession;

beforeEach(async () => {
  localStorage.clear();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  session = await createTestSession(engineer, async (db) => {
    await db.users.put(owner);
    await db.chairs.bulkPut([delivered, inStock, registeredNew, installed]);
  });
});

function renderScreen() {
  return render(
    <SessionTestProviders session={session} path={engineerPaths.installation}>
      <InstallationScreen />
    </SessionTestProviders>,
  );
}

type User = ReturnType<typeof userEvent.setup>;

const next = () => screen.getByRole('button', { name: 'Next' });
const currentStep = async () =>
  within(await screen.findByRole('navigation', { name: 'Installation steps' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

async function selectChair(user: User, serial: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(serial) }));
}

async function toChecklist(user: User) {
  await selectChair(user, 'U500-25-00118');
  await user.click(next());
  await user.click(await screen.findByRole('checkbox', { name: /matches exactly/ }));
  await user.click(next());
}

async function tickEverything(user: User) {
  for (const button of screen.getAllByRole('button', { name: /^Tick all in / })) {
    await user.click(button);
  }
}

async function toAcceptance(user: User) {
  await toChecklist(user);
  await tickEverything(user);
  await user.click(next());
}

describe('InstallationScreen', () => {
  it('lists delivered and in-stock chairs not yet installed (never a registered one), with search', async () => {
    renderScreen();
    const user = userEvent.setup({ delay: null });
    const list = within(await screen.findByRole('list', { name: 'Chairs to install' }));
    const items = list.getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('U500-25-00118'),
      expect.stringContaining('S30-26-00999'),
    ]);
    expect(screen.queryByText('S30-25-00931')).not.toBeInTheDocument();
    expect(within(items[0]!).getByText('Pending Installation')).toBeInTheDocument();
    expect(within(items[1]!).getByText('No owner assigned · No practice')).toBeInTheDocument();
    expect(screen.queryByText('S30-23-00412')).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search chairs to install' }), '00999');
    expect(list.getAllByRole('button')).toHaveLength(1);
    await user.type(screen.getByRole('searchbox', { name: 'Search chairs to install' }), 'zzz');
    expect(screen.getByText('No equipment found')).toBeInTheDocument();
  });

  it('narrows the list to the chair whose label is scanned, as if its serial were typed', async () => {
    const media = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => ({ getTracks: () => [{ stop: () => {} }] }) },
    });
    try {
      renderScreen();
      const user = userEvent.setup({ delay: null });
      const list = within(await screen.findByRole('list', { name: 'Chairs to install' }));
      await user.click(screen.getByRole('button', { name: 'Scan label' }));
      const box = screen.getByRole('searchbox', {
        name: 'Search chairs to install',
        hidden: true,
      });
      await waitFor(() => expect(box).toHaveValue('S30-26-00999'));
      await waitFor(() => expect(box).toHaveFocus());
      expect(list.getAllByRole('button').map((item) => item.textContent)).toEqual([
        expect.stringContaining('S30-26-00999'),
      ]);
    } finally {
      if (media) Object.defineProperty(navigator, 'mediaDevices', media);
      else Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('opens each step only when the one before is satisfied', async () => {
    renderScreen();
    const user = userEvent.setup({ delay: null });
    expect(await currentStep()).toContain('Select Equipment');
    await screen.findByRole('list', { name: 'Chairs to install' });
    expect(next()).toBeDisabled();

    await selectChair(user, 'U500-25-00118');
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(await currentStep()).toContain('Verify Equipment');
    expect(screen.getByText('U500-25-00118')).toBeInTheDocument();
    expect(screen.getByText('U500 Ambidextrous (U500)')).toBeInTheDocument();
    expect(screen.getByText('European Ambidextrous')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    const confirmation = await screen.findByRole('checkbox', { name: /matches exactly/ });
    await user.click(confirmation);
    expect(next()).toBeEnabled();
    await user.click(next());

    expect(await currentStep()).toContain('Installation Checklist');
    expect(screen.getAllByRole('checkbox')).toHaveLength(70);
    expect(screen.getByText('0 of 70 items checked')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Chair powers on from the mains/ }));
    expect(await screen.findByText('1 of 70 items checked')).toBeInTheDocument();
    const footPedal = screen.getByRole('region', { name: 'Foot Pedal' });
    await user.click(
      within(footPedal).getByRole('button', { name: 'Tick all in group: Foot Pedal' }),
    );
    expect(within(footPedal).getByText('6/6')).toBeInTheDocument();
    expect(screen.getByText('7 of 70 items checked')).toBeInTheDocument();
    await tickEverything(user);
    expect(screen.getByText('70 of 70 items checked')).toBeInTheDocument();
    expect(next()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /No scratches or tears on upholstery/ }));
    await waitFor(() => expect(next()).toBeDisabled());
    await user.click(screen.getByRole('checkbox', { name: /No scratches or tears on upholstery/ }));
    await user.click(next());
    expect(await currentStep()).toContain('Customer Acceptance');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await currentStep()).toContain('Installation Checklist');
  });

  it('shows every acceptance message and writes nothing until they are met', async () => {
    renderScreen();
    const user = userEvent.setup({ delay: null });
    await toAcceptance(user);
    await user.type(screen.getByLabelText('Customer name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Complete Installation' }));
    expect(await screen.findByText('Customer name is required')).toBeInTheDocument();
    expect(screen.getByText('Signature is required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in the box')).toBeInTheDocument();
    expect(await session.db.outbox.count()).toBe(0);

    await user.type(screen.getByLabelText('Customer name'), 'Dr Alice Brown');
    expect(screen.queryByText('Customer name is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Signature (typed)'), 'A. Brown');
    expect(screen.queryByText('Signature is required')).not.toBeInTheDocument();
    act(() => pads.current?.draw());
    expect(screen.queryByText('Please sign in the box')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Please sign in the box')).toBeInTheDocument();
  });

  it('queues installation.complete with all 70 ticks and the PNG signature, then starts again', async () => {
    renderScreen();
    const user = userEvent.setup({ delay: null });
    await toAcceptance(user);
    await user.type(screen.getByLabelText('Customer name'), 'Dr Alice Brown');
    await user.type(screen.getByLabelText('Signature (typed)'), 'A. Brown');
    act(() => pads.current?.draw());
    await user.type(screen.getByLabelText('Notes (optional)'), 'Water heater set to 37C');
    await user.click(screen.getByRole('button', { name: 'Complete Installation' }));

    expect(
      await screen.findByText('Installation completed and logged successfully!'),
    ).toBeInTheDocument();
    expect(await currentStep()).toContain('Select Equipment');
    await waitFor(() => expect(screen.queryByText('U500-25-00118')).not.toBeInTheDocument());
    expect(localStorage.getItem(wizardStorageKey(engineer.id))).toBeNull();

    const [entry, ...rest] = await session.db.outbox.toArray();
    expect(rest).toHaveLength(0);
    expect(entry?.name).toBe('installation.complete');
    const args = entry?.args as Record<string, unknown>;
    expect(args).toMatchObject({
      chairId: delivered.id,
      customerName: 'Dr Alice Brown',
      signatureText: 'A. Brown',
      notes: 'Water heater set to 37C',
    });
    expect(args.signatureImage).toMatch(/^data:image\/png;base64,/);
    const checklist = args.checklist as Record<string, boolean>;
    expect(Object.keys(checklist)).toEqual(checklistItemIds());
    expect(Object.values(checklist).filter((tick) => tick === true)).toHaveLength(70);

    const chair = await session.db.chairs.get(delivered.id);
    expect(chair?.service?.serviceHistory?.map((e) => e.type)).toEqual(['Installation']);
    expect(await session.db.installations.count()).toBe(1);
  });

  it('restores a half-finished installation after a reload, signature included', async () => {
    const first = renderScreen();
    const user = userEvent.setup({ delay: null });
    await toAcceptance(user);
    await user.type(screen.getByLabelText('Customer name'), 'Dr Alice Brown');
    await user.type(screen.getByLabelText('Signature (typed)'), 'A. Brown');
    act(() => pads.current?.draw());
    expect(hasUnsavedInput()).toBe(true);
    first.unmount();
    expect(hasUnsavedInput()).toBe(false);

    renderScreen();
    expect(await screen.findByLabelText('Customer name')).toHaveValue('Dr Alice Brown');
    expect(await currentStep()).toContain('Customer Acceptance');
    expect(screen.getByLabelText('Signature (typed)')).toHaveValue('A. Brown');
    expect(pads.current?.restored).toEqual(['data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==']);
    expect(screen.getByRole('button', { name: 'Clear' })).toBeEnabled();
    expect(hasUnsavedInput()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('70 of 70 items checked')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('checkbox', { name: /matches exactly/ })).toBeChecked();
  });

  it('keeps each user’s draft apart', async () => {
    renderScreen();
    const user = userEvent.setup({ delay: null });
    await selectChair(user, 'S30-26-00999');
    const saved = JSON.parse(localStorage.getItem(wizardStorageKey(engineer.id)) ?? '{}');
    expect(saved).toMatchObject({ chairId: inStock.id, step: 1 });
    expect(localStorage.getItem(wizardStorageKey('someone-else'))).toBeNull();
  });

  it('Start over discards the draft after confirmation', async () => {
    renderScreen();
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByRole('button', { name: 'Start over' })).not.toBeInTheDocument();
    await toChecklist(user);
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await user.click(await screen.findByRole('button', { name: 'Keep working' }));
    expect(await currentStep()).toContain('Installation Checklist');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await user.click(await screen.findByRole('button', { name: 'Discard and start over' }));
    expect(await currentStep()).toContain('Select Equipment');
    expect(next()).toBeDisabled();
    expect(localStorage.getItem(wizardStorageKey(engineer.id))).toBeNull();
    expect(hasUnsavedInput()).toBe(false);
  });
});
