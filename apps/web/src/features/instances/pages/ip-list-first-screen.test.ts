import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The IP list's first screen draws the tabs, the filters, the buttons, the table and its
// pagination. What only an action opens (dialogs, the drawer, the export menu, confirmations,
// the remark's editor, the allowlist tab) is fetched by a lazy `import()`; a static import of it
// would put it, and the stylesheets of its Ant Design components, back in the page's chunks.
const page = path.join(import.meta.dirname, 'ip-list-page.tsx');
const STATIC_IMPORT = /^import\s+(?!type\s)([^'";]*?)\s*from\s*'([^']+)'|^import\s+'([^']+)'/gm;

/** The page's modules reached by static imports, and the Ant Design components they import. */
function staticClosure(entry: string) {
  const files = new Set<string>();
  const antdComponents = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const [, clause = '', from, sideEffect] = match;
      const specifier = from ?? sideEffect!;
      if (specifier === 'antd')
        for (const name of clause.replace(/[{}]/g, '').split(','))
          if (name.trim() && !name.trim().startsWith('type ')) antdComponents.add(name.trim());
      if (specifier.startsWith('.') && /\.tsx?$/.test(specifier))
        visit(path.resolve(path.dirname(file), specifier));
    }
  };
  visit(entry);
  return {
    files: [...files].map((file) => path.relative(path.join(import.meta.dirname, '..'), file)),
    antdComponents,
  };
}

describe("the IP list's first screen", () => {
  const { files, antdComponents } = staticClosure(page);

  it('imports the table and its filters', () => {
    expect(files).toContain('components/use-instance-columns.tsx');
    expect(files).toContain('instance-filters.tsx');
    expect(files).toContain('../../shared/ui/filter-bar.tsx');
    expect(antdComponents).toContain('Table');
  });

  it('imports no dialog, drawer, menu, confirmation or editor until one is used', () => {
    for (const lazy of [
      'components/renew-modal.tsx',
      'components/instance-detail-drawer.tsx',
      'components/subscription-modal.tsx',
      'components/export-menu.tsx',
      'components/antd-popconfirm.ts',
      'components/remark-editor.tsx',
      '../access/components/allowlist-panel.tsx',
    ])
      expect(files).not.toContain(lazy);
    for (const component of [
      'Modal',
      'Drawer',
      'Dropdown',
      'Popconfirm',
      'Form',
      'Typography',
      'Descriptions',
      'Radio',
      'QRCode',
    ])
      expect(antdComponents).not.toContain(component);
  });
});
