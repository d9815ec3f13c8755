import murmur2 from '@emotion/hash';
import { describe, expect, it } from 'vitest';
import hash, { KEPT_CHARACTERS, rememberedCount } from './emotion-hash';

describe('emotion-hash (the remembered class-name hash)', () => {
  it("gives Emotion's own names, so class names and the prerendered page do not change", () => {
    for (const styles of ['', 'color:red;', 'display:flex;gap:var(--chakra-spacing-2);', 'é漢']) {
      expect(hash(styles)).toBe(murmur2(styles));
    }
  });

  it('answers a string it has seen from memory, a new string of the same text included', () => {
    const styles = `padding:${Math.random()};`;
    const before = rememberedCount();
    const first = hash(styles);
    expect(rememberedCount()).toBe(before + 1);
    // The same text built afresh, as a render builds it: found, not stored again.
    expect(hash(['padding:', styles.slice('padding:'.length)].join(''))).toBe(first);
    expect(rememberedCount()).toBe(before + 1);
  });

  it('starts afresh once it keeps too many characters, and still answers right', () => {
    const long = 'x'.repeat(KEPT_CHARACTERS / 4);
    for (let i = 0; i < 4; i++) hash(`${long}${i}`);
    // The fourth string would pass the limit: the memory was emptied before it was stored.
    expect(rememberedCount()).toBe(1);
    expect(hash(`${long}3`)).toBe(murmur2(`${long}3`));
    expect(hash(`${long}0`)).toBe(murmur2(`${long}0`));
    expect(rememberedCount()).toBe(2);
  });
});
