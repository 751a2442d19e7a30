// Idle timeouts for established tunnels without a timer per socket: a relay marks its entry
// active on every chunk (one property write on the hot path, where refreshing a socket timer per
// chunk measurably costs throughput), and a sweep every half timeout closes entries that stayed
// quiet for two sweeps in a row, i.e. for between one and one and a half timeouts.
export interface IdleEntry {
  active: boolean;
  close(): void;
}

export class IdleSweeper {
  private readonly entries = new Map<IdleEntry, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(idleTimeoutMs: number) {
    this.timer = setInterval(() => this.sweep(), Math.max(25, idleTimeoutMs / 2));
    this.timer.unref();
  }

  watch(entry: IdleEntry): () => void {
    this.entries.set(entry, 0);
    return () => this.entries.delete(entry);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sweep(): void {
    for (const [entry, quietSweeps] of this.entries) {
      if (entry.active) {
        entry.active = false;
        this.entries.set(entry, 0);
      } else if (quietSweeps >= 1) {
        this.entries.delete(entry);
        entry.close();
      } else {
        this.entries.set(entry, quietSweeps + 1);
      }
    }
  }
}
