// The messages of zh-CN the portal shows (its own, the shared words, validation and HTTP errors):
// all its first screen fetches. The domains here are PORTAL_DOMAINS of ./index.ts.
const files = import.meta.glob<Record<string, string>>(
  './zh-CN/{auth,common,http,nav,validation}.ts',
  { eager: true, import: 'default' },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, string>;
