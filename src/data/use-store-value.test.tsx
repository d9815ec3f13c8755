import { Suspense, useCallback } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStoreValue } from './use-store-value';

/** A store outside React: a value and its listeners. */
function store<T>(initial: T) {
  const listeners = new Set<() => void>();
  const s = {
    value: initial,
    listeners,
    set(value: T) {
      s.value = value;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => s.value,
  };
  return s;
}

function Shows({ source }: { source: ReturnType<typeof store<string>> }) {
  const value = useStoreValue(source.subscribe, source.get);
  return <p>{value}</p>;
}

describe('useStoreValue', () => {
  it('shows the value, follows its changes, and stops listening when unmounted', async () => {
    const source = store('first');
    const { unmount } = render(<Shows source={source} />);
    expect(screen.getByText('first')).toBeVisible();
    expect(source.listeners.size).toBe(1);
    await act(async () => source.set('second'));
    expect(screen.getByText('second')).toBeVisible();
    unmount();
    expect(source.listeners.size).toBe(0);
  });

  it('catches a change made between the render and the subscription', async () => {
    const source = store('first');
    function ChangesBeforeSubscribing() {
      const subscribe = useCallback((listener: () => void) => {
        // The store moves on before the listener is in place.
        source.value = 'moved on';
        return source.subscribe(listener);
      }, []);
      return <p>{useStoreValue(subscribe, source.get)}</p>;
    }
    render(<ChangesBeforeSubscribing />);
    expect(await screen.findByText('moved on')).toBeVisible();
  });

  it('shows another store at once when handed one (a new sign-in), and listens to it alone', async () => {
    const before = store('Eve');
    const after = store('Vic');
    const { rerender } = render(<Shows source={before} />);
    rerender(<Shows source={after} />);
    expect(screen.getByText('Vic')).toBeVisible();
    expect(before.listeners.size).toBe(0);
    expect(after.listeners.size).toBe(1);
    await act(async () => after.set('Vic Vance'));
    expect(screen.getByText('Vic Vance')).toBeVisible();
  });

  it("draws a change at a transition's priority: the screen on show stays while the next one is not ready", async () => {
    const source = store(1);
    let ready = false;
    let waitedOn = false;
    let open = () => undefined as void;
    const next = new Promise<void>((resolve) => (open = resolve)).then(() => (ready = true));
    function Count() {
      const count = useStoreValue(source.subscribe, source.get);
      if (count === 2 && !ready) {
        waitedOn = true;
        throw next;
      }
      return <p>{count} engineers online</p>;
    }
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Count />
      </Suspense>,
    );
    expect(screen.getByText('1 engineers online')).toBeVisible();
    await act(async () => source.set(2));
    expect(waitedOn).toBe(true);
    // A default update would replace the screen with the fallback; a transition keeps it.
    expect(screen.getByText('1 engineers online')).toBeVisible();
    expect(screen.queryByText('Loading…')).toBeNull();
    await act(async () => open());
    expect(await screen.findByText('2 engineers online')).toBeVisible();
  });
});
