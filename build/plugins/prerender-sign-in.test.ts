import { describe, expect, it, vi } from 'vitest';
import type { BuildTimeRenderer } from './build-time-renderer';
import { prerenderSignIn, signInPage } from './prerender-sign-in';
import { hook } from './testing/hooks';

/** index.html as the build writes it, before the sign-in page. */
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Chairside Service</title>
    <script type="module" crossorigin src="/app/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The sign-in page as React renders it with Emotion: styles beside what they style. */
const RENDERED =
  '<script>(function(){/* next-themes */})()</script>' +
  '<style data-emotion="css-global 1abc">body{margin:0}</style>' +
  '<main class="css-x1"><style data-emotion="css x1">.css-x1{display:flex}</style>' +
  '<form><input name="email"></form></main>';

describe('signInPage', () => {
  it("puts the page in #root, its styles in the head, and the entry's start in boot.js", () => {
    const page = signInPage(BUILT, RENDERED);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<style data-emotion="css-global 1abc">body{margin:0}</style>');
    expect(head).toContain('<style data-emotion="css x1">.css-x1{display:flex}</style>');
    expect(head).toContain('<link rel="expect" href="#prerendered-end" blocking="render">');
    // The entry is preloaded, not run: boot.js (beside the assets) starts it.
    expect(page).not.toContain('<script type="module"');
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/app/assets/index-abc123.js" data-app-entry>',
    );
    expect(page).toContain('<script src="/app/boot.js"></script>');
    expect(page).toContain(
      '<div id="root" data-prerendered><script type="text/plain">(function(){/* next-themes */})()' +
        '</script><main class="css-x1"><form><input name="email"></form></main></div>' +
        '<span id="prerendered-end" hidden></span>',
    );
  });

  it('refuses a page or an index.html that no longer reads as expected', () => {
    expect(() => signInPage(BUILT, RENDERED.replace('<script>', '<div>'))).toThrow(
      "expected next-themes' one inline script, found 0",
    );
    expect(() => signInPage(BUILT, `${RENDERED}<script>x()</script>`)).toThrow('found 2');
    expect(() => signInPage(BUILT, '<script></script><main></main>')).toThrow(
      "expected emotion's styles",
    );
    expect(() => signInPage(BUILT, `${RENDERED}<style>p{}</style>`)).toThrow(
      'and no other style in the markup',
    );
    expect(() => signInPage(BUILT.replace('<div id="root"></div>', ''), RENDERED)).toThrow(
      'no entry script or no empty #root',
    );
    expect(() => signInPage(BUILT.replace('</head>', ''), RENDERED)).toThrow('no </head>');
  });
});

describe('prerenderSignIn', () => {
  /** A renderer whose src/prerender.tsx renders `render()`. */
  function renderer(render: () => Promise<string>) {
    const ssrLoadModule = vi.fn(async () => ({ renderSignIn: render }));
    const close = vi.fn(async () => undefined);
    const fake: BuildTimeRenderer = { get: async () => ({ ssrLoadModule }) as never, close };
    return { fake, ssrLoadModule, close };
  }

  it("renders src/prerender.tsx's sign-in page into index.html in a build, then closes the renderer", async () => {
    const { fake, ssrLoadModule, close } = renderer(async () => RENDERED);
    const plugin = prerenderSignIn(fake);
    expect(plugin.apply).toBe('build');
    const page = await hook(plugin, 'transformIndexHtml').call({} as never, BUILT, {} as never);
    expect(ssrLoadModule).toHaveBeenCalledWith('/src/prerender.tsx');
    expect(page).toBe(signInPage(BUILT, RENDERED));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('closes the renderer when the render fails, and when the bundle closes', async () => {
    const { fake, close } = renderer(async () => {
      throw new Error('render failed');
    });
    const plugin = prerenderSignIn(fake);
    await expect(
      hook(plugin, 'transformIndexHtml').call({} as never, BUILT, {} as never),
    ).rejects.toThrow('render failed');
    expect(close).toHaveBeenCalledTimes(1);
    await hook(plugin, 'closeBundle').call({} as never);
    expect(close).toHaveBeenCalledTimes(2);
  });
});
