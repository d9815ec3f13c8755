// Chakra's global styles as the build rendered them into index.html (theme.ts's
// builtGlobalStyles, vite.config.ts's chakraGlobalFromBuild): the element of the build's name,
// handed to Emotion already serialised, or nothing, and Chakra makes its own.
import { afterEach, describe, expect, it } from 'vitest';
import { builtGlobalStyles } from './theme';

afterEach(() => document.head.replaceChildren());

function styleElement(emotion: string, css: string) {
  const style = document.createElement('style');
  style.dataset.emotion = emotion;
  style.textContent = css;
  document.head.append(style);
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
    styleElement('css-global abc123', ':root{}');
    expect(builtGlobalStyles(null, document)).toBeNull();
    expect(builtGlobalStyles('other1', document)).toBeNull();
    expect(builtGlobalStyles('abc123', null)).toBeNull();
    // An element Emotion already took over (its name cleared) is not taken twice.
    document.head.querySelector('style')!.dataset.emotion = 'css-global';
    expect(builtGlobalStyles('abc123', document)).toBeNull();
  });
});
