/**
 * Which chain each walked commit was read from (SPEC §9: a record is only
 * what its ref says). A commit belongs to the chain whose first-parent walk
 * reaches it; when several do (two remotes holding one writer's chain, or a
 * chain that wrongly continues another writer's), the chain whose writer the
 * commit's record names wins, else the first in `refs` order (own chains
 * first). A commit reached only through an extra parent (a lineage link to
 * another chain) is attributed to the chain that links to it, marked as such.
 * Pure and linear in the number of commits and parent links.
 */

export interface ChainTip {
  writer: string;
  oid: string;
}

export interface Attribution {
  /** Per commit: the index in `refs` of the chain it was read from; -1 when none reaches it. */
  via: Int32Array;
  /** Per commit: true when it lies on that chain's first-parent line, false when only linked to. */
  onChain: Uint8Array;
}

/**
 * `commits` in any order; `writerOf(i)` is the writer commit `i`'s record
 * names (null when it is invalid).
 */
export function attributeCommits(
  refs: readonly ChainTip[],
  commits: readonly { oid: string; parents: readonly string[] }[],
  writerOf: (i: number) => string | null,
): Attribution {
  const index = new Map<string, number>();
  commits.forEach((c, i) => index.set(c.oid, i));
  const via = new Int32Array(commits.length).fill(-1);
  const onChain = new Uint8Array(commits.length);
  refs.forEach((ref, r) => {
    for (let i = index.get(ref.oid); i !== undefined; i = index.get(commits[i]!.parents[0] ?? '')) {
      if (via[i] !== -1 && !claimsBetter(ref.writer, refs[via[i]!]!.writer, writerOf(i))) break;
      via[i] = r;
      onChain[i] = 1;
    }
  });
  linkLineage(commits, index, via);
  return { via, onChain };
}

/**
 * A later chain takes a commit over only when its writer is the one the
 * record names and the current holder's is not. From a commit on, the
 * first-parent line is the same whichever chain reached it, so a walk that
 * gains nothing here stops: every commit is taken over at most once.
 */
function claimsBetter(writer: string, holder: string, recordWriter: string | null): boolean {
  return recordWriter !== null && holder !== recordWriter && writer === recordWriter;
}

/** Commits reached only through extra parents inherit the chain that links to them, breadth first. */
function linkLineage(commits: readonly { parents: readonly string[] }[], index: Map<string, number>, via: Int32Array): void {
  const queue: number[] = [];
  via.forEach((r, i) => r !== -1 && queue.push(i));
  for (let q = 0; q < queue.length; q++) {
    const from = queue[q]!;
    for (const parent of commits[from]!.parents) {
      const j = index.get(parent);
      if (j === undefined || via[j] !== -1) continue;
      via[j] = via[from]!;
      queue.push(j);
    }
  }
}
