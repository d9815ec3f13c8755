// The app's router in the browser: react-router's HashRouter, with one thing more. The location
// the routes draw is set in a transition, as HashRouter sets it: React draws the next screen in
// short steps and keeps the last one on screen meanwhile (70-160 ms on a tablet, over a second
// with its CPU slowed 4×). This router also keeps the address the browser shows, set at once,
// outside the transition. A screen drawn for another address than that one is on its way out:
// the layout makes it inert (useMovingAway, layout.tsx), so what is typed or tapped meanwhile never
// goes into the record just left (issue 44: T2's service notes written under T7's address).
import {
  createContext,
  startTransition,
  use,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';
import {
  Router,
  UNSAFE_createHashHistory as createHashHistory,
  useLocation,
} from 'react-router-dom';

/** The path the browser's address names now; null outside AppHashRouter (tests, the build). */
const AddressContext = createContext<string | null>(null);

export function AppHashRouter({ children }: { children: ReactNode }) {
  // The history HashRouter makes for itself (react-router's own, exported for routers like this).
  const [history] = useState(() => createHashHistory({ v5Compat: true }));
  const [drawn, setDrawn] = useState({ action: history.action, location: history.location });
  const [address, setAddress] = useState(history.location.pathname);
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        // At the priority of what moved it (a click's: drawn before the next input is handled).
        setAddress(location.pathname);
        startTransition(() => setDrawn({ action, location }));
      }),
    [history],
  );
  return (
    <AddressContext value={address}>
      <Router location={drawn.location} navigationType={drawn.action} navigator={history}>
        {children}
      </Router>
    </AddressContext>
  );
}

/**
 * Whether the screen drawn is for an address the browser has left: the next screen is being
 * drawn, and this one must take no input meanwhile.
 */
export function useMovingAway(): boolean {
  const address = use(AddressContext);
  const { pathname } = useLocation();
  return address !== null && address !== pathname;
}
