/**
 * Keeps a record within MAX_RECORD_BYTES (SPEC §9: readers refuse bigger
 * records unread). Ten thousand listed paths can exceed 1 MiB on their own,
 * so the listed uncommitted paths, then the wip exclusions, are cut to what
 * fits — marked `truncated`, `total` still counting all. The wip tree holds
 * every file whatever the record lists, and reconcile falls back on it.
 */
import { MAX_RECORD_BYTES, serializeRecord, type CheckpointRecord } from './schema.js';

const size = (r: CheckpointRecord) => Buffer.byteLength(serializeRecord(r));

/** The largest `n` in [0, max] for which `fits(n)` holds (fits is monotone); 0 when none. */
function largest(max: number, fits: (n: number) => boolean): number {
  let [lo, hi] = [0, max];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Returns `record` itself when it fits, else a copy with shorter path lists. */
export function fitRecord(record: CheckpointRecord): CheckpointRecord {
  if (size(record) <= MAX_RECORD_BYTES) return record;
  const wt = record.git.worktree;
  const withFiles = (n: number): CheckpointRecord => ({
    ...record, git: { ...record.git, worktree: { ...wt, files: wt.files.slice(0, n), truncated: wt.truncated || n < wt.files.length } },
  });
  const keep = largest(wt.files.length, (n) => size(withFiles(n)) <= MAX_RECORD_BYTES);
  const fitted = withFiles(keep);
  const wip = fitted.git.wip;
  if (size(fitted) <= MAX_RECORD_BYTES || !wip) return fitted;
  const withExcluded = (n: number): CheckpointRecord => ({ ...fitted, git: { ...fitted.git, wip: { ...wip, excluded: wip.excluded.slice(0, n) } } });
  return withExcluded(largest(wip.excluded.length, (n) => size(withExcluded(n)) <= MAX_RECORD_BYTES));
}
