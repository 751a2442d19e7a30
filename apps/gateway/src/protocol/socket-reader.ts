// Reads a handshake off a socket in whole pieces ("the next 2 bytes", "up to the blank line"),
// whatever the TCP chunking, with a hard bound on what it buffers. After the handshake the
// socket is paused and whatever the client already sent beyond it (pipelined payload) is handed
// back, so the relay forwards it instead of losing it.
import type net from 'node:net';

export class HandshakeError extends Error {
  override name = 'HandshakeError';
}

type Need = { bytes: number; peek?: boolean } | { delimiter: Buffer };

export class SocketReader {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: {
    need: Need;
    resolve: (chunk: Buffer) => void;
    reject: (error: Error) => void;
  } | null = null;
  private failure: Error | null = null;
  private readonly onData = (chunk: Buffer) => {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (this.buffer.length > this.maxBytes) {
      this.fail(new HandshakeError('handshake too large'));
      return;
    }
    this.settle();
  };
  private readonly onEnd = () => this.fail(new HandshakeError('closed during the handshake'));
  private readonly onError = (error: Error) => this.fail(error);

  private readonly socket: net.Socket;
  private readonly maxBytes: number;

  constructor(socket: net.Socket, maxBytes: number) {
    this.socket = socket;
    this.maxBytes = maxBytes;
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
  }

  /** Exactly `count` bytes. */
  read(count: number): Promise<Buffer> {
    return this.wait({ bytes: count });
  }

  /** The first byte not yet read, left in place. */
  async peek(): Promise<number> {
    return (await this.wait({ bytes: 1, peek: true }))[0]!;
  }

  /** Everything up to and including `delimiter` (e.g. the blank line ending HTTP headers). */
  readThrough(delimiter: string): Promise<Buffer> {
    return this.wait({ delimiter: Buffer.from(delimiter, 'latin1') });
  }

  /** Stops reading, pauses the socket and answers the bytes received beyond the handshake. */
  detach(): Buffer {
    this.socket.pause();
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
    const rest = this.buffer;
    this.buffer = Buffer.alloc(0);
    return rest;
  }

  private wait(need: Need): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { need, resolve, reject };
      this.settle();
    });
  }

  private settle(): void {
    const pending = this.pending;
    if (!pending) return;
    let length: number;
    if ('bytes' in pending.need) {
      length = pending.need.bytes;
      if (this.buffer.length < length) return;
    } else {
      const at = this.buffer.indexOf(pending.need.delimiter);
      if (at < 0) return;
      length = at + pending.need.delimiter.length;
    }
    const chunk = this.buffer.subarray(0, length);
    if (!('peek' in pending.need && pending.need.peek)) this.buffer = this.buffer.subarray(length);
    this.pending = null;
    pending.resolve(chunk);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.pending?.reject(error);
    this.pending = null;
  }
}
