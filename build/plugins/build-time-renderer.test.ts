import { describe, expect, it, vi } from 'vitest';
import { buildTimeRenderer } from './build-time-renderer';

describe('buildTimeRenderer', () => {
  it("opens one server at its first use, runs the app's modules in Node, and closes it", async () => {
    const plugins = vi.fn(() => []);
    const renderer = buildTimeRenderer(plugins);
    expect(plugins).not.toHaveBeenCalled();
    const server = await renderer.get();
    expect(await renderer.get()).toBe(server);
    expect(plugins).toHaveBeenCalledTimes(1);
    const { paths } = (await server.ssrLoadModule('/src/domain/paths.ts')) as {
      paths: { login: string };
    };
    expect(paths.login).toBe('/login');

    const close = vi.spyOn(server, 'close');
    await renderer.close();
    expect(close).toHaveBeenCalledTimes(1);
    // Closed twice (the sign-in page rendered, then the bundle closed): nothing more to close.
    await renderer.close();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('opens a new server when asked again after closing', async () => {
    const renderer = buildTimeRenderer(() => []);
    const first = await renderer.get();
    await renderer.close();
    const second = await renderer.get();
    expect(second).not.toBe(first);
    await renderer.close();
  });
});
