// Emotion's class-name hash (@emotion/hash: MurmurHash2 written in JavaScript), remembered per
// style string. Chakra serialises an element's styles on every render and Emotion hashes the whole
// string each time; the same strings come back for every card of a list, every row of a table and
// every re-render. A returning user's home spent more of its start hashing them (76 of 671 ms on
// the main thread, profiled) than React spent rendering; a Map finds a string it has seen with the
// engine's own string hash instead. The build routes @emotion/serialize's import here
// (build/plugins/remembered-emotion-hash.ts), so the class names, and so the build's prerendered
// page, are unchanged.
import murmur2 from '@emotion/hash';

/** How many characters of style strings are kept before the memory starts afresh (about 2 MB). */
export const KEPT_CHARACTERS = 1 << 20;

const names = new Map<string, string>();
let kept = 0;

export default function hash(styles: string): string {
  let name = names.get(styles);
  if (name === undefined) {
    name = murmur2(styles);
    if (kept + styles.length > KEPT_CHARACTERS) {
      names.clear();
      kept = 0;
    }
    names.set(styles, name);
    kept += styles.length;
  }
  return name;
}

/** How many strings are remembered now (for the tests). */
export function rememberedCount(): number {
  return names.size;
}
