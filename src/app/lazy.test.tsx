import { Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLazyRecipes } from '../components/theme';
import { lazyValue, useLazy, type LazyValue } from './lazy';

// React's act() queue changes how a suspended render resumes; these tests draw as the browser
// does (the scheduler's own tasks), so React replays a component whose code has just arrived.
const reactGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actEnvironment: boolean | undefined;
let root: Root | undefined;
let container: HTMLElement | undefined;

beforeEach(async () => {
  // The recipes every lazy value waits for, already loaded: the module alone is awaited.
  await loadLazyRecipes();
  actEnvironment = reactGlobal.IS_REACT_ACT_ENVIRONMENT;
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  root?.unmount();
  container?.remove();
  root = container = undefined;
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

/** A root drawing at a transition's priority (as src/main.tsx starts the app), its recoveries kept. */
function transitionRoot(recovered: unknown[]) {
  container = document.body.appendChild(document.createElement('div'));
  const made = createRoot(container, { onRecoverableError: (error) => recovered.push(error) });
  root = made;
  return (element: React.ReactNode) => startTransition(() => made.render(element));
}

/** A module that arrives a few microtasks after it is asked for: within the render's pause. */
function arrivingModule(): LazyValue<{ Label: (props: { text: string }) => React.ReactNode }> {
  return lazyValue(async () => {
    for (let i = 0; i < 3; i++) await Promise.resolve();
    return { Label: ({ text }: { text: string }) => <p>{text}</p> };
  });
}

describe('useLazy', () => {
  it('draws a component whose code arrives while it renders, with hooks after it, and again, without React recovering', async () => {
    const module = arrivingModule();
    function Host({ text }: { text: string }) {
      const { Label } = useLazy(module);
      const renders = useRef(0);
      const [drawn, setDrawn] = useState(false);
      useEffect(() => {
        renders.current += 1;
        setDrawn(true);
      }, [text]);
      return (
        <>
          <Label text={text} />
          {drawn && <span>drawn</span>}
        </>
      );
    }
    const recovered: unknown[] = [];
    const draw = transitionRoot(recovered);
    const tree = (text: string) => (
      <Suspense fallback={<p>Loading…</p>}>
        <Host text={text} />
      </Suspense>
    );
    draw(tree('first'));
    expect(await screen.findByText('first')).toBeInTheDocument();
    expect(await screen.findByText('drawn')).toBeInTheDocument();
    draw(tree('second'));
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(recovered).toEqual([]);
  });

  it('draws a value already loaded at once, without a loading frame', async () => {
    const module = arrivingModule();
    await module.preload();
    function Host() {
      const { Label } = useLazy(module);
      const [text] = useState('ready');
      return <Label text={text} />;
    }
    const recovered: unknown[] = [];
    container = document.body.appendChild(document.createElement('div'));
    const made = createRoot(container, { onRecoverableError: (error) => recovered.push(error) });
    root = made;
    let loadingShown = false;
    function Fallback() {
      loadingShown = true;
      return <p>Loading…</p>;
    }
    made.render(
      <Suspense fallback={<Fallback />}>
        <Host />
      </Suspense>,
    );
    await waitFor(() => expect(screen.getByText('ready')).toBeInTheDocument());
    expect(loadingShown).toBe(false);
    expect(recovered).toEqual([]);
  });
});
