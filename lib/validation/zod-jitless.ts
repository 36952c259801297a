/**
 * zod 4 keeps its global settings on this globalThis key (every copy of zod shares it) and reads `jitless` when a
 * schema is built. Setting it here instead of through `z.config` keeps zod out of the browser's first-load script.
 */
const ZOD_CONFIG_KEY = "__zod_globalConfig";

/** Parse without the `new Function` JIT, and without the eval probe a strict CSP reports as a violation. */
export function makeZodJitless(target: object = globalThis): void {
  const holder = target as Record<string, unknown>;
  const existing = holder[ZOD_CONFIG_KEY];
  const config = (typeof existing === "object" && existing !== null ? existing : (holder[ZOD_CONFIG_KEY] = {})) as {
    jitless?: boolean;
  };
  config.jitless = true;
}
