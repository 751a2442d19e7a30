import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prefixesCalledIn, splitSelectorList, splitStylesheet } from './antd-stylesheet.ts';

const known = new Set(['ant-btn', 'ant-table', 'ant-pagination', 'ant-input', 'ant-input-number']);

describe('splitStylesheet', () => {
  it('gives each rule to the family of its first class: the shortest prefix that fits', () => {
    const sheets = splitStylesheet(
      '.ant-btn{color:red}.ant-input-number-input{width:1px}.ant-input{width:2px}' +
        '.ant-table-wrapper .ant-pagination{margin:0}',
      known,
    );
    expect(sheets.get('ant-btn')).toBe('.ant-btn{color:red}');
    expect(sheets.get('ant-input')).toBe('.ant-input-number-input{width:1px}.ant-input{width:2px}');
    expect(sheets.has('ant-input-number')).toBe(false);
    expect(sheets.get('ant-table')).toBe('.ant-table-wrapper .ant-pagination{margin:0}');
    expect(sheets.has('ant-pagination')).toBe(false);
  });

  it('splits selector lists and conditional groups between components', () => {
    const sheets = splitStylesheet(
      '@media (max-width:575px){.ant-btn,.ant-table{gap:1px}.ant-btn-sm{gap:2px}}',
      known,
    );
    expect(sheets.get('ant-btn')).toBe(
      '@media (max-width:575px){.ant-btn{gap:1px}.ant-btn-sm{gap:2px}}',
    );
    expect(sheets.get('ant-table')).toBe('@media (max-width:575px){.ant-table{gap:1px}}');
  });

  it('keeps keyframes, icons and motion classes apart and drops the run-time hints', () => {
    const sheets = splitStylesheet(
      '@keyframes spin{to{transform:rotate(1turn)}}.anticon{display:inline-flex}' +
        '.ant-zoom-big-enter{opacity:0}.css-var-_R_0_.ant-btn{--ant-btn-x:1px}' +
        '.data-ant-cssinjs-cache-path{content:"a|b"}.ant-btn::after{content:"{"}',
      known,
    );
    expect(sheets.get('')).toBe(
      '@keyframes spin{to{transform:rotate(1turn)}}.anticon{display:inline-flex}' +
        '.ant-zoom-big-enter{opacity:0}',
    );
    expect(sheets.get('ant-btn')).toBe('.ant-btn::after{content:"{"}');
  });

  it('splits all of the stylesheet Ant Design ships, losing no declaration', () => {
    const antd = createRequire(import.meta.url).resolve('antd/dist/antd.css');
    const css = readFileSync(antd, 'utf8');
    const sheets = splitStylesheet(css, new Set(['ant-btn', 'ant-table', 'ant-select']));
    expect(sheets.get('ant-btn')).toContain('.ant-btn{');
    expect(sheets.get('ant-table')).toContain('.ant-table-wrapper');
    const declarations = (text: string) => text.match(/[;{]--?[a-z-]+:/g)?.length ?? 0;
    const parts = [...sheets.values()].reduce((sum, part) => sum + declarations(part), 0);
    const dropped = (css.match(/\.css-var-[^{]*\{[^}]*\}/g) ?? []).join('');
    expect(parts).toBeGreaterThanOrEqual(declarations(css) - declarations(dropped) - 1);
  });
});

describe('splitSelectorList', () => {
  it('splits at top-level commas only', () => {
    expect(splitSelectorList('.a:not(.b,.c), .d[title="x,y"] ,.e')).toEqual([
      '.a:not(.b,.c)',
      '.d[title="x,y"]',
      '.e',
    ]);
  });
});

describe('prefixesCalledIn', () => {
  it('finds the component prefixes a module asks for', () => {
    const code =
      "const a = getPrefixCls('table', p); const b = getPrefixCls( 'btn');getPrefixCls(x)";
    expect([...prefixesCalledIn(code)]).toEqual(['table', 'btn']);
  });
});
