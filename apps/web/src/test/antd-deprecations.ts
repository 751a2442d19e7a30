import { afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * Fails each test of the file in which Ant Design warns that a prop is deprecated (it says so once
 * per message and module load, so the first test to render the component catches it). Other
 * console output still prints.
 */
export function failOnAntdDeprecations() {
  let warnings: string[] = [];
  let spy: { mockRestore: () => void } | undefined;
  beforeEach(() => {
    warnings = [];
    const original = console.error.bind(console);
    spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (/\[antd: [^\]]+\].*deprecated/.test(text)) warnings.push(text);
      original(...args);
    });
  });
  afterEach(() => {
    // A test file's own vi.restoreAllMocks() may have restored it already: harmless twice.
    spy?.mockRestore();
    expect(warnings).toEqual([]);
  });
}
