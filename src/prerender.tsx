// The build's render of the sign-in page (build/plugins/prerender-sign-in.ts): the same tree the
// browser renders (AppTree) at /login for a visitor with no stored session, as HTML with its
// styles, so a first visit paints the page before any JavaScript runs. React's static prerender
// (react-dom/static) waits for anything the page suspends on, where renderToString would write its
// fallback; the sign-in page suspends on nothing today, and both write the same 72 KB.
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { AppTree } from './app/app-tree';
import { DeferredSession } from './data/session-deferred';
import { paths } from './domain/paths';

export async function renderSignIn(): Promise<string> {
  const session = new DeferredSession({
    storage: { getItem: () => null },
    load: () => Promise.reject(new Error('no session code at build time')),
  });
  const { prelude } = await prerender(<AppTree session={session} router={AtSignIn} />);
  return new Response(prelude).text();
}

function AtSignIn({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={[paths.login]}>{children}</MemoryRouter>;
}
