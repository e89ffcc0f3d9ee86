/**
 * What `prune` and `drop` rewrote: the own chain's tips before each rewrite.
 * `push` may replace the remote's copy of the own chain (with a lease) only
 * when everything the remote holds was already part of a chain this clone
 * rewrote on purpose; anything else there (a clone sharing our writer id) is
 * never overwritten. A file, not a ref, so dropped objects can still be
 * garbage-collected.
 */
import type { ObjectId, Repo } from '../../git/repo.js';

const FILE = 'rewritten-tips';

/** Records `oldTip` as a tip of `ref` replaced by a rewrite (call before moving the ref). */
export async function recordRewrite(repo: Repo, ref: string, oldTip: ObjectId): Promise<void> {
  const text = (await repo.readGitFile(FILE, 'common')) ?? '';
  const line = `${ref} ${oldTip}\n`;
  if (!text.split('\n').includes(line.trimEnd())) await repo.writeGitFile(FILE, text + line, 'common');
}

/** Tips of `ref` replaced by earlier rewrites, oldest first; only those whose commits still exist. */
export async function rewrittenTips(repo: Repo, ref: string): Promise<ObjectId[]> {
  const text = (await repo.readGitFile(FILE, 'common')) ?? '';
  const tips: ObjectId[] = [];
  for (const line of text.split('\n')) {
    const [name, oid] = line.split(' ');
    if (name === ref && oid && (await repo.hasObject(oid))) tips.push(oid);
  }
  return tips;
}

/** True when `remoteTip` holds nothing but commits this clone had in `ref` before a rewrite. */
export async function isCoveredByRewrite(repo: Repo, ref: string, remoteTip: ObjectId): Promise<boolean> {
  if (!(await repo.hasObject(remoteTip))) return false;
  for (const tip of await rewrittenTips(repo, ref)) {
    if (tip === remoteTip || (await repo.isAncestor(remoteTip, tip))) return true;
  }
  return false;
}
