// The signed-in screen's place under the top bar (layout.tsx), and what it does while the app
// moves to another screen (hash-router.tsx).
import { Box } from '@chakra-ui/react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useMovingAway } from './hash-router';

/**
 * The screen under the top bar. While the next screen is drawn (a transition) the one on screen is
 * for an address the browser has left: it stays in view, dimmed after a moment, but inert, so a
 * key or a tap meanwhile never reaches the record it shows (issue 44), and the field that had
 * focus lets go of it at once (an element made inert keeps focus in some engines).
 */
export function ScreenArea({ children }: { children: ReactNode }) {
  const moving = useMovingAway();
  const area = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (moving && focused instanceof HTMLElement && area.current?.contains(focused)) focused.blur();
  }, [moving]);
  return (
    <Box
      ref={area}
      inert={moving || undefined}
      aria-busy={moving || undefined}
      opacity={moving ? 0.6 : 1}
      transition={moving ? 'opacity 0.2s 0.15s' : undefined}
    >
      {children}
    </Box>
  );
}
