// The verification a customer copies from docs/webhooks.md (and from the console, which shows the
// contract's copy of the same text) runs as written, in Node and in Python, against signatures
// this server makes: a real one passes, a changed body, an old timestamp and another secret fail.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { webhookVerificationSnippets } from '@stratus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from './signature.ts';

const run = promisify(execFile);
const docsPath = path.resolve(import.meta.dirname, '../../../../../docs/webhooks.md');

/** The fenced code blocks of `language` in `markdown`, as written. */
function blocksOf(markdown: string, language: string): string[] {
  const fence = new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g');
  return [...markdown.matchAll(fence)].map(([, code = '']) => code);
}

const secret = 'whsec_' + 'k'.repeat(43);
const body = JSON.stringify({
  id: '8b1e0c1e-0000-4000-8000-000000000001',
  type: 'payment.credited',
  createdAt: '2026-11-29T08:00:00.000Z',
  data: { amountFen: '10000', note: '充值 ¥100' },
});

/** Cases the snippet answers: [body, header, secret] and what it must say. */
function cases() {
  const now = Math.floor(Date.now() / 1000);
  const header = signatureHeader(secret, body, now);
  return [
    { body, header, secret, expected: true },
    { body: body.replace('10000', '90000'), header, secret, expected: false },
    { body, header: signatureHeader(secret, body, now - 6 * 60), secret, expected: false },
    { body, header, secret: 'whsec_another', expected: false },
  ];
}

describe('the signature check of docs/webhooks.md', () => {
  let docs = '';
  let directory = '';
  beforeAll(async () => {
    docs = await readFile(docsPath, 'utf8');
    directory = await mkdtemp(path.join(os.tmpdir(), 'stratus-webhook-docs-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('is the text the console shows', () => {
    expect(blocksOf(docs, 'js')).toEqual([webhookVerificationSnippets.node]);
    expect(blocksOf(docs, 'python')).toEqual([webhookVerificationSnippets.python]);
  });

  it('runs in Node as written', async () => {
    const module = path.join(directory, 'verify.mjs');
    await writeFile(module, blocksOf(docs, 'js')[0]!);
    const runner = path.join(directory, 'run.mjs');
    await writeFile(
      runner,
      `import { verifyStratusSignature } from './verify.mjs';
const cases = JSON.parse(process.argv[2]);
console.log(JSON.stringify(cases.map((c) => verifyStratusSignature(c.body, c.header, c.secret))));
`,
    );
    const all = cases();
    const { stdout } = await run(process.execPath, [runner, JSON.stringify(all)]);
    expect(JSON.parse(stdout)).toEqual(all.map((one) => one.expected));
  });

  it('runs in Python as written', async () => {
    const script = path.join(directory, 'verify.py');
    await writeFile(
      script,
      `${blocksOf(docs, 'python')[0]!}
import json, sys
cases = json.loads(sys.argv[1])
print(json.dumps([verify_stratus_signature(c["body"].encode(), c["header"], c["secret"]) for c in cases]))
`,
    );
    const all = cases();
    const { stdout } = await run('python3', [script, JSON.stringify(all)]);
    expect(JSON.parse(stdout)).toEqual(all.map((one) => one.expected));
  });
});
