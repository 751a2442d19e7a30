// The terminal speaks English, naming a console place by its English name with the console's
// Chinese name in brackets: "Change password (修改密码)". "Sign in and change it under 修改密码"
// mixed the two languages in one sentence (issue 31). Both names must be the console's own, so
// an operator finds the place in either language.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../apps/web/src/locales/index.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** What prints to an operator's terminal: the admin CLI, the server's start, `npm start`. */
async function terminalSources(): Promise<string[]> {
  const cli = (await readdir(path.join(repoRoot, 'apps/server/src/cli')))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `apps/server/src/cli/${name}`);
  // scripts/bench seeds catalog data with Chinese names: data, not sentences.
  const scripts = (await readdir(path.join(repoRoot, 'scripts')))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `scripts/${name}`);
  return [...cli, 'apps/server/src/server.ts', ...scripts];
}

/** Every English name the console gives the place each Chinese name names. */
function englishNamesOf(chinese: string): string[] {
  const zh = messages['zh-CN'] as Record<string, string>;
  const en = messages['en-US'] as Record<string, string>;
  return Object.keys(zh)
    .filter((key) => zh[key] === chinese)
    .map((key) => en[key]!);
}

const CHINESE = /[\u3400-\u9fff]/;

/**
 * Where Chinese appears on a line and is not "<English name> (<its Chinese name>)" from the
 * console's catalogue, nor an example value in a usage placeholder (`--city-zh <东京>`).
 */
function misplacedChinese(line: string): string[] {
  const problems: string[] = [];
  for (const match of line.matchAll(/[\u3400-\u9fff][\u3400-\u9fff\w ]*/g)) {
    const start = match.index;
    const end = start + match[0].trimEnd().length;
    const chinese = line.slice(start, end);
    if (line[start - 1] === '<' && line[end] === '>') continue;
    const before = line.slice(0, start - 1).trimEnd();
    const named =
      line[start - 1] === '(' &&
      line[end] === ')' &&
      englishNamesOf(chinese).some((english) => before.endsWith(english));
    if (!named) problems.push(chinese);
  }
  return problems;
}

describe('what the terminal prints', () => {
  it('recognises a console place named in English with its Chinese name in brackets', () => {
    expect(misplacedChinese("'Sign in and change it under Change password (修改密码).'")).toEqual(
      [],
    );
    expect(misplacedChinese("'Sign in and change it under 修改密码.'")).toEqual(['修改密码']);
    expect(misplacedChinese("'under Staff (修改密码).'")).toEqual(['修改密码']);
    expect(misplacedChinese('--city-zh <东京> --city-en <Tokyo>')).toEqual([]);
  });

  it('names console places in English with the console’s Chinese name in brackets', async () => {
    const found: string[] = [];
    for (const file of await terminalSources()) {
      const lines = (await readFile(path.join(repoRoot, file), 'utf8')).split('\n');
      lines.forEach((line, index) => {
        // Comments are for the reader of the code, not the operator.
        if (/^\s*(\/\/|\*|\/\*)/.test(line) || !CHINESE.test(line)) return;
        for (const chinese of misplacedChinese(line)) found.push(`${file}:${index + 1} ${chinese}`);
      });
    }
    expect(found).toEqual([]);
  });
});
