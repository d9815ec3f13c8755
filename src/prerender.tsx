// The build's render of the sign-in page (vite.config.ts's prerender plugin): the same tree the
// browser renders (AppTree) at /login for a visitor with no stored session, as HTML with its
// styles, so a first visit paints the page before any JavaScript runs.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppTree } from './app/app-tree';
import { DeferredSession } from './data/session-deferred';
import { paths } from './domain/paths';

export function renderSignIn(): string {
  const session = new DeferredSession({
    storage: { getItem: () => null },
    load: () => Promise.reject(new Error('no session code at build time')),
  });
  return renderToString(<AppTree session={session} router={AtSignIn} />);
}

function AtSignIn({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={[paths.login]}>{children}</MemoryRouter>;
}
