/**
 * The sign-in page, rendered by the build (src/prerender.tsx: the app's own tree at /login, with
 * React's static prerender) into index.html with its styles, so a first visit paints it before
 * any JavaScript has loaded, let alone run. The entry is preloaded instead of run: public/boot.js
 * starts it at once for a stored session or another screen (hiding the build's page), and on the
 * sign-in page at the visitor's first touch, key or focus; the app then hydrates the page as it is
 * (src/main.tsx).
 *
 * Without it: index.html's #root is empty until the entry (React, Chakra, the router: the largest
 * script) has loaded and run, and the first paint waits for it (Lighthouse's first contentful
 * paint on a phone). The build fails if the page or index.html no longer read as expected.
 */
import type { Plugin } from 'vite';
import type { BuildTimeRenderer } from './build-time-renderer';

/** index.html with the rendered sign-in page (`markup`) in its #root and its styles in its head. */
export function signInPage(html: string, rendered: string): string {
  // next-themes' inline script would be refused by the CSP (script-src 'self'): boot.js sets the
  // colour mode before the first paint instead, and this one stays inert.
  const inline = rendered.split('<script>').length - 1;
  if (inline !== 1)
    throw new Error(`prerender: expected next-themes' one inline script, found ${inline}`);
  let markup = rendered.replace('<script>', '<script type="text/plain">');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry || !html.includes('<div id="root"></div>')) {
    throw new Error('prerender: index.html has no entry script or no empty #root');
  }
  const base = entry[1]!.slice(0, entry[1]!.indexOf('assets/'));
  // Emotion renders each style beside the element it styles: 68 KB of CSS through the body, which
  // Chromium painted part by part as it parsed it (the card, centred, moving up as its form came
  // in: a layout shift of 0.09-0.16 on a phone). In the head, the body's markup is painted whole.
  // The app's emotion cache moves server-rendered styles into the head anyway before it hydrates
  // (and reads them from anywhere in the document).
  const styles: string[] = [];
  markup = markup.replace(/<style data-emotion="[^"]*">[\s\S]*?<\/style>/g, (style) => {
    styles.push(style);
    return '';
  });
  if (styles.length === 0 || markup.includes('<style'))
    throw new Error("prerender: expected emotion's styles, and no other style in the markup");
  if (!html.includes('</head>')) throw new Error('prerender: index.html has no </head>');
  // And the first paint waits for the page's last element (a render-blocking `expect` link): a
  // page painted before its form has been parsed still moves when the form comes.
  return html
    .replace(
      '</head>',
      `    ${styles.join('\n    ')}\n` +
        `    <link rel="expect" href="#prerendered-end" blocking="render">\n  </head>`,
    )
    .replace(
      entry[0],
      `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>\n` +
        `    <style>html[data-boot='app'] #root[data-prerendered] { display: none; }</style>\n` +
        `    <script src="${base}boot.js"></script>`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered>${markup}</div><span id="prerendered-end" hidden></span>`,
    );
}

export function prerenderSignIn(renderer: BuildTimeRenderer): Plugin {
  return {
    name: 'chairside-prerender-sign-in',
    apply: 'build',
    closeBundle: () => renderer.close(),
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        let markup: string;
        try {
          const server = await renderer.get();
          const { renderSignIn } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
            renderSignIn: () => Promise<string>;
          };
          markup = await renderSignIn();
        } finally {
          await renderer.close();
        }
        return signInPage(html, markup);
      },
    },
  };
}
