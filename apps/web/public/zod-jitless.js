/*
 * Zod builds fast object parsers with `new Function` and probes for that ability as soon as the
 * contract's schemas are created; under the `script-src 'self'` policy that probe alone is
 * reported as a violation. Zod reads its settings (what `z.config()` writes) from this global, so
 * it must say `jitless` before any bundle chunk loads zod: a classic script runs before the
 * deferred module scripts, whatever order the bundler gives the chunks.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
