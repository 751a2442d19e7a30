// The open connections of each credential: counted for the per-credential limit, and closed all
// at once when the credential is withdrawn, changed or runs out of traffic.

interface OpenConnection {
  close: () => void;
}

export class ConnectionRegistry {
  private readonly open = new Map<string, Set<OpenConnection>>();

  /** Open connections of one credential. */
  count(key: string): number {
    return this.open.get(key)?.size ?? 0;
  }

  /** Open connections in all. */
  get size(): number {
    let total = 0;
    for (const connections of this.open.values()) total += connections.size;
    return total;
  }

  /** Registers a connection; the answer unregisters it (call it when the connection closes). */
  add(key: string, close: () => void): () => void {
    let connections = this.open.get(key);
    if (!connections) this.open.set(key, (connections = new Set()));
    const entry = { close };
    connections.add(entry);
    const set = connections;
    return () => {
      set.delete(entry);
      if (!set.size && this.open.get(key) === set) this.open.delete(key);
    };
  }

  /** Closes every connection of one credential; answers how many there were. */
  closeAll(key: string): number {
    const connections = this.open.get(key);
    if (!connections) return 0;
    this.open.delete(key);
    for (const connection of connections) connection.close();
    return connections.size;
  }

  /** Closes the connections of every credential `isAllowed` rejects. */
  closeUnless(isAllowed: (key: string) => boolean): number {
    let closed = 0;
    for (const key of [...this.open.keys()]) if (!isAllowed(key)) closed += this.closeAll(key);
    return closed;
  }
}
