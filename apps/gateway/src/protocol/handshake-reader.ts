// Collects a client's handshake bytes, whatever the TCP chunking, and hands them to pure parsers
// (`socks5.ts`, `http-proxy.ts`) until one says it has a whole message. What it holds is bounded:
// a message that does not fit in `maxBytes` fails the handshake, and bytes the client sends ahead
// while the gateway authenticates or connects (pipelined payload) are held up to the bound, then
// the socket is paused rather than buffered further. After the handshake, `detach` hands those
// bytes to the relay, so they are forwarded instead of lost.
import type net from 'node:net';

/** A malformed, truncated, oversized or too slow handshake; `reply` goes out before the close. */
export class HandshakeError extends Error {
  override name = 'HandshakeError';
  readonly reply: Buffer | null;
  constructor(message: string, reply: Buffer | null = null) {
    super(message);
    this.reply = reply;
  }
}

/** A handshake message longer than the bound: HTTP answers 431, SOCKS5 just closes. */
export class HandshakeTooLargeError extends HandshakeError {
  override name = 'HandshakeTooLargeError';
  constructor() {
    super('handshake too large');
  }
}

/** What a parser found: the message and how many bytes it took. */
export interface Parsed<T> {
  value: T;
  length: number;
}

/** Null while the bytes so far are a prefix of a valid message; throws when they cannot be. */
export type Parser<T> = (buffer: Buffer) => Parsed<T> | null;

const EMPTY = Buffer.alloc(0);

export class HandshakeReader {
  // Bytes received and not yet consumed are storage[start, end). Storage is the last chunk itself
  // when nothing else is held, so the common one-chunk handshake copies nothing.
  private storage: Buffer = EMPTY;
  private start = 0;
  private end = 0;
  private waiting: {
    parse: Parser<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: Error) => void;
  } | null = null;
  private failure: Error | null = null;
  private readonly socket: net.Socket;
  private readonly maxBytes: number;
  /** Fails the wait in progress (and every later one) with `error`. */
  readonly fail = (error: Error): void => {
    if (this.failure) return;
    this.failure = error;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  };
  private readonly onData = (chunk: Buffer): void => {
    this.append(chunk);
    if (this.waiting) this.settle();
    else if (this.end - this.start >= this.maxBytes) this.socket.pause();
  };
  private readonly onEnd = (): void => this.fail(new HandshakeError('closed during the handshake'));

  constructor(socket: net.Socket, maxBytes: number) {
    this.socket = socket;
    this.maxBytes = maxBytes;
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.fail);
  }

  /** The next message `parse` recognises, consumed from the buffer. */
  read<T>(parse: Parser<T>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.waiting = { parse, resolve: resolve as (value: unknown) => void, reject };
      this.settle();
      if (this.waiting && this.socket.isPaused()) this.socket.resume();
    });
  }

  /** The first byte, left in place (it decides the protocol). */
  peekByte(): Promise<number> {
    return this.read((buffer) => (buffer.length ? { value: buffer[0]!, length: 0 } : null));
  }

  /** Stops reading and answers the bytes received beyond the handshake; the socket stays paused. */
  detach(): Buffer {
    this.socket.pause();
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.fail);
    const rest = this.storage.subarray(this.start, this.end);
    this.storage = EMPTY;
    this.start = this.end = 0;
    return rest;
  }

  private settle(): void {
    const waiting = this.waiting!;
    const buffer = this.storage.subarray(this.start, this.end);
    let parsed: Parsed<unknown> | null;
    try {
      parsed = waiting.parse(buffer);
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    // Held bytes are bounded by pausing; a message is bounded even when it arrives in one chunk.
    if (parsed ? parsed.length > this.maxBytes : buffer.length >= this.maxBytes) {
      this.fail(new HandshakeTooLargeError());
      return;
    }
    if (!parsed) return;
    this.start += parsed.length;
    this.waiting = null;
    waiting.resolve(parsed.value);
  }

  // Appends in place while the storage has room and doubles it otherwise, so a handshake that
  // arrives a byte at a time costs linear, not quadratic, copying.
  private append(chunk: Buffer): void {
    if (this.start === this.end) {
      this.storage = chunk;
      this.start = 0;
      this.end = chunk.length;
      return;
    }
    if (this.storage.length - this.end < chunk.length) {
      const held = this.end - this.start;
      const storage = Buffer.allocUnsafe(Math.max(256, (held + chunk.length) * 2));
      this.storage.copy(storage, 0, this.start, this.end);
      this.storage = storage;
      this.start = 0;
      this.end = held;
    }
    chunk.copy(this.storage, this.end);
    this.end += chunk.length;
  }
}
