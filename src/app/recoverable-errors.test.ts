import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECOVERABLE_ERROR_PREFIX, reportRecoverableError } from './recoverable-errors';

afterEach(() => vi.restoreAllMocks());

describe('reportRecoverableError', () => {
  it('says in the console what React recovered from, its cause and where, under the prefix the browser tests look for', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cause = new Error('Update hook called on initial render.');
    reportRecoverableError(new Error('Minified React error #520', { cause }), {
      componentStack: '\n    at LoadedToaster\n    at AppToaster',
    });
    expect(logged).toHaveBeenCalledTimes(1);
    const [line] = logged.mock.calls[0] as [string];
    expect(line.startsWith(`${RECOVERABLE_ERROR_PREFIX}: Error: Minified React error #520`)).toBe(
      true,
    );
    expect(line).toContain('caused by Error: Update hook called on initial render.');
    expect(line).toContain('at LoadedToaster');
  });

  it('reports a thrown value that is not an Error as text', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportRecoverableError('hydration mismatch', {});
    expect(logged).toHaveBeenCalledWith(`${RECOVERABLE_ERROR_PREFIX}: hydration mismatch`);
  });
});
