import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from './persistent-storage';

describe('requestPersistentStorage', () => {
  it('asks for persistence when not yet granted', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    const result = await requestPersistentStorage({
      persist,
      persisted: vi.fn().mockResolvedValue(false),
    });
    expect(result).toBe('persisted');
    expect(persist).toHaveBeenCalledOnce();
  });
  it('does not ask again once granted', async () => {
    const persist = vi.fn();
    expect(
      await requestPersistentStorage({ persist, persisted: vi.fn().mockResolvedValue(true) }),
    ).toBe('persisted');
    expect(persist).not.toHaveBeenCalled();
  });
  it('reports a refusal', async () => {
    const result = await requestPersistentStorage({
      persist: vi.fn().mockResolvedValue(false),
      persisted: vi.fn().mockResolvedValue(false),
    });
    expect(result).toBe('denied');
  });
  it('copes with browsers without the Storage API', async () => {
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
  });
});
