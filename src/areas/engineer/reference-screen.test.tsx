import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCS_CACHE } from '../../data/offline-docs';
import { engineerPaths } from '../../domain/paths';
import type { Chair, Part, TrainingResource } from '../../domain/entities';
import { chairRow, engineerUser, partRow, stamped, trainingRow } from '../../testing/rows';
import { renderSignedIn } from '../../testing/session';
import { ReferenceScreen } from './reference-screen';

const stamp = '2026-03-05T09:00:00.000Z';
const me = engineerUser;
let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const resource = (over: Partial<TrainingResource>): TrainingResource =>
  trainingRow({ id: id(), ...stamped(stamp), ...over });
const part = (stock: number): Part =>
  partRow({ id: id(), name: `Part ${stock}`, stock, ...stamped(stamp) });
const chair = (model: 'S30' | 'U500'): Chair =>
  chairRow({
    id: id(),
    serialNumber: `SN-${n}`,
    model,
    modelName: null,
    ...stamped(stamp),
  });

const library = [
  resource({ title: 'S30 daily start-up', type: 'VIDEO', url: 'https://example.com/a.mp4' }),
  resource({ title: 'Water line disinfection', type: 'VIDEO' }),
  resource({ title: 'S30 service manual', type: 'PDF', url: 'https://example.com/m.pdf' }),
  resource({
    title: 'How do I activate my warranty?',
    type: 'FAQ',
    content: 'Open Warranty Activation and enter the serial number.',
  }),
  resource({ title: 'Removed video', type: 'VIDEO', deletedAt: stamp }),
];

async function renderScreen(seed: { resources?: TrainingResource[]; empty?: boolean } = {}) {
  await renderSignedIn(me, <ReferenceScreen />, {
    path: engineerPaths.reference,
    toaster: false,
    seed: async (db) => {
      await db.trainingResources.bulkPut(seed.resources ?? library);
      if (!seed.empty) {
        await db.parts.bulkPut([part(0), part(1), part(10), part(11)]);
        await db.chairs.bulkPut([chair('U500'), chair('S30'), chair('S30')]);
      }
    },
  });
}

describe('ReferenceScreen', () => {
  it('shows the intro and the three summary cards', async () => {
    await renderScreen();
    expect(
      screen.getByText(
        'Access technical documentation, training materials, and equipment specifications.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('S30 Sigma')).toBeVisible();
    expect(screen.getByText('U500 Ambidextrous')).toBeVisible();
    expect(screen.getByText('Equipment Models')).toBeVisible();
    expect(screen.getByText('Parts Catalog')).toBeVisible();
    // stock 0, 1, 10, 11: three above 0, two in the 1-10 band
    expect(screen.getByText('3 in stock, 2 of them low')).toBeVisible();
    expect(screen.getByText('2 training videos · 1 technical documents · 1 FAQ')).toBeVisible();
  });

  it('opens on Videos with per-type counts, and shows Watch, Open and View Content', async () => {
    const user = userEvent.setup();
    await renderScreen();
    const videos = await screen.findByRole('tab', { name: 'Videos (2)' });
    expect(videos).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Documentation (1)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'FAQ (1)' })).toBeVisible();

    const startUp = screen.getByRole('article', { name: 'S30 daily start-up' });
    expect(within(startUp).getByText('Added Mar 5, 2026')).toBeVisible();
    const watch = within(startUp).getByRole('link', { name: 'Watch' });
    expect(watch).toHaveAttribute('href', 'https://example.com/a.mp4');
    expect(watch).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('Removed video')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Documentation (1)' }));
    const manual = await screen.findByRole('article', { name: 'S30 service manual' });
    expect(within(manual).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      'https://example.com/m.pdf',
    );

    await user.click(screen.getByRole('tab', { name: 'FAQ (1)' }));
    const faq = await screen.findByRole('article', { name: 'How do I activate my warranty?' });
    expect(
      within(faq).getByText('Open Warranty Activation and enter the serial number.'),
    ).toBeVisible();
    await user.click(within(faq).getByRole('button', { name: 'View Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'How do I activate my warranty?' });
    expect(
      within(dialog).getByText('Open Warranty Activation and enter the serial number.'),
    ).toBeVisible();
  });

  it('filters by title or type, case-insensitively, and updates the tab counts', async () => {
    const user = userEvent.setup();
    await renderScreen();
    const search = await screen.findByPlaceholderText('Search resources...');
    await user.type(search, 'WATER');
    expect(await screen.findByRole('tab', { name: 'Videos (1)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Documentation (0)' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'S30 daily start-up' })).toBeNull();

    await user.clear(search);
    await user.type(search, 'pdf');
    expect(await screen.findByRole('tab', { name: 'Documentation (1)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Videos (0)' })).toBeVisible();
    expect(screen.getByText('No training videos')).toBeVisible();
  });

  it('shows each tab’s empty state', async () => {
    const user = userEvent.setup();
    await renderScreen({ resources: [], empty: true });
    expect(await screen.findByText('No training videos')).toBeVisible();
    expect(
      screen.getByText("Training videos will appear here when they're available."),
    ).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Documentation (0)' }));
    expect(await screen.findByText('No documentation')).toBeVisible();
    expect(
      screen.getByText('Technical documentation will appear here when available.'),
    ).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'FAQ (0)' }));
    expect(await screen.findByText('No FAQ available')).toBeVisible();
    expect(
      screen.getByText('Frequently asked questions will appear here when available.'),
    ).toBeVisible();
  });
});

