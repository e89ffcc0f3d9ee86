/** The nearest names to a mistyped one, for "did you mean" hints (as git, gh and git-lfs give). */

/** Edit distance where swapping two neighbours counts as one edit (`stauts` → `status`). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidates closest to `word`: those at the smallest edit distance when
 * it is small for the word's length (1 below five letters, else 2), else
 * the one candidate that starts with it. Empty when nothing is near.
 */
export function nearest(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const scored = candidates.map((c) => ({ c, d: editDistance(lower, c.toLowerCase()) }));
  const best = Math.min(...scored.map((s) => s.d));
  if (best <= (lower.length < 5 ? 1 : 2)) return scored.filter((s) => s.d === best).map((s) => s.c);
  const prefixed = lower.length >= 2 ? candidates.filter((c) => c.toLowerCase().startsWith(lower)) : [];
  return prefixed.length === 1 ? prefixed : [];
}

/** `did you mean 'save'?` / `did you mean one of 'show', 'save'?`; undefined when nothing is near. */
export function didYouMean(word: string, candidates: readonly string[], quote: (c: string) => string = (c) => c): string | undefined {
  const near = nearest(word, candidates);
  if (!near.length) return undefined;
  return near.length === 1 ? `did you mean '${quote(near[0]!)}'?` : `did you mean one of ${near.map((c) => `'${quote(c)}'`).join(', ')}?`;
}
