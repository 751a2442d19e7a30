// The bench client's end of an answer: it closes at the last byte its Content-Length tells, so a
// proxy that keeps the connection open after the destination closed does not count as slow.
import { describe, expect, it } from 'vitest';
import { AnswerFraming } from './bench-client.ts';

const head = (length?: number) =>
  `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n${length === undefined ? '' : `Content-Length: ${length}\r\n`}\r\n`;

describe('AnswerFraming', () => {
  it('is complete at the last body byte, however the answer is split', () => {
    const answer = Buffer.from(`${head(10)}0123456789`);
    for (let split = 1; split < answer.length; split += 7) {
      const framing = new AnswerFraming();
      const parts = [answer.subarray(0, split), answer.subarray(split)];
      expect(framing.take(parts[0]!)).toBe(false);
      expect(framing.take(parts[1]!)).toBe(true);
    }
  });

  it('counts the body across reads', () => {
    const framing = new AnswerFraming();
    expect(framing.take(Buffer.from(head(5)))).toBe(false);
    expect(framing.framed).toBe(true);
    expect(framing.take(Buffer.from('012'))).toBe(false);
    expect(framing.take(Buffer.from('34'))).toBe(true);
  });

  it('is complete with the head when the body is empty', () => {
    expect(new AnswerFraming().take(Buffer.from(head(0)))).toBe(true);
  });

  it('without Content-Length, never ends by itself (the close ends it)', () => {
    const framing = new AnswerFraming();
    expect(framing.take(Buffer.from(`${head()}abc`))).toBe(false);
    expect(framing.framed).toBe(false);
    expect(framing.take(Buffer.from('def'))).toBe(false);
  });

  it('refuses a head that never ends', () => {
    const framing = new AnswerFraming();
    expect(() => framing.take(Buffer.alloc(20_000, 0x61))).toThrow(/too long/);
  });
});
