// React's recoverable errors: a render React threw away and drew again (a concurrent render that
// failed and was redone synchronously over the whole root, a hydration mismatch drawn afresh).
// Nothing shows on screen, but the work is done twice and a broken pattern hides behind it (issue
// 44: #520, caused by #467, at every start of a returning user). React's default reports only
// the production build's minified number; this reports it in words, with its causes and the
// component it happened in, to the console (where the developer tools, an error monitor and the
// browser tests read it). The browser tests fail on any message under RECOVERABLE_ERROR_PREFIX.
import type { ErrorInfo } from 'react';

export const RECOVERABLE_ERROR_PREFIX = 'React recovered from an error';

/** The error's message and each cause's after it, one line each. */
export function describeRecoverableError(error: unknown): string {
  const lines: string[] = [];
  for (let at: unknown = error, depth = 0; at !== undefined && depth < 5; depth++) {
    lines.push(at instanceof Error ? `${at.name}: ${at.message}` : String(at));
    at = at instanceof Error ? at.cause : undefined;
  }
  return lines.join('\n  caused by ');
}

/** `onRecoverableError` of the app's root (createRoot and hydrateRoot, src/main.tsx). */
export function reportRecoverableError(error: unknown, info: Pick<ErrorInfo, 'componentStack'>) {
  const where = info.componentStack ? `\n  in the components:${info.componentStack}` : '';
  console.error(`${RECOVERABLE_ERROR_PREFIX}: ${describeRecoverableError(error)}${where}`);
}
