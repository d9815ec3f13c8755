import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  layoutComing,
  layoutDrawn,
  screenRead,
  screenReadsUnderWay,
  screenSettled,
} from './screen-reads';

/** Whether `promise` has settled once the tasks now due have run. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await tick();
  return done;
}

/**
 * Lets the tasks now due run: the module's own timers (its background tasks, its `maxMs`) are on
 * the test's clock, so a busy machine never leaves one of them for later.
 */
const tick = () => vi.advanceTimersByTimeAsync(5);

/** Animation frames held until the test runs them, first in first out. */
function heldFrames(): (() => void)[] {
  const frames: (() => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  return frames;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  layoutDrawn();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  expect(screenReadsUnderWay()).toBe(0);
});

describe('screenSettled', () => {
  it('resolves at once when no read is under way', async () => {
    expect(await settledSoon(screenSettled(10_000))).toBe(true);
  });

  it('waits for the reads under way, each ending once however often it is called', async () => {
    const first = screenRead();
    const second = screenRead();
    const settled = screenSettled(10_000);
    expect(await settledSoon(settled)).toBe(false);
    first();
    first();
    expect(screenReadsUnderWay()).toBe(1);
    expect(await settledSoon(settled)).toBe(false);
    second();
    expect(await settledSoon(settled)).toBe(true);
  });

  it('waits for a read that began while the last results were drawn', async () => {
    // A screen whose results, once drawn, mount a part with a read of its own.
    const frames = heldFrames();
    const read = screenRead();
    const settled = screenSettled(10_000);
    read();
    await tick();
    const next = screenRead();
    frames.shift()?.();
    expect(await settledSoon(settled)).toBe(false);
    next();
    await tick();
    frames.shift()?.();
    expect(await settledSoon(settled)).toBe(true);
  });

  it('draws again after a read that began and ended while the last results were drawn', async () => {
    const frames = heldFrames();
    const read = screenRead();
    const settled = screenSettled(10_000);
    read();
    await tick();
    // A quick read of a part the results mounted, over before the frame.
    screenRead()();
    frames.shift()?.();
    expect(await settledSoon(settled)).toBe(false);
    // Its result drawn in the next frame: settled.
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(await settledSoon(settled)).toBe(true);
  });

  it('gives up waiting after maxMs', async () => {
    const read = screenRead();
    const settled = screenSettled(30);
    expect(await settledSoon(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(40);
    expect(await settledSoon(settled)).toBe(true);
    read();
  });

  it("runs after the tasks already waiting, at the browser's background priority", async () => {
    const postTask = vi.fn((callback: () => void) => Promise.resolve().then(callback));
    vi.stubGlobal('scheduler', { postTask });
    const read = screenRead();
    const settled = screenSettled(10_000);
    read();
    expect(await settledSoon(settled)).toBe(true);
    expect(postTask).toHaveBeenCalledWith(expect.any(Function), { priority: 'background' });
  });

  it('counts a signed-in screen on its way as a read until the layout is drawn', async () => {
    layoutComing();
    layoutComing();
    expect(screenReadsUnderWay()).toBe(1);
    const settled = screenSettled(10_000);
    expect(await settledSoon(settled)).toBe(false);
    layoutDrawn();
    expect(await settledSoon(settled)).toBe(true);
    layoutDrawn();
    expect(screenReadsUnderWay()).toBe(0);
  });
});
