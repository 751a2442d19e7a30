import { describe, expect, it } from 'vitest';
import { measureAnswer } from './keep-alive-pool.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('measureAnswer', () => {
  it('ends an answer at its Content-Length, whatever the header name’s case', () => {
    const answer =
      'HTTP/1.1 201 Created\r\nContent-Length: 11\r\nconnection: keep-alive\r\n\r\n{"ok":true}';
    expect(measureAnswer(bytes(answer))).toEqual({ status: 201, length: answer.length });
    expect(measureAnswer(bytes(answer.slice(0, -1)))).toBeNull();
    expect(measureAnswer(bytes(answer.slice(0, 30)))).toBeNull();
  });

  it('reads chunked answers to their last chunk and trailers', () => {
    const head = 'HTTP/1.1 409 Conflict\r\ntransfer-encoding: chunked\r\n\r\n';
    const body = '5\r\nhello\r\na;x=1\r\n0123456789\r\n0\r\n\r\n';
    expect(measureAnswer(bytes(head + body))).toEqual({
      status: 409,
      length: (head + body).length,
    });
    expect(measureAnswer(bytes(head + body.slice(0, -2)))).toBeNull();
    expect(measureAnswer(bytes(head + body.slice(0, 12)))).toBeNull();
    const trailers = '0\r\nx-checksum: 1\r\n\r\n';
    expect(measureAnswer(bytes(head + trailers))).toEqual({
      status: 409,
      length: (head + trailers).length,
    });
  });

  it('takes a 204 as body-less and refuses an answer that only the connection’s end would end', () => {
    expect(measureAnswer(bytes('HTTP/1.1 204 No Content\r\n\r\n'))).toEqual({
      status: 204,
      length: 27,
    });
    expect(() => measureAnswer(bytes('HTTP/1.1 200 OK\r\n\r\nuntil close'))).toThrow(
      /neither Content-Length nor chunked/,
    );
    expect(() => measureAnswer(bytes('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(/not an HTTP/);
  });
});
