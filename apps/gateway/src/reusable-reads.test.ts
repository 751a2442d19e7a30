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

  it('pause reading while a write holds the buffer, and resume into it once the write is done', async () => {
    const reads = new ReusableReads();
    let released = 0;
    reads.attach(
      () => true,
      () => (released += 1),
    );
    const { writable, received, completeAll } = destination({ completeAtOnce: false });
    const first = readInto(reads, 'one');
    // Pending, though under the high-water mark: the buffer is held, so reading must pause.
    expect(reads.writeTo(writable, first.bytes, first.buffer)).toBe(false);
    completeAll();
    // The write's callback comes on the next tick.
    await new Promise((resolve) => process.nextTick(resolve));
    expect(released).toBe(1);
    const second = readInto(reads, 'two');
    expect(second.buffer).toBe(first.buffer);
    expect(reads.writeTo(writable, second.bytes, second.buffer)).toBe(false);
    completeAll();
    await new Promise((resolve) => process.nextTick(resolve));
    expect(released).toBe(2);
    expect(received.map(String)).toEqual(['one', 'two']);
  });

  it('not resume for an earlier write that completed at once while a later one holds the buffer', async () => {
    const reads = new ReusableReads();
    let released = 0;
    reads.attach(
      () => true,
      () => (released += 1),
    );
    let completeAtOnce = true;
    const pending: (() => void)[] = [];
    const writable = new Writable({
      write(_chunk, _encoding, done) {
        if (completeAtOnce) done();
        else pending.push(done);
      },
    });
    const first = readInto(reads, 'one');
    expect(reads.writeTo(writable, first.bytes, first.buffer)).toBe(true);
    completeAtOnce = false;
    const second = readInto(reads, 'two');
    expect(reads.writeTo(writable, second.bytes, second.buffer)).toBe(false);
    // The first write's callback arrives now: the second still holds the buffer.
    await new Promise((resolve) => process.nextTick(resolve));
    expect(released).toBe(0);
    pending.shift()!();
    await new Promise((resolve) => process.nextTick(resolve));
    expect(released).toBe(1);
  });

  it('copy a chunk that would queue behind a write it did not make', () => {
    const reads = new ReusableReads();
    const { writable, received, completeAll } = destination({ completeAtOnce: false });
    writable.write(Buffer.from('head'));
    const chunk = readInto(reads, 'body');
    reads.writeTo(writable, chunk.bytes, chunk.buffer);
    chunk.buffer.write('XXXX');
    completeAll();
    expect(received.map(String)).toEqual(['head', 'body']);
  });

  it('signal backpressure once the destination holds its high-water mark', () => {
    const reads = new ReusableReads();
    const { writable } = destination({ completeAtOnce: false });
    writable.write(Buffer.alloc(1));
    const full = reads.onread.buffer();
    expect(reads.writeTo(writable, full.length, full)).toBe(false);
  });

  it('grow the buffer step by step when reads fill it and shrink it after a tiny read', () => {
    const reads = new ReusableReads();
    const read = (bytes: number) => {
      const buffer = reads.onread.buffer();
      reads.onread.callback(Math.min(bytes, buffer.length), buffer);
      return buffer.length;
    };
    reads.attach(
      () => true,
      () => {},
    );
    const KIB = 1024;
    expect(read(100)).toBe(16 * KIB);
    expect(read(16 * KIB)).toBe(16 * KIB);
    expect(read(1024 * KIB)).toBe(64 * KIB);
    expect(read(1024 * KIB)).toBe(256 * KIB);
    expect(read(1024 * KIB)).toBe(1024 * KIB);
    expect(read(2048 * KIB)).toBe(1024 * KIB);
    expect(read(30 * KIB)).toBe(1024 * KIB);
    expect(read(10)).toBe(1024 * KIB);
    expect(read(10)).toBe(16 * KIB);
  });

  it("reuse a closed tunnel's buffer for the next one, but not while a write still holds it", () => {
    const closed = new ReusableReads();
    const buffer = closed.onread.buffer();
    closed.release();
    const next = new ReusableReads();
    expect(next.onread.buffer()).toBe(buffer);
    // The closed one never hands it out again.
    expect(closed.onread.buffer()).not.toBe(buffer);

    const { writable } = destination({ completeAtOnce: false });
    const chunk = readInto(next, 'pending');
    expect(next.writeTo(writable, chunk.bytes, chunk.buffer)).toBe(false);
    next.release();
    expect(new ReusableReads().onread.buffer()).not.toBe(buffer);
  });

  it('keep copies of reads made before the relay attached, and pause', () => {
    const reads = new ReusableReads();
    const early = readInto(reads, 'early');
    expect(reads.onread.callback(early.bytes, early.buffer)).toBe(false);
    early.buffer.write('later');
    const handled: string[] = [];
    const held = reads.attach(
      (bytes, buffer) => handled.push(buffer.toString('utf8', 0, bytes)) > 0,
      () => {},
    );
    expect(held.map(String)).toEqual(['early']);
    const next = readInto(reads, 'next');
    expect(reads.onread.callback(next.bytes, next.buffer)).toBe(true);
    expect(handled).toEqual(['next']);
  });
});
