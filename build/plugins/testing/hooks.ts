// The plugins' tests call a hook as Vite would, with a context of the test's making: `hook`
// takes the handler out of a hook given as a function or as { order, handler }.
import type { Plugin } from 'vite';

type Handler<H> = H extends { handler: infer F } ? F : H;
type HookFunction<K extends keyof Plugin> = Extract<
  Handler<NonNullable<Plugin[K]>>,
  (...args: never[]) => unknown
>;

/** The handler of `plugin`'s hook `name`; throws when it has none. */
export function hook<K extends keyof Plugin>(plugin: Plugin, name: K): HookFunction<K> {
  const value: unknown = plugin[name];
  const handler =
    typeof value === 'object' && value !== null && 'handler' in value ? value.handler : value;
  if (typeof handler !== 'function') throw new Error(`${plugin.name} has no ${name} hook`);
  return handler as HookFunction<K>;
}

/** A plugin context's error(): throws the message, as Vite's does. */
export function fails(message: unknown): never {
  throw new Error(String(message));
}
