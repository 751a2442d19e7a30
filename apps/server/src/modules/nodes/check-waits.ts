// Held node polls: a gateway polls again as soon as its previous answer comes, asking the API to
// hold each poll for up to one interval (`wait`). The poll waits here until a connectivity check
// of its node is asked for, on this server or another (the change bus), or until its time is up.
import type { Change } from '../../change-notifications.ts';

export class NodeCheckWaits {
  /** How to end each poll held now, by node. */
  readonly #held = new Map<string, Set<() => void>>();

  /**
   * Holds a poll of `nodeId` for up to `ms`: ends early when a check of the node is asked for
   * (or the bus lost its connection and one may have been missed), or at once when `due` finds
   * a check the node has not been handed yet. `due` runs after the poll starts listening, so a
   * check asked meanwhile is either found or heard. Resolves false when `gone` aborts (the node
   * hung up: nobody is left to answer), true otherwise.
   */
  async hold(
    nodeId: string,
    ms: number,
    due: () => Promise<boolean>,
    gone?: AbortSignal,
  ): Promise<boolean> {
    const ends = this.#held.get(nodeId) ?? new Set();
    this.#held.set(nodeId, ends);
    let timer: NodeJS.Timeout | undefined;
    let end = () => {};
    const held = new Promise<void>((resolve) => {
      end = () => {
        clearTimeout(timer);
        ends.delete(end);
        if (ends.size === 0 && this.#held.get(nodeId) === ends) this.#held.delete(nodeId);
        resolve();
      };
      timer = setTimeout(end, ms);
    });
    ends.add(end);
    gone?.addEventListener('abort', end, { once: true });
    try {
      if (gone?.aborted || (await due())) end();
    } catch (error) {
      end();
      throw error;
    } finally {
      await held;
      gone?.removeEventListener('abort', end);
    }
    return !gone?.aborted;
  }

  /** Polls held now (tests). */
  get heldCount(): number {
    let count = 0;
    for (const ends of this.#held.values()) count += ends.size;
    return count;
  }

  readonly onChange = (change: Change | 'everything'): void => {
    if (change === 'everything') this.#end([...this.#held.keys()]);
    else if (change.topic === 'nodeCheck') this.#end([change.nodeId]);
  };

  /** Ends every held poll now (the server is closing). */
  close(): void {
    this.#end([...this.#held.keys()]);
  }

  #end(nodeIds: string[]): void {
    for (const nodeId of nodeIds) {
      for (const end of [...(this.#held.get(nodeId) ?? [])]) end();
    }
  }
}
