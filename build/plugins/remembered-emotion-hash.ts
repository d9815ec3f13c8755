/**
 * Emotion's class-name hash, remembered (src/utils/emotion-hash.ts): every import of '@emotion/hash'
 * but that module's own is routed to it. The same hash function, so the same class names.
 *
 * Why: Chakra serialises an element's styles on every render and Emotion hashes the whole string
 * each time; a returning user's home spent 76 of 671 ms of its start hashing the same strings.
 *
 * Without it: the app still works, at that cost; and if Emotion's serialiser stops reaching the
 * hash by that import (a new Emotion), the memo silently stops working, so the build fails then.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const REMEMBERED_HASH = fileURLToPath(
  new URL('../../src/utils/emotion-hash.ts', import.meta.url),
);

export function rememberedEmotionHash(remembered = REMEMBERED_HASH): Plugin {
  return {
    name: 'chairside-remembered-emotion-hash',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@emotion/hash' || !importer || importer === remembered) return null;
      return remembered;
    },
    // Fails the build when Emotion's serialiser no longer reaches the hash by that import.
    generateBundle() {
      const serialize = [...this.getModuleIds()].find((id) =>
        /@emotion[\\/]serialize[\\/]/.test(id),
      );
      if (serialize && !this.getModuleInfo(serialize)?.importedIds.includes(remembered)) {
        this.error(
          `${serialize} does not import src/utils/emotion-hash.ts: Emotion's hash is not remembered`,
        );
      }
    },
  };
}
