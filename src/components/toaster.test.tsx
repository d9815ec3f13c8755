import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, dismissToastsOfPreviousScreen, toaster } from './toaster';

const titles = () => screen.queryAllByText(/^Saved \d$/).map((el) => el.textContent);

describe('the toaster (SPEC §9)', () => {
  beforeEach(() => {
    // The toasts' clock is the test's alone: a busy machine's time never ages a toast.
    vi.useFakeTimers();
    toaster.remove();
    render(
      <ChakraProvider value={defaultSystem}>
        <Toaster />
      </ChakraProvider>,
    );
  });
  afterEach(() => {
    act(() => toaster.remove());
    vi.useRealTimers();
  });

  it('shows at most 3 toasts, the next one when one leaves', async () => {
    act(() => {
      for (let n = 1; n <= 5; n += 1) toaster.create({ type: 'success', title: `Saved ${n}` });
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(titles()).toHaveLength(3);
    // In the bottom-left corner, over the navigation column's empty foot.
    expect(document.querySelector('[data-part="group"]')).toHaveAttribute(
      'data-placement',
      'bottom-start',
    );
    await act(() => vi.advanceTimersByTimeAsync(4300));
    expect(titles()).toHaveLength(2);
    expect(titles()).toEqual(expect.arrayContaining(['Saved 4', 'Saved 5']));
  });

  it('keeps a toast 4 s and removes it after a 200 ms exit', async () => {
    act(() => void toaster.create({ type: 'success', title: 'Saved 1' }));
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(screen.getByText('Saved 1')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(150));
    // Leaving: still in the document for the exit animation, marked as closing.
    expect(screen.getByText('Saved 1').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'closed',
    );
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.queryByText('Saved 1')).toBeNull();
  });

  it("clears the previous screen's toasts on a change of screen, not the one that moved there", async () => {
    act(() => void toaster.create({ type: 'success', title: 'Saved 1' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    act(() => void toaster.create({ type: 'success', title: 'Saved 2' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(titles()).toEqual(['Saved 2', 'Saved 1']);
    act(() => dismissToastsOfPreviousScreen());
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(titles()).toEqual(['Saved 2']);
  });
});
