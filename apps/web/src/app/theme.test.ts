import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appTheme, CONSOLE_BACKGROUND, PRIMARY_COLOUR, STATUS_TEXT } from './theme.ts';

/** WCAG 2 relative luminance of an opaque `#rrggbb` colour. */
function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

const tokens = theme.getDesignToken(appTheme);
const AA_TEXT = 4.5;

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it.each([
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
  ] as const)('%s is a solid grey readable on white and on the console background', (name) => {
    const colour = tokens[name];
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(colour, CONSOLE_BACKGROUND)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps secondary text darker than tertiary text', () => {
    expect(luminance(tokens.colorTextSecondary)).toBeLessThan(luminance(tokens.colorTextTertiary));
  });

  it('writes white on the primary colour and on solid blue tags', () => {
    expect(contrast('#ffffff', PRIMARY_COLOUR)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast('#ffffff', tokens.blue6)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each([
    ['success', tokens.colorSuccessBg],
    ['warning', tokens.colorWarningBg],
    ['error', tokens.colorErrorBg],
  ] as const)('a %s tag is readable on its tint', (status, tint) => {
    expect(appTheme.components?.Tag).toMatchObject({
      [`color${status[0]!.toUpperCase()}${status.slice(1)}`]: STATUS_TEXT[status],
    });
    expect(contrast(STATUS_TEXT[status], tint)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

/** The declarations of one CSS rule, whitespace collapsed. */
function cssRule(file: string, selector: string): string {
  const css = readFileSync(path.resolve(process.cwd(), 'apps/web/src', file), 'utf8');
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`${file} has no ${selector} rule`);
  return css.slice(start, css.indexOf('}', start)).replace(/\s+/g, ' ');
}

// The console's frame sits in no Ant Design provider: its plain pieces draw what the theme says.
describe('the plain frame follows the theme', () => {
  it("writes the console's text as Ant Design's App did", () => {
    const shell = cssRule('app/console/console-layout.module.css', '.shell');
    expect(shell).toContain(`font-family: ${tokens.fontFamily.replace(/\s+/g, ' ')};`);
    expect(shell).toContain(`color: ${tokens.colorText.replace(/,\s*/g, ', ')};`);
    expect(shell).toContain(`font-size: ${tokens.fontSize}px;`);
    expect(shell).toContain(`line-height: ${tokens.lineHeight};`);
    expect(shell).toContain(`background: ${CONSOLE_BACKGROUND};`);
  });

  it('draws the loading spinner in the primary colour', () => {
    expect(cssRule('shared/ui/page-fallback.module.css', '.spinner')).toContain(
      `color: ${PRIMARY_COLOUR};`,
    );
  });
});
