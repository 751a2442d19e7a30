// Where the body of one HTTP request ends, as its bytes stream by: after Content-Length bytes,
// or after the last chunk and the trailer section of a chunked body (RFC 9112 §7.1). Nothing is
// decoded or copied; the forwarder only learns how much of each chunk still belongs to the body.

export type BodyFraming =
  { kind: 'none' } | { kind: 'length'; bytes: number } | { kind: 'chunked' };

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/** Hex digits a chunk size may have: 2^52 bytes is beyond any real body. */
const MAX_SIZE_DIGITS = 13;

type ChunkedState =
  | 'size'
  | 'extension'
  | 'sizeLineFeed'
  | 'data'
  | 'dataCarriageReturn'
  | 'dataLineFeed'
  | 'trailerLineStart'
  | 'trailerLine'
  | 'trailerLineFeed'
  | 'done';

export class RequestBodyTracker {
  private remaining: number;
  private readonly chunked: boolean;
  private state: ChunkedState = 'size';
  private sizeDigits = 0;
  /** True while the trailer line being read is still empty (then it ends the body). */
  private emptyLine = true;

  constructor(framing: BodyFraming) {
    this.chunked = framing.kind === 'chunked';
    this.remaining = framing.kind === 'length' ? framing.bytes : 0;
    if (framing.kind === 'none') this.state = 'done';
  }

  get done(): boolean {
    return this.chunked ? this.state === 'done' : this.remaining === 0;
  }

  /** How many leading bytes of `chunk` belong to the body. Throws on a malformed chunked body. */
  take(chunk: Uint8Array): number {
    if (!this.chunked) {
      const taken = Math.min(this.remaining, chunk.length);
      this.remaining -= taken;
      return taken;
    }
    let index = 0;
    while (index < chunk.length && this.state !== 'done') {
      if (this.state === 'data') {
        const taken = Math.min(this.remaining, chunk.length - index);
        this.remaining -= taken;
        index += taken;
        if (this.remaining === 0) this.state = 'dataCarriageReturn';
        continue;
      }
      this.step(chunk[index]!);
      index += 1;
    }
    return index;
  }

  private step(byte: number): void {
    switch (this.state) {
      case 'size': {
        const digit = hexValue(byte);
        if (digit >= 0 && this.sizeDigits < MAX_SIZE_DIGITS) {
          this.remaining = this.remaining * 16 + digit;
          this.sizeDigits += 1;
        } else if (this.sizeDigits && (byte === 0x3b || byte === 0x20 || byte === 0x09)) {
          this.state = 'extension';
        } else if (this.sizeDigits && byte === CARRIAGE_RETURN) this.state = 'sizeLineFeed';
        else if (this.sizeDigits && byte === LINE_FEED) this.endSizeLine();
        else throw new Error('bad chunk size');
        return;
      }
      case 'extension':
        if (byte === CARRIAGE_RETURN) this.state = 'sizeLineFeed';
        else if (byte === LINE_FEED) this.endSizeLine();
        return;
      case 'sizeLineFeed':
        if (byte !== LINE_FEED) throw new Error('bad chunk size line');
        this.endSizeLine();
        return;
      case 'dataCarriageReturn':
        if (byte === CARRIAGE_RETURN) this.state = 'dataLineFeed';
        else if (byte === LINE_FEED) this.state = 'size';
        else throw new Error('chunk data longer than its size');
        return;
      case 'dataLineFeed':
        if (byte !== LINE_FEED) throw new Error('bad chunk end');
        this.state = 'size';
        return;
      case 'trailerLineStart':
      case 'trailerLine':
        if (byte === LINE_FEED) this.endTrailerLine();
        else if (byte === CARRIAGE_RETURN) this.state = 'trailerLineFeed';
        else {
          this.emptyLine = false;
          this.state = 'trailerLine';
        }
        return;
      case 'trailerLineFeed':
        if (byte !== LINE_FEED) throw new Error('bad trailer line');
        this.endTrailerLine();
        return;
    }
  }

  private endSizeLine(): void {
    this.sizeDigits = 0;
    if (this.remaining > 0) {
      this.state = 'data';
      return;
    }
    this.state = 'trailerLineStart';
    this.emptyLine = true;
  }

  private endTrailerLine(): void {
    if (this.emptyLine) {
      this.state = 'done';
      return;
    }
    this.state = 'trailerLineStart';
    this.emptyLine = true;
  }
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}