/** A Cache API with one cache per name, held in maps (jsdom has none). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const key = (r: RequestInfo | URL) => (typeof r === 'string' ? r : 'url' in r ? r.url : r.href);
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      keys: async () => [...store.keys()].map((url) => ({ url })),
      match: async (r: RequestInfo | URL) => store.get(key(r))?.clone(),
      put: async (r: RequestInfo | URL, response: Response) => void store.set(key(r), response),
      delete: async (r: RequestInfo | URL) => store.delete(key(r)),
    };
  };
  return { open, stores };
}

describe('ReferenceScreen: documents offline', () => {
  const own = (path: string) => new URL(path, window.location.href).href;
  const manual = resource({
    title: 'Own manual',
    type: 'PDF',
    url: '/docs/manuals/own-manual.html',
  });
  const spec = resource({ title: 'Own spec', type: 'PDF', url: '/docs/manuals/own-spec.html' });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the badge and the space of a kept document, and keeps another on request', async () => {
    const cacheApi = fakeCaches();
    (await cacheApi.open(DOCS_CACHE)).put(own(manual.url!), new Response('x'.repeat(2048)));
    vi.stubGlobal('caches', cacheApi);
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response('y'.repeat(1024));
      }),
    );
    const user = userEvent.setup();
    await renderScreen({ resources: [manual, spec] });
    await user.click(await screen.findByRole('tab', { name: 'Documentation (2)' }));

    const kept = await screen.findByRole('article', { name: 'Own manual' });
    expect(await within(kept).findByText(/Available offline · 2.0 KB/)).toBeVisible();
    expect(within(kept).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/docs/manuals/own-manual.html',
    );
    expect(screen.getByText(/^1 document available offline, taking 2.0 KB/)).toBeVisible();

    const other = screen.getByRole('article', { name: 'Own spec' });
    expect(within(other).queryByText(/Available offline/)).toBeNull();
    await user.click(within(other).getByRole('button', { name: 'Make available offline' }));
    expect(await within(other).findByText(/Available offline · 1.0 KB/)).toBeVisible();
    expect(fetched).toEqual([own(spec.url!)]);
    expect(screen.getByText(/^2 documents available offline, taking 3.0 KB/)).toBeVisible();

    await user.click(within(kept).getByRole('button', { name: 'Remove offline copy' }));
    await vi.waitFor(() => expect(within(kept).queryByText(/Available offline/)).toBeNull());
  });

  it('offline, says a document that is not kept is not available instead of opening it', async () => {
    vi.stubGlobal('caches', fakeCaches());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    await renderScreen({ resources: [spec] });
    await user.click(await screen.findByRole('tab', { name: 'Documentation (1)' }));
    const card = await screen.findByRole('article', { name: 'Own spec' });
    expect(await screen.findByText(/No documents kept for offline use yet/)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Make available offline' })).toBeDisabled();

    const open = within(card).getByRole('link', { name: 'Open' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    open.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(await within(card).findByRole('status')).toHaveTextContent(
      /^Not available offline: this document was not kept on this device/,
    );
  });
});
