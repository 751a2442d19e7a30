// Reads from the destination land in one reusable buffer (net.Socket's `onread`) instead of a
// fresh 64 KiB Buffer per chunk. With no allocation per chunk there is no garbage to collect, and
// the collections that per-chunk Buffers trigger cost in proportion to the whole heap (the
// contract's schemas make it about three times a bare relay's): measured, this path takes about
// a third less CPU per GiB than a bare `pipe()` relay, where per-chunk Buffers made it a quarter
// more.
//
// Reuse is safe only once the chunk has left. A write the kernel takes at once (the usual case)
// leaves the buffer free for the next read. A write it takes only in part still refers to the
// buffer: reading then pauses until that write completes (its callback), and resumes into the
// same buffer; meanwhile the kernel's receive buffer holds what arrives. So backpressure costs no
// allocation and no copy either (a chunk that would queue behind someone else's pending write is
// copied, which the relay never does). One buffer per tunnel, read, written, read again: what a
// C relay does with its one array.
//
// The buffer is small while the flow is (an idle tunnel should not pin a large one) and grows
// each time a read fills it, 16 → 64 → 256 KiB → 1 MiB: only a destination that keeps more than
// the buffer waiting (a fast bulk transfer) takes it to the top, where one read, wake-up and
// write moves what sixteen would at 64 KiB (measured on loopback: the gateway's CPU per GiB
// about a third lower than with a 64 KiB top). It shrinks back after a tiny read.
//
// A closed tunnel's smallest buffer goes back to a bounded stock for the next tunnel, unless a
// write still holds it. Allocated per connection, those 16 KiB were most of what a connection
// setup allocates outside the JavaScript heap, and that memory is what made V8 run its full
// (mark-compact) collections every few thousand setups, each a pause of milliseconds that a
// connection setup waits through (measured with --trace-gc over 3000 setups: 4 full collections
// with a buffer per tunnel, none after start-up with the stock).
import type { Writable } from 'node:stream';

/** The buffer's sizes, smallest first: it grows one step when a read fills it. */
const BUFFER_SIZES = [16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024];
/** A read this small means the bulk transfer is over. */
const SHRINK_BELOW_BYTES = 1024;
/** Smallest buffers kept for the next tunnels: at most 4 MiB held while idle. */
const MAX_SPARE_BUFFERS = 256;
const spareBuffers: Buffer[] = [];

function smallestBuffer(): Buffer {
  return spareBuffers.pop() ?? Buffer.allocUnsafe(BUFFER_SIZES[0]!);
}

/** Takes `bytes` bytes at the start of `buffer`; false pauses reading until `resume()`. */
export type ReadHandler = (bytes: number, buffer: Buffer) => boolean;

export class ReusableReads {
  private buffer = smallestBuffer();
  /** The socket is closed: no read comes any more, and the buffer may have gone to the stock. */
  private closed = false;
  private lastRead = 0;
  private handler: ReadHandler | null = null;
  private held: Buffer[] = [];
  /** Called when a write that held the buffer has completed: reading may resume. */
  private released: () => void = () => {};
  /** Writes handed `written` as their callback, and how many of those have completed. */
  private writesStarted = 0;
  private writesCompleted = 0;
  /** The write (by its number) that still holds the buffer; 0 when none does. */
  private holdingWrite = 0;
  /** Callbacks complete in the order of the writes. */
  private readonly written = (): void => {
    this.writesCompleted += 1;
    if (this.holdingWrite && this.writesCompleted >= this.holdingWrite) {
      this.holdingWrite = 0;
      this.released();
    }
  };

  /** The `onread` option for `net.connect`: `buffer` is asked for the next buffer before each read. */
  readonly onread = {
    buffer: (): Buffer => this.nextBuffer(),
    callback: (bytes: number, buffer: Buffer): boolean => {
      this.lastRead = bytes;
      return this.handler ? this.handler(bytes, buffer) : this.hold(bytes, buffer);
    },
  };

  /**
   * Writes the chunk just read (`bytes` at the start of `buffer`) to `destination` so that no
   * pending write keeps a buffer that is about to be read into again. False when reading must
   * pause: until the write that holds the buffer completes (then `released` from `attach` is
   * called), or until the destination's 'drain'.
   */
  writeTo(destination: Writable, bytes: number, buffer: Buffer): boolean {
    if (destination.writableLength !== 0) {
      return destination.write(Buffer.from(buffer.subarray(0, bytes)));
    }
    destination.write(bytes === buffer.length ? buffer : buffer.subarray(0, bytes), this.written);
    this.writesStarted += 1;
    if (destination.writableLength === 0) return true;
    this.holdingWrite = this.writesStarted;
    return false;
  }

  /**
   * Hands every later read to `handler`, and answers copies of what was read before there was
   * one (the relay starts in the same tick as the connect, so normally nothing).
   */
  attach(handler: ReadHandler, released: () => void): Buffer[] {
    this.handler = handler;
    this.released = released;
    const held = this.held;
    this.held = [];
    return held;
  }

  /**
   * The socket is closed (destroyed: no read will come). The buffer goes back to the stock when
   * it is the smallest size and no write still holds it; a write pending on a destroyed socket is
   * cancelled, but only its callback could say when, so such a buffer is left to the collector.
   */
  release(): void {
    if (this.closed) return;
    this.closed = true;
    const free = this.writesCompleted === this.writesStarted;
    if (free && this.buffer.length === BUFFER_SIZES[0] && spareBuffers.length < MAX_SPARE_BUFFERS) {
      spareBuffers.push(this.buffer);
    }
  }

  private nextBuffer(): Buffer {
    // Asked for after a read on a socket just closed: never read into, but not one in the stock.
    if (this.closed) return Buffer.allocUnsafe(BUFFER_SIZES[0]!);
    const size = this.buffer.length;
    if (this.lastRead === size && size < BUFFER_SIZES.at(-1)!) {
      this.buffer = Buffer.allocUnsafe(BUFFER_SIZES[BUFFER_SIZES.indexOf(size) + 1]!);
    } else if (this.lastRead < SHRINK_BELOW_BYTES && size > BUFFER_SIZES[0]!) {
      this.buffer = smallestBuffer();
    }
    return this.buffer;
  }

  private hold(bytes: number, buffer: Buffer): boolean {
    this.held.push(Buffer.from(buffer.subarray(0, bytes)));
    return false;
  }
}
