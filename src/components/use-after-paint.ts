// A value that follows `value` one frame late: set after the browser has painted the change that
// brought it. A search box's text goes straight to the box, and the results follow through this:
// their rendering, its style and layout never share the frame that shows the key (a key's paint
// waits for whatever the main thread does before its frame), and a transition, so the next key
// interrupts a results render under way.
import { startTransition, useEffect, useState } from 'react';

export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs just before the paint; a task queued from it runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, shown]);
  return shown;
}
