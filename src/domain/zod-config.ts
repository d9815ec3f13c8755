/**
 * Zod without its JIT: the server's Content-Security-Policy allows no eval, and zod's probe for
 * `new Function` is reported as a violation even though zod catches it. Zod probes when
 * the first object schema is built, so every module that builds schemas at load imports this
 * before zod's schemas are made (chunking may evaluate a schema chunk before the entry's body).
 */
import { config } from 'zod';

config({ jitless: true });
