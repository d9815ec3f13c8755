import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SkipLink, useFocusOnRouteChange } from './main-focus';
import { appSystem } from '../components/theme';

function Frame() {
  const main = useRef<HTMLElement>(null);
  useFocusOnRouteChange(main);
  return (
    <>
      <SkipLink main={main} />
      <nav>
        <Link to="/one">One</Link>
        <Link to="/two">Two</Link>
        <Link to="/late">Late</Link>
      </nav>
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

/** A screen whose heading shows after its data, as screens reading the local mirror do. */
function Late() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Late screen</h1> : <p>Loading…</p>;
}

function renderFrame() {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/one', element: <h1>Screen one</h1> },
          {
            path: '/two',
            element: (
              <>
                <h1>Screen two</h1>
                <button type="button">Inside</button>
              </>
            ),
          },
          { path: '/late', element: <Late /> },
        ],
      },
    ],
    { initialEntries: ['/one'] },
  );
  render(
    <ChakraProvider value={appSystem()}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

describe('main focus', () => {
  it('leaves focus alone on a fresh load, where the skip link is the first Tab stop', async () => {
    const user = userEvent.setup();
    renderFrame();
    await screen.findByRole('heading', { name: 'Screen one' });
    expect(document.activeElement).toBe(document.body);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Screen one' })).toHaveFocus();
  });

  it('moves focus to the main heading after a route change, also when it shows late', async () => {
    const user = userEvent.setup();
    const router = renderFrame();
    await user.click(screen.getByRole('link', { name: 'Two' }));
    expect(await screen.findByRole('heading', { name: 'Screen two' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();

    await act(() => router.navigate('/late'));
    const late = await screen.findByRole('heading', { name: 'Late screen' });
    await vi.waitFor(() => expect(late).toHaveFocus());
  });
});
