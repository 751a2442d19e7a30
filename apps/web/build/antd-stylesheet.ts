// Ant Design's styles as static CSS made at build time, so that its components generate none in
// the page (`theme.zeroRuntime`, app/providers.tsx). Ant Design ships every component's rules in
// `antd/dist/antd.css` (about 1 MB); the build splits it by component and hands each part to the
// Ant Design modules that draw that component (antdStylesheets below).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A class name's component prefix: `getPrefixCls('table')` makes `ant-table`, `ant-table-row`…. */
const PREFIX_CALL = /getPrefixCls\(\s*'([a-z][a-z-]*)'/g;
const ANT_CLASS = /\.(ant-[a-z][a-z0-9-]*)/g;

export function prefixesCalledIn(code: string): Set<string> {
  return new Set(Array.from(code.matchAll(PREFIX_CALL), (match) => match[1]!));
}

/**
 * The family a class belongs to: the shortest component prefix it starts with. `ant-input-group-addon`
 * and `ant-input-number` are `ant-input`'s: a module drawing one may build the others' classes
 * from its own prefix (`${prefixCls}-group-addon`), so a family's rules travel together.
 */
function familyOf(className: string, known: ReadonlySet<string>): string | undefined {
  for (let end = className.indexOf('-', 4); ; end = className.indexOf('-', end + 1)) {
    const candidate = end < 0 ? className : className.slice(0, end);
    if (known.has(candidate)) return candidate;
    if (end < 0) return undefined;
  }
}

/** The index just past the block that opens at `open` (a `{`), strings respected. */
function endOfBlock(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length; index += 1) {
    const char = css[index];
    if (char === '"' || char === "'") {
      index = css.indexOf(char, index + 1);
      if (index < 0) break;
    } else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  throw new Error(`Unbalanced braces in Ant Design's stylesheet at ${open}`);
}

/** A selector list split at its top-level commas (not those inside `:not(…)` or strings). */
export function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index];
    if (char === '"' || char === "'") index = list.indexOf(char, index + 1);
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts;
}

/** The family a selector styles: that of the first of its classes that has one ('' if none:
 * icons, motion classes such as `ant-zoom-big-enter`). */
function ownerOfSelector(selector: string, known: ReadonlySet<string>): string {
  for (const match of selector.matchAll(ANT_CLASS)) {
    const owner = familyOf(match[1]!, known);
    if (owner !== undefined) return owner;
  }
  return '';
}

type Sheets = Map<string, string>;

function append(sheets: Sheets, owner: string, css: string) {
  sheets.set(owner, (sheets.get(owner) ?? '') + css);
}

/**
 * Splits `css` by the component each rule styles (see ownerOfSelector); conditional groups
 * (`@media`, `@supports`, `@container`) are split inside, keyframes go with the rules of no
 * component. Order within each part is the stylesheet's.
 */
export function splitStylesheet(css: string, known: ReadonlySet<string>): Sheets {
  const sheets: Sheets = new Map();
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    if (open < 0) break;
    const prelude = css.slice(index, open).trim();
    const end = endOfBlock(css, open);
    const body = css.slice(open + 1, end - 1);
    index = end;
    if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      for (const [owner, inner] of splitStylesheet(body, known))
        append(sheets, owner, `${prelude}{${inner}}`);
    } else if (prelude.startsWith('@')) {
      append(sheets, '', `${prelude}{${body}}`);
    } else if (
      // The server-rendering hint of the run-time styles, and the default component tokens under
      // the extraction's own variable scope: the page sets its tokens at run time (`.css-var-root`).
      prelude !== '.data-ant-cssinjs-cache-path' &&
      !prelude.startsWith('.css-var-')
    ) {
      const byOwner = new Map<string, string[]>();
      for (const selector of splitSelectorList(prelude)) {
        const owner = ownerOfSelector(selector, known);
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), selector]);
      }
      for (const [owner, selectors] of byOwner)
        append(sheets, owner, `${selectors.join(',')}{${body}}`);
    }
  }
  return sheets;
}

/** Every component prefix Ant Design asks for (`ant-table`, `ant-btn`, …). */
function knownPrefixes(esRoot: string): Set<string> {
  const known = new Set<string>();
  for (const entry of readdirSync(esRoot, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.js'))
      for (const prefix of prefixesCalledIn(
        readFileSync(path.join(entry.parentPath, entry.name), 'utf8'),
      ))
        known.add(`ant-${prefix}`);
  return known;
}

const VIRTUAL_PREFIX = 'virtual:antd-css/';
/** The rules of no component (icons, motions, keyframes): app/providers.tsx imports them. */
export const ANTD_BASE_STYLESHEET = `${VIRTUAL_PREFIX}base.css`;

/**
 * Ant Design's styles as static CSS in production builds: `antd/dist/antd.css` split by
 * component, each part imported by the Ant Design modules that draw that component, so Vite puts
 * a component's rules in the CSS of the chunk that holds its code and a page loads the rules of
 * the components it can render, with its scripts. Development and tests keep the run-time styles
 * (app/providers.tsx turns `zeroRuntime` on in production only).
 */
export function antdStylesheets(): Plugin {
  const antdRoot = path.dirname(createRequire(import.meta.url).resolve('antd/package.json'));
  const esRoot = path.join(antdRoot, 'es');
  let known: Set<string> | undefined;
  let sheets: Sheets | undefined;
  const knownOnce = () => (known ??= knownPrefixes(esRoot));
  const sheetsOnce = () =>
    (sheets ??= splitStylesheet(
      readFileSync(path.join(antdRoot, 'dist/antd.css'), 'utf8'),
      knownOnce(),
    ));
  return {
    name: 'stratus:antd-stylesheets',
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return undefined;
      const owner = id.slice(VIRTUAL_PREFIX.length + 1, -'.css'.length);
      return sheetsOnce().get(owner === 'base' ? '' : owner) ?? '';
    },
    transform: {
      order: 'pre',
      handler(code, id) {
        if (this.environment.config.command !== 'build' || !id.startsWith(esRoot)) return undefined;
        const known = knownOnce();
        const owners = [
          ...new Set([...prefixesCalledIn(code)].map((prefix) => familyOf(`ant-${prefix}`, known))),
        ].filter((owner) => owner !== undefined && sheetsOnce().has(owner));
        if (owners.length === 0) return undefined;
        const imports = owners.map((owner) => `import '${VIRTUAL_PREFIX}${owner}.css';`).join('');
        // One line, so the module's source map stays right below it.
        return { code: `${imports}${code}`, map: null };
      },
    },
  };
}
