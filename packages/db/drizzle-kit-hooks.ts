// npm keeps drizzle-orm inside this package while drizzle-kit is hoisted to the repository root,
// so drizzle-kit cannot find it from where it lives. This preload (see the `generate` script)
// resolves drizzle-kit's `drizzle-orm` imports and requires from this package instead.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const here = import.meta.url;
const requireHere = createRequire(here);
let resolvingHere = false;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const isDrizzleOrm = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
    if (!isDrizzleOrm || resolvingHere) return nextResolve(specifier, context);
    if (!context.conditions.includes('require')) {
      return nextResolve(specifier, { ...context, parentURL: here });
    }
    resolvingHere = true;
    try {
      return { url: pathToFileURL(requireHere.resolve(specifier)).href, shortCircuit: true };
    } finally {
      resolvingHere = false;
    }
  },
});
