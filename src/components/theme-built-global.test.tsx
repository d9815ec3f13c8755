// Chakra's global styles as the build rendered them into index.html (theme.ts's
// builtGlobalStyles, build/plugins/chakra-global-from-build.ts): the element of the build's name,
// handed to Emotion already serialised, or nothing, and Chakra makes its own.
import { afterEach, describe, expect, it } from 'vitest';
import { builtGlobalStyles } from './theme';

// Only this file's own elements go after each test: the document is shared with the other files
// of the worker (isolate: false), whose Emotion style elements must stay where Emotion put them.
const added: HTMLStyleElement[] = [];
afterEach(() => added.splice(0).forEach((style) => style.remove()));

function styleElement(emotion: string, css: string) {
  const style = document.createElement('style');
  style.dataset.emotion = emotion;
  style.textContent = css;
  document.head.append(style);
  added.push(style);
  return style;
}

describe("the build's Chakra global styles", () => {
  it("are the page's global style element of the build's name, with its CSS", () => {
    styleElement('css-global layers1', '@layer reset, base, tokens, recipes;');
    styleElement('css-global abc123', ':where(:root,:host){--chakra-colors-gray-500:#71717a;}');
    styleElement('css 9xyz', '.css-9xyz{color:red;}');
    expect(builtGlobalStyles('abc123', document)).toEqual({
      name: 'abc123',
      styles: ':where(:root,:host){--chakra-colors-gray-500:#71717a;}',
    });
  });

  it('are none outside the build, on a page without them, or with no document', () => {
    const built = styleElement('css-global abc123', ':root{}');
    expect(builtGlobalStyles(null, document)).toBeNull();
    expect(builtGlobalStyles('other1', document)).toBeNull();
    expect(builtGlobalStyles('abc123', null)).toBeNull();
    // An element Emotion already took over (its name cleared) is not taken twice.
    built.dataset.emotion = 'css-global';
    expect(builtGlobalStyles('abc123', document)).toBeNull();
  });
});
