import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_HASH, rememberedEmotionHash } from './remembered-emotion-hash';
import { fails, hook } from './testing/hooks';

const SERIALIZE = '/app/node_modules/@emotion/serialize/dist/emotion-serialize.esm.js';

/** generateBundle over a module graph: each module and the ids it imports. */
function generateWith(modules: Record<string, string[]>) {
  const plugin = rememberedEmotionHash();
  const context = {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => ({ importedIds: modules[id] ?? [] }),
    error: fails,
  };
  return () => hook(plugin, 'generateBundle').call(context as never, {} as never, {}, false);
}

describe('rememberedEmotionHash', () => {
  it("routes every import of '@emotion/hash' to src/utils/emotion-hash.ts but that module's own", () => {
    expect(existsSync(REMEMBERED_HASH)).toBe(true);
    expect(REMEMBERED_HASH).toMatch(/src[\\/]utils[\\/]emotion-hash\.ts$/);
    const resolve = hook(rememberedEmotionHash(), 'resolveId');
    const resolved = (source: string, importer?: string) =>
      resolve.call({} as never, source, importer, {} as never);
    expect(resolved('@emotion/hash', SERIALIZE)).toBe(REMEMBERED_HASH);
    // The remembered module itself reaches the real hash; other imports are left to Vite.
    expect(resolved('@emotion/hash', REMEMBERED_HASH)).toBeNull();
    expect(resolved('@emotion/hash')).toBeNull();
    expect(resolved('@emotion/react', SERIALIZE)).toBeNull();
  });

  it("fails the build when Emotion's serialiser no longer imports the remembered hash", () => {
    expect(generateWith({ [SERIALIZE]: [REMEMBERED_HASH], [REMEMBERED_HASH]: [] })).not.toThrow();
    expect(
      generateWith({ [SERIALIZE]: ['/app/node_modules/@emotion/hash/dist/index.js'] }),
    ).toThrow("does not import src/utils/emotion-hash.ts: Emotion's hash is not remembered");
    // A bundle without Emotion (the service worker's) has nothing to check.
    expect(generateWith({ '/app/src/sw.ts': [] })).not.toThrow();
  });
});
