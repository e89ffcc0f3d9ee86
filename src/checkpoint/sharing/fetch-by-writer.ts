/**
 * The fallback of `fetch` (SPEC §9: one hostile chain cannot tax everyone):
 * when the one fetch of every chain fails — a malformed object that
 * `transfer.fsckObjects` refuses, an object the remote lost — each writer's
 * chain and notes are fetched alone, so only the writers whose fetch fails
 * are missing, and they are named.
 */
import type { Repo } from '../../git/repo.js';
import { CHAINS_PREFIX, NOTES_PREFIX, notesRef, parseChainRef, remoteChainPrefix, remoteNotesPrefix } from '../store/refs.js';
import { gitComplaint } from './remote.js';

export interface WriterFailure {
  writer: string;
  /** git's complaint, one line. */
  reason: string;
}

/**
 * Fetches writer by writer from `remote`; null when the remote cannot even
 * be listed (then nothing per writer would work either). `ownWriter`'s
 * notes stay out, as in the batch fetch.
 */
export async function fetchWriterByWriter(repo: Repo, remote: string, ownWriter: string | null): Promise<WriterFailure[] | null> {
  const listed = await repo.listRemoteRefs(remote, [`${CHAINS_PREFIX}*`, `${NOTES_PREFIX}*`]);
  if (!listed.refs) return null;
  const names = new Set(listed.refs.map((r) => r.name));
  const writers = [...names].flatMap((name) => {
    const parsed = parseChainRef(name);
    return parsed && parsed.remote === null ? [parsed.writer] : [];
  });
  const failures: WriterFailure[] = [];
  // One at a time: the remote is already struggling, and a hostile one may list thousands of writers.
  for (const writer of writers.sort()) {
    const refspecs = [`+${CHAINS_PREFIX}${writer}:${remoteChainPrefix(remote)}${writer}`];
    if (writer !== ownWriter && names.has(notesRef(writer))) refspecs.push(`+${notesRef(writer)}:${remoteNotesPrefix(remote)}${writer}`);
    const res = await repo.fetchRefs(remote, refspecs);
    if (!res.ok) failures.push({ writer, reason: gitComplaint(res.stderr) });
  }
  return failures.length === writers.length && writers.length > 0 ? null : failures;
}
