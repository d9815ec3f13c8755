import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { Suspense, use, type ReactNode } from 'react';
import { render as renderInto, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppHashRouter } from './hash-router';
import { ScreenArea } from './screen-area';

const render = (ui: ReactNode) =>
  renderInto(<ChakraProvider value={defaultSystem}>{ui}</ChakraProvider>);

// These tests draw as the browser does (the scheduler's own tasks): under act(), React would wait
// for the next screen's data before letting the click return.
const reactGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actEnvironment: boolean | undefined;
beforeEach(() => {
  actEnvironment = reactGlobal.IS_REACT_ACT_ENVIRONMENT;
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  window.location.hash = '';
});

/** A screen that is drawn only once `ready` settles: the next screen still on its way. */
function Slow({ ready }: { ready: Promise<void> }) {
  use(ready);
  return <h1>Ticket T7</h1>;
}

function ticketT2() {
  return (
    <>
      <h1>Ticket T2</h1>
      <label>
        Work performed
        <textarea />
      </label>
      <Link to="/tickets/T7">Ticket T7</Link>
    </>
  );
}

describe('ScreenArea under AppHashRouter', () => {
  it('makes the screen the browser has left inert at once, while the next one is drawn', async () => {
    window.location.hash = '#/tickets/T2';
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (release = resolve));
    render(
      <AppHashRouter>
        <Suspense fallback={<p>Loading…</p>}>
          <ScreenArea>
            <Routes>
              <Route path="/tickets/T2" element={ticketT2()} />
              <Route path="/tickets/T7" element={<Slow ready={ready} />} />
            </Routes>
          </ScreenArea>
        </Suspense>
      </AppHashRouter>,
    );
    const notes = screen.getByRole('textbox', { name: 'Work performed' });
    notes.focus();
    const area = screen.getByRole('heading', { name: 'Ticket T2' }).parentElement!;
    expect(area).not.toHaveAttribute('inert');

    screen.getByRole('link', { name: 'Ticket T7' }).click();
    // T7's address, T2 still drawn (T7's screen waits for its data), and out of reach: inert,
    // and the field that had focus has let go of it.
    await waitFor(() => expect(area).toHaveAttribute('inert'));
    expect(window.location.hash).toBe('#/tickets/T7');
    expect(screen.getByRole('heading', { name: 'Ticket T2', hidden: true })).toBeInTheDocument();
    expect(area).toHaveAttribute('aria-busy', 'true');
    expect(notes).not.toHaveFocus();

    release();
    expect(await screen.findByRole('heading', { name: 'Ticket T7' })).toBeInTheDocument();
    expect(area).not.toHaveAttribute('inert');
    expect(area).not.toHaveAttribute('aria-busy');
  });

  it('leaves the screen live when nothing moves it', () => {
    window.location.hash = '#/tickets/T2';
    render(
      <AppHashRouter>
        <ScreenArea>
          <Routes>
            <Route path="/tickets/T2" element={ticketT2()} />
          </Routes>
        </ScreenArea>
      </AppHashRouter>,
    );
    const area = screen.getByRole('heading', { name: 'Ticket T2' }).parentElement!;
    expect(area).not.toHaveAttribute('inert');
    expect(area).not.toHaveAttribute('aria-busy');
  });
});
