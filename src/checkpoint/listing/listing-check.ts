/**
 * Reads and validates checkpoint records for the listing cache (SPEC §4, §9):
 * the record must be valid and say what its commit's trailers say. At most
 * READS_IN_FLIGHT are read at once, so memory stays bounded however many
 * records a cold listing has to check.
 */
import type { Repo } from '../../git/repo.js';
import { storeChecked, type ListingStore } from './listing-cache.js';

const READS_IN_FLIGHT = 32;

/** Checks each of `oids` (stored commits) and records the outcome in `store`. */
export async function checkCommits(repo: Repo, store: ListingStore, oids: readonly string[]): Promise<void> {
  if (!oids.length) return;
  // The schema (zod) loads only when a record must be read: a warm listing never builds it.
  const { readRecordAt, trailerMismatch } = await import('../store/read-record.js');
  const checkOne = async (oid: string) => {
    const c = store.commits.get(oid);
    if (!c || store.checked.has(oid)) return;
    const parsed = await readRecordAt(repo, oid);
    if (!parsed.ok) return storeChecked(store, oid, { invalid: parsed.error });
    const r = parsed.value;
    const mismatch = trailerMismatch({ ...c, seq: null }, r);
    if (mismatch) return storeChecked(store, oid, { invalid: mismatch });
    storeChecked(store, oid, { createdAt: r.createdAt, status: r.task.status, head: r.git.head, title: r.task.title });
  };
  // A few readers take the next commit in turn: never more reads (nor promises) than that at once.
  let next = 0;
  const reader = async () => { while (next < oids.length) await checkOne(oids[next++]!); };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, oids.length) }, reader));
}
