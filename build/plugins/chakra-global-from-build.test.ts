import { readFileSync } from 'node:fs';
import { css } from '@emotion/react';
import { describe, expect, it } from 'vitest';
import type { BuildTimeRenderer } from './build-time-renderer';
import {
  CHAKRA_GLOBAL_NAME,
  chakraGlobalFromBuild,
  lazyGlobalStyles,
} from './chakra-global-from-build';
import { fails, hook } from './testing/hooks';

const SYSTEM_JS = 'node_modules/@chakra-ui/react/dist/esm/styled-system/system.js';
const GLOBAL = { body: { margin: 0, fontFamily: 'var(--chakra-fonts-body)' } };

/** A renderer whose app modules give an appSystem with `GLOBAL` as its global styles. */
function fakeRenderer(): BuildTimeRenderer {
  const server = { ssrLoadModule: async () => ({ appSystem: () => ({ _global: GLOBAL }) }) };
  return { get: async () => server as never, close: async () => undefined };
}

function pluginIn(command: 'build' | 'serve', renderer: BuildTimeRenderer | null) {
  const plugin = chakraGlobalFromBuild(renderer);
  hook(plugin, 'configResolved').call(undefined as never, { command } as never);
  return plugin;
}

const load = (plugin: ReturnType<typeof pluginIn>) =>
  hook(plugin, 'load').call({ error: fails } as never, `\0${CHAKRA_GLOBAL_NAME}`);

describe('chakraGlobalFromBuild', () => {
  it('serves virtual:chakra-global-name, and nothing else', () => {
    const resolve = hook(pluginIn('build', null), 'resolveId');
    expect(resolve.call({} as never, CHAKRA_GLOBAL_NAME, undefined, {} as never)).toBe(
      `\0${CHAKRA_GLOBAL_NAME}`,
    );
    expect(resolve.call({} as never, '@chakra-ui/react', undefined, {} as never)).toBeNull();
  });

  it('names no styles outside the build, so Chakra makes them as usual', async () => {
    expect(await load(pluginIn('serve', fakeRenderer()))).toBe('export default null;');
    // The build-time renderer's own modules (no renderer of their own).
    expect(await load(pluginIn('build', null))).toBe('export default null;');
  });

  it("names the styles as Emotion names appSystem's global styles, and holds the page to it", async () => {
    const plugin = pluginIn('build', fakeRenderer());
    const { name } = css(GLOBAL);
    expect(await load(plugin)).toBe(`export default ${JSON.stringify(name)};`);
    const checkPage = hook(plugin, 'transformIndexHtml');
    const page = `<style data-emotion="css-global ${name}">body{margin:0}</style>`;
    expect(() => checkPage.call({} as never, page, {} as never)).not.toThrow();
    expect(() =>
      checkPage.call({} as never, '<style data-emotion="css-global x"></style>', {} as never),
    ).toThrow(`index.html has no Chakra global styles named ${name}`);
  });

  it("makes Chakra's global styles when they are first read, once, in the build only", () => {
    const plugin = pluginIn('build', null);
    const transform = (code: string, id: string) =>
      hook(plugin, 'transform').call({ error: fails } as never, code, id);
    const system = readFileSync(SYSTEM_JS, 'utf8');
    const lazy = transform(system, `/app/${SYSTEM_JS}`) as string;
    expect(lazy).toContain('get _global()');
    expect(lazy).not.toContain('const _global = [');
    expect(transform(system, '/app/src/components/theme.ts')).toBeNull();
    expect(
      hook(pluginIn('serve', null), 'transform').call({} as never, system, `/app/${SYSTEM_JS}`),
    ).toBeNull();
    expect(() => transform('export const system = {};', `/app/${SYSTEM_JS}`)).toThrow(
      "Chakra's createSystem no longer makes _global as expected",
    );
  });

  it('keeps what the system returns: the same styles, made on the first read, and settable', () => {
    const made: string[] = [];
    const source = lazyGlobalStyles(
      'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n' +
        '  return {\n    _global,\n    tokens: 1,\n  };',
    );
    const createSystem = new Function('getPreflightCss', 'getGlobalCss', 'getTokenCss', source) as (
      ...parts: (() => string)[]
    ) => { _global: string[] };
    const system = createSystem(
      ...['preflight', 'global', 'tokens'].map((part) => () => (made.push(part), part)),
    );
    expect(made).toEqual([]);
    expect(system._global).toEqual(['preflight', 'global', 'tokens']);
    expect(system._global).toBe(system._global);
    expect(made).toEqual(['preflight', 'global', 'tokens']);
    system._global = ['replaced'];
    expect(system._global).toEqual(['replaced']);
  });
});
