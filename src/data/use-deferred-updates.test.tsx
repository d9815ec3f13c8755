import { act, render, screen } from '@testing-library/react';
import { startTransition, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDeferredUpdates } from './use-deferred-updates';

let setValue: (value: string | undefined) => void = () => {};
const seen: (string | undefined)[] = [];

function Shows() {
  const [value, set] = useState<string | undefined>(undefined);
  setValue = set;
  const shown = useDeferredUpdates(value);
  seen.push(shown);
  return <p>{shown ?? 'loading'}</p>;
}

/** Renders <Shows />, gives it its first value, and forgets the renders so far. */
function showingFirst() {
  render(<Shows />);
  act(() => setValue('first'));
  seen.length = 0;
}

describe('useDeferredUpdates', () => {
  it('draws the first value in the render that receives it', () => {
    seen.length = 0;
    render(<Shows />);
    act(() => setValue('first'));
    // The urgent render after the change already shows it (React's background render after it,
    // catching its deferred value up, shows it again): never a render with the old value.
    expect(seen[0]).toBeUndefined();
    expect(seen.slice(1)).toEqual(seen.slice(1).map(() => 'first'));
    expect(seen.length).toBeGreaterThan(1);
    expect(screen.getByText('first')).toBeInTheDocument();
  });

  it('draws a later value first with the old one (urgent), then with the new (background)', () => {
    showingFirst();
    act(() => setValue('second'));
    expect(seen).toEqual(['first', 'second']);
    expect(screen.getByText('second')).toBeInTheDocument();
  });

  it('in a transition, a later value is drawn in that render (nothing to defer behind)', () => {
    showingFirst();
    act(() => startTransition(() => setValue('second')));
    expect(seen).toEqual(['second']);
  });
});
