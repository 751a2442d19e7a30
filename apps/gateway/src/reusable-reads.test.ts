import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ReusableReads } from './reusable-reads.ts';

/** A real Writable whose writes complete at once, or only when the test says so. */
function destination({ completeAtOnce }: { completeAtOnce: boolean }) {
  const received: Buffer[] = [];
  const pending: (() => void)[] = [];
  const writable = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      // What the destination finally sends is what the chunk holds when the write completes.
      const finish = () => {
        received.push(Buffer.from(chunk));
        done();
      };
      if (completeAtOnce) finish();
      else pending.push(finish);
    },
  });
  // Completing one write hands the Writable's next queued chunk to write(): go on until none is left.
  const completeAll = () => {
    while (pending.length) pending.shift()!();
  };
  return { writable, received, completeAll };
}

/** Simulates the socket reading `text` into the buffer `onread` offers. */
function readInto(reads: ReusableReads, text: string): { bytes: number; buffer: Buffer } {
  const buffer = reads.onread.buffer();
  return { bytes: buffer.write(text), buffer };
}

describe('reusable reads', () => {
  it('read into one buffer for as long as every write completes at once', () => {
    const reads = new ReusableReads();
    const { writable, received } = destination({ completeAtOnce: true });
    const first = readInto(reads, 'first');
    expect(reads.writeTo(writable, first.bytes, first.buffer)).toBe(true);
    const second = readInto(reads, 'second');
    expect(second.buffer).toBe(first.buffer);
    reads.writeTo(writable, second.bytes, second.buffer);
    expect(received.map(String)).toEqual(['first', 'second']);
  });

  it('never let a pending write see its bytes overwritten by the next read', () => {
    const reads = new ReusableReads();
    const { writable, received, completeAll } = destination({ completeAtOnce: false });
    const first = readInto(reads, 'one');
    reads.writeTo(writable, first.bytes, first.buffer);
    // The pending write keeps the first buffer: the next read goes elsewhere.
    const second = readInto(reads, 'two');
    expect(second.buffer).not.toBe(first.buffer);
    reads.writeTo(writable, second.bytes, second.buffer);
    // Queued behind a pending write, the second chunk was copied: its buffer is reused.
    const third = readInto(reads, 'six');
    expect(third.buffer).toBe(second.buffer);
    reads.writeTo(writable, third.bytes, third.buffer);
    readInto(reads, 'XXXXXXXX');
    completeAll();
    expect(received.map(String)).toEqual(['one', 'two', 'six']);
  });

  it('signal backpressure once the destination holds its high-water mark', () => {
    const reads = new ReusableReads();
    const { writable } = destination({ completeAtOnce: false });
    const full = reads.onread.buffer();
    expect(reads.writeTo(writable, full.length, full)).toBe(false);
  });

  it('grow the buffer when a read fills it and shrink it after a tiny read', () => {
    const reads = new ReusableReads();
    const read = (bytes: number) => {
      const buffer = reads.onread.buffer();
      reads.onread.callback(Math.min(bytes, buffer.length), buffer);
      return buffer.length;
    };
    reads.attach(() => true);
    expect(read(100)).toBe(16 * 1024);
    expect(read(16 * 1024)).toBe(16 * 1024);
    expect(read(64 * 1024)).toBe(64 * 1024);
    expect(read(30 * 1024)).toBe(64 * 1024);
    expect(read(10)).toBe(64 * 1024);
    expect(read(10)).toBe(16 * 1024);
  });

  it('keep copies of reads made before the relay attached, and pause', () => {
    const reads = new ReusableReads();
    const early = readInto(reads, 'early');
    expect(reads.onread.callback(early.bytes, early.buffer)).toBe(false);
    early.buffer.write('later');
    const handled: string[] = [];
    const held = reads.attach(
      (bytes, buffer) => handled.push(buffer.toString('utf8', 0, bytes)) > 0,
    );
    expect(held.map(String)).toEqual(['early']);
    const next = readInto(reads, 'next');
    expect(reads.onread.callback(next.bytes, next.buffer)).toBe(true);
    expect(handled).toEqual(['next']);
  });
});
