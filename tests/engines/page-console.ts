// The page's console where the driver cannot read it (WebKitWebDriver: no log endpoint, no BiDi,
// and MiniBrowser under --automation writes none of it out): a page script records what the page
// writes to its console, its uncaught errors and unhandled rejections, as text, from the first
// script the driver runs in a document on; every script the driver runs afterwards hands back what
// was written since (so a reload loses only what came after the last one). A document's messages
// from before the driver's first script are not seen: the driver has no way to run one earlier.
import { RECOVERABLE_ERROR_PREFIX } from '../../src/app/recoverable-errors';

/** One message, as text: `level` is the console method, 'uncaught' or 'unhandled rejection'. */
export interface ConsoleLine {
  level: string;
  text: string;
  /** The page's address when it was written (the route is the hash). */
  at: string;
}

/**
 * Run in the page (the driver sends its source; kept self-contained): records the console once
 * per document, then hands back and forgets what was recorded since the last call.
 */
export function takePageConsole(): ConsoleLine[] {
  type Recorded = Window & { __chairsideConsole?: ConsoleLine[] };
  const page = window as Recorded;
  if (!page.__chairsideConsole) {
    const lines: ConsoleLine[] = [];
    page.__chairsideConsole = lines;
    const shown = (value: unknown): string => {
      if (typeof value === 'string') return value;
      if (value instanceof Error) return value.stack || `${value.name}: ${value.message}`;
      try {
        return JSON.stringify(value) ?? String(value);
      } catch {
        return String(value);
      }
    };
    // console.error('%s failed: %o', a, b) as the developer tools show it.
    const format = (args: unknown[]): string => {
      const [first, ...rest] = args;
      if (typeof first !== 'string' || !first.includes('%')) return args.map(shown).join(' ');
      const text = first.replace(/%[sdifoOc%]/g, (spec) => {
        if (spec === '%%') return '%';
        if (rest.length === 0) return spec;
        const value = rest.shift();
        return spec === '%c' ? '' : shown(value);
      });
      return [text, ...rest.map(shown)].join(' ');
    };
    const record = (level: string, text: string) =>
      lines.push({ level, text, at: location.pathname + location.hash });
    for (const level of ['error', 'warn', 'info', 'log', 'debug'] as const) {
      const original = console[level].bind(console);
      console[level] = (...args: unknown[]) => {
        record(level, format(args));
        original(...args);
      };
    }
    addEventListener('error', (event) =>
      record('uncaught', event.error instanceof Error ? shown(event.error) : event.message),
    );
    addEventListener('unhandledrejection', (event) =>
      record('unhandled rejection', shown(event.reason)),
    );
  }
  return page.__chairsideConsole.splice(0);
}

/** A device's console as it was written, for the log: one message a line, indented. */
export function consoleLog(device: string, lines: ConsoleLine[]): string {
  const indent = (text: string) => text.replace(/\n/g, '\n    ');
  return `${device}, the page's console:\n${lines
    .map((line) => `  ${line.level} at ${line.at || '/'}: ${indent(line.text)}`)
    .join('\n')}`;
}

/** React's recoverable errors among the lines (page-checks.ts's rule), each with its address. */
export function recoverableErrorsIn(lines: ConsoleLine[]): string[] {
  return lines
    .filter((line) => line.level === 'error' && line.text.startsWith(RECOVERABLE_ERROR_PREFIX))
    .map((line) => `${line.at}: ${line.text}`);
}
