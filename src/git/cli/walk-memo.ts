/**
 * Answers of history walks that start from commit ids, kept for the life of
 * an open repository (the MCP server asks how HEAD relates to a checkpoint on
 * every recap). Commits never change, so the same ids give the same walk; what
 * can still change what git walks is kept in the key: the shallow boundary, a
 * grafts file, replace refs (loose or packed, or a reftable). A walk that
 * failed is not kept, and a named ref (`HEAD`) is never memoised.
 */
import { statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** Entries kept; the oldest is dropped first. */
const MAX_ENTRIES = 64;
/** The files whose change may change a walk from the same ids. */
const HISTORY_FILES = ['shallow', join('info', 'grafts'), join('refs', 'replace'), 'packed-refs', join('reftable', 'tables.list')];

export class WalkMemo {
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly commonDir: string) {}

  /**
   * `run()`'s answer for a walk of `ids` with `options`, from memory when the
   * same walk ran before; an answer `keep` refuses is used once, not kept.
   */
  async remember<T>(what: string, ids: readonly string[], options: unknown, run: () => Promise<T>, keep: (answer: T) => boolean = () => true): Promise<T> {
    if (!ids.every((id) => OID.test(id))) return run();
    const key = `${what}\0${ids.join(' ')}\0${JSON.stringify(options ?? null)}\0${this.historySignature()}`;
    const known = this.entries.get(key) as Promise<T> | undefined;
    if (known) return known;
    const answer = run();
    this.entries.set(key, answer);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const drop = () => this.entries.get(key) === answer && this.entries.delete(key);
    answer.then((a) => keep(a) || drop(), drop);
    return answer;
  }

  /** Read at once (a few stats cost less than a round of the thread pool each). */
  private historySignature(): string {
    const stats = HISTORY_FILES.map((f) => statOrNull(join(this.commonDir, f)));
    return stats.map((s) => (s ? `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}` : '-')).join(' ');
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}
