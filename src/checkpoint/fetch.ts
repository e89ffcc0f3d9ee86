/**
 * `fetch` (SPEC §3, §5): everyone's chains and notes into the remote's own
 * namespace, never onto local refs, so no fetch can rewind or delete an
 * unpushed local checkpoint. Then it counts what arrived, per writer.
 */
import { OperationError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { parseMessage } from './message.js';
import { CHAINS_PREFIX, fetchRefspecs, parseChainRef, remoteChainPrefix } from './refs.js';
import { gitComplaint } from './remote.js';

export interface FetchReport {
  remote: string;
  /** New checkpoints per writer, most first. */
  arrived: { writer: string; count: number }[];
  /** Writers whose chain on the remote was rewritten (prune/drop) since the last fetch. */
  rewritten: string[];
}

/** Fetches checkpoints from `remote` (a configured remote name). OperationError when git fails. */
export async function fetchCheckpoints(repo: Repo, remote: string): Promise<FetchReport> {
  const known = await repo.listRefs(CHAINS_PREFIX);
  const prefix = remoteChainPrefix(remote);
  const before = new Map(known.filter((r) => r.name.startsWith(prefix)).map((r) => [r.name, r.oid]));
  const res = await repo.fetchRefs(remote, fetchRefspecs(remote));
  if (!res.ok) {
    throw new OperationError(`could not fetch checkpoints from '${remote}': ${gitComplaint(res.stderr)}`, {
      hint: `check the remote with: git ls-remote ${remote} 'refs/checkpoints/*'`,
    });
  }
  const moved = (await repo.listRefs(prefix)).filter((r) => before.get(r.name) !== r.oid && parseChainRef(r.name));
  const rewritten: string[] = [];
  const rewrittenIds = new Set<string>();
  for (const ref of moved) {
    const old = before.get(ref.name);
    if (!old || (await repo.isAncestor(old, ref.oid))) continue;
    rewritten.push(parseChainRef(ref.name)!.writer);
    // A rewritten chain brings new commits for old checkpoints: those did not "arrive".
    for (const c of await repo.walkCommits([old], { firstParent: true })) {
      const id = parseMessage(c.message).id;
      if (id) rewrittenIds.add(id);
    }
  }
  const fresh = moved.length
    ? await repo.walkCommits([...new Set(moved.map((r) => r.oid))], { exclude: [...new Set(known.map((r) => r.oid))] })
    : [];
  const counts = new Map<string, number>();
  for (const c of fresh) {
    const facts = parseMessage(c.message);
    if (!facts.id || !facts.writer || rewrittenIds.has(facts.id)) continue;
    counts.set(facts.writer, (counts.get(facts.writer) ?? 0) + 1);
  }
  const arrived = [...counts].map(([writer, count]) => ({ writer, count })).sort((a, b) => b.count - a.count || a.writer.localeCompare(b.writer));
  return { remote, arrived, rewritten: rewritten.sort() };
}
