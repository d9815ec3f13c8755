/**
 * The shown screen's reads of the mirror, so that background work can let them go first (issue 30:
 * a new device's home before the rest of its first sync).
 *
 * The mirror's live queries (useMirror, shared queries) say when they start and end a read
 * (`screenRead`), and a signed-in screen on its way counts as one until the layout is drawn (a
 * sign-in's screen renders while the first sync starts). `screenSettled` resolves once none is under way, and none started while React
 * drew their results and the browser painted them: the screen has drawn what the mirror holds. It
 * waits at most `maxMs`, so a screen that never settles (a query re-read on every write) never holds
 * the work back for long.
 *
 * Why it matters: IndexedDB runs a read after every write transaction opened before it, and a
 * first sync's second stage writes pages of 2,000 rows over every table. A home whose reads came
 * after those waited for them (a vendor's home on the full set: its engineers' counts waited
 * 360 ms for the first page of users), and the pages' parsing took the main thread from React
 * drawing it.
 */

let underWay = 0;
/** Reads started so far: a read that started and ended during a wait is seen by its change. */
let started = 0;
const whenNone = new Set<() => void>();

/** A read of the mirror for the shown screen begins; call the returned function once it ends. */
export function screenRead(): () => void {
  underWay += 1;
  started += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    underWay -= 1;
    if (underWay > 0) return;
    for (const wake of [...whenNone]) wake();
  };
}

let layoutDue: (() => void) | null = null;

/**
 * A signed-in screen is on its way (the session has just entered): until the signed-in layout is
 * drawn (`layoutDrawn`), it counts as a read under way, since its screen's reads have not begun.
 */
export function layoutComing(): void {
  layoutDue ??= screenRead();
}

/** The signed-in layout is drawn (its screen's reads, effects of its children, have begun). */
export function layoutDrawn(): void {
  layoutDue?.();
  layoutDue = null;
}

/** Reads of the mirror under way for the shown screen (tests). */
export function screenReadsUnderWay(): number {
  return underWay;
}

function noneUnderWay(): Promise<void> {
  if (underWay === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      whenNone.delete(wake);
      resolve();
    };
    whenNone.add(wake);
  });
}

interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * Once the tasks already waiting have run (React's render of a result among them: it runs as
 * ordinary tasks, and a background task comes after them), and a frame has been painted.
 */
async function afterDrawn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  const background = () =>
    scheduler?.postTask
      ? scheduler.postTask(() => undefined, { priority: 'background' })
      : new Promise<void>((resolve) => setTimeout(resolve, 0));
  await background();
  if (typeof requestAnimationFrame === 'function') {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  }
  await background();
}

/**
 * Resolves once the shown screen has read and drawn what the mirror holds (no read under way, and
 * none started while the last results were drawn), or after `maxMs`, whichever comes first.
 */
export async function screenSettled(maxMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), maxMs);
  });
  try {
    for (;;) {
      if ((await Promise.race([noneUnderWay(), deadline])) === 'late') return;
      const before = started;
      if ((await Promise.race([afterDrawn(), deadline])) === 'late') return;
      if (underWay === 0 && started === before) return;
    }
  } finally {
    clearTimeout(timer);
  }
}
