// Code loaded on demand. Each screen or area the routes load through lazyValue becomes its own
// chunk, fetched the first time it renders, so the sign-in form does not wait for the engineer's
// installation wizard. The service worker precaches every chunk, so this works offline as before.
// Once loaded, a value is read synchronously (no fallback frame on later visits); preload()
// fetches it ahead of time (the routes do for the signed-in user's area, tests for all of them).
// Everything loaded here is UI beyond the sign-in page, whose Chakra recipes the entry leaves out:
// a value is ready once those are in the app's system too (loadLazyRecipes, theme.ts), so nothing
// renders unstyled.
//
// useLazy calls use() on every render, the value loaded or not (STYLE 19): a component that calls
// use() only while its code is missing, with hooks after it, breaks when the code arrives during
// the render. React then replays the component without that use() call, its hooks find no state
// of a first render, and it throws (#467) and draws the whole root again (#520).
import { Suspense, use, type ComponentType } from 'react';
import { Center } from '@chakra-ui/react';
import { LoadingState } from '../components/loading-state';
import { loadLazyRecipes } from '../components/theme';
import { screenRead } from '../data/screen-reads';

export interface LazyValue<T> {
  /** Starts loading (once; again after a failure) and resolves with the value. */
  preload(): Promise<T>;
}

/** A promise as React's use() reads it: once fulfilled, its value is taken without suspending. */
type Settled<T> = Promise<T> & { status: 'fulfilled'; value: T };

export function lazyValue<T>(load: () => Promise<T>): LazyValue<T> {
  let loaded: Settled<T> | undefined;
  let pending: Promise<T> | undefined;
  // Once loaded, the promise use() reads at once (no fallback frame on a later visit).
  const preload = () => loaded ?? (pending ??= loading());
  const loading = () => {
    // Code a screen waits for counts as its read (screen-reads.ts).
    const end = screenRead();
    const value = Promise.all([load(), loadLazyRecipes()]).then(
      ([value]) => {
        loaded = Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
        return value;
      },
      (error: unknown) => {
        // A failed chunk (a deploy replaced it while offline) is fetched again next time.
        pending = undefined;
        throw error;
      },
    );
    void value.then(end, end);
    return value;
  };
  return { preload };
}

/**
 * The value, at once when loaded, else suspending until it is (under a Suspense boundary). use()
 * runs on every render: once loaded, on a promise marked fulfilled, which React reads at once.
 */
export function useLazy<T>(lazy: LazyValue<T>): T {
  return use(lazy.preload());
}

/** What shows while a screen's code loads: the app's loading look. */
export function LoadingCode({ fullScreen = false }: { fullScreen?: boolean }) {
  const state = <LoadingState label="Loading…" />;
  return fullScreen ? <Center minH="100dvh">{state}</Center> : state;
}

/** Renders a lazily loaded component, with the loading state meanwhile. */
export function LazyScreen({
  screen,
  fullScreen = false,
}: {
  screen: LazyValue<ComponentType>;
  fullScreen?: boolean;
}) {
  return (
    <Suspense fallback={<LoadingCode fullScreen={fullScreen} />}>
      <Loaded screen={screen} />
    </Suspense>
  );
}

function Loaded({ screen }: { screen: LazyValue<ComponentType> }) {
  const Screen = useLazy(screen);
  return <Screen />;
}
