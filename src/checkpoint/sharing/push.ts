/**
 * `push` (SPEC §3, §5): the own chain and the own notes, under the same names
 * on the remote, atomically. Fast-forward only, except that after `prune` or
 * `drop` the own chain is replaced with `--force-with-lease` whose expected
 * value is the remote copy fetched (or last pushed) — and only when that
 * copy holds nothing this clone did not rewrite on purpose. The own notes
 * only ever grow (a rebuild is a new commit on top), so they always go as a
 * fast-forward.
 */
import type { Lease, ObjectId, PushedRef, Repo } from '../../git/repo.js';
import { parseMessage } from '../record/message.js';
import { readRecordAt } from '../store/read-record.js';
import { isForeign, readOwnCommits } from '../store/own-chain.js';
import { chainRef, notesRef, remoteChainPrefix } from '../store/refs.js';
import { dropOwnNotesCopies, gitComplaint, remoteWord } from './remote.js';
import { originalOf, strippedTip } from '../store/export-chain.js';
import { isCoveredByRewrite } from '../store/rewrites.js';
import { RefConflictError } from '../../errors.js';

export interface RefPush {
  /** Same name locally and on the remote. */
  ref: string;
  /** Null when prune/drop removed every own checkpoint: the remote ref is deleted (with a lease). */
  local: ObjectId | null;
  /** The remote's value as last fetched or pushed; null when unknown or absent. */
  base: ObjectId | null;
  /**
   * The remote-copy ref that remembers `base`; null for the own notes, whose
   * last pushed value is kept in a file (a copy under refs/notes/ would show
   * every own note twice in `git log`).
   */
  copy: string | null;
  mode: 'fast-forward' | 'lease' | 'up-to-date';
}

export interface PushReport {
  remote: string;
  writer: string;
  ok: boolean;
  /** Checkpoints the remote did not have before. */
  pushed: number;
  /** True when the own chain on the remote was replaced after prune/drop. */
  rewrote: boolean;
  /** How many of the `pushed` checkpoints carried a wip tree (uncommitted files). */
  withWip: number;
  /** True when nothing was sent: what git would have done. */
  dryRun: boolean;
  refs: PushedRef[];
  /** git's complaint when the push failed. */
  error: string | null;
  /**
   * Set when the push landed but recording what the remote now holds failed
   * (a read-only or full repository): what failed. The remote is right; the
   * local copies are stale until the next fetch.
   */
  bookkeeping: string | null;
}

export interface PushOptions {
  /** Send the chain without wip trees (`checkpoint.autoPush=nowip`): its twin line (export-chain.ts). */
  nowip?: boolean;
}

/** Works out how each own ref goes to `remote`; empty when the writer has saved nothing. */
export async function planPush(repo: Repo, remote: string, writer: string, opts: PushOptions = {}): Promise<RefPush[]> {
  const pairs = [
    { ref: chainRef(writer), copy: `${remoteChainPrefix(remote)}${writer}` },
    { ref: notesRef(writer), copy: null },
  ];
  const plan: RefPush[] = [];
  for (const { ref, copy } of pairs) {
    const [tip, base] = await Promise.all([repo.readRef(ref), copy ? repo.readRef(copy) : lastPushedNotes(repo, remote, ref)]);
    const local = tip && opts.nowip && copy ? await strippedTip(repo, writer, tip) : tip;
    if (!local) {
      if (base && (await isCoveredByRewrite(repo, ref, base))) plan.push({ ref, local: null, base, copy, mode: 'lease' });
      continue;
    }
    let mode: RefPush['mode'] = 'fast-forward';
    if (base === local) mode = 'up-to-date';
    else if (base && !(await isFastForward(repo, base, local)) && (await isReplaceable(repo, writer, ref, base, copy ? local : null))) mode = 'lease';
    plan.push({ ref, local, base, copy, mode });
  }
  return plan;
}

/**
 * The remote's copy may be replaced (with a lease) when it holds nothing this
 * clone lacks: tips this clone rewrote on purpose (prune, drop), or — for the
 * chain — checkpoints whose ids are all on the chain being sent (the same
 * checkpoints with or without their wip trees, after checkpoint.autoPush
 * changed between true and nowip). A chain saved under the same writer id by
 * another clone has ids of its own and is never replaced.
 */
async function isReplaceable(repo: Repo, writer: string, ref: string, base: ObjectId, local: ObjectId | null): Promise<boolean> {
  if (await isCoveredByRewrite(repo, ref, base)) return true;
  // The remote holds the nowip twins of a chain this clone rewrote: judged by their originals.
  const original = await originalOf(repo, base);
  if (original && (await isCoveredByRewrite(repo, ref, original))) return true;
  if (!local || !(await repo.hasObject(base))) return false;
  const ids = async (tip: ObjectId) => (await readOwnCommits(repo, writer, tip)).commits.map((c) => parseMessage(c.message).id);
  const [there, here] = await Promise.all([ids(base), ids(local)]);
  const have = new Set(here);
  return there.length > 0 && there.every((id) => id !== null && have.has(id));
}

async function isFastForward(repo: Repo, base: ObjectId, local: ObjectId): Promise<boolean> {
  return (await repo.hasObject(base)) && repo.isAncestor(base, local);
}

/**
 * Performs the plan; a rejected ref is reported in the result, never retried
 * with force. `dryRun`: git's own `push --dry-run` (it asks the remote and
 * reports, transfers nothing), and nothing is recorded locally.
 */
export async function applyPush(repo: Repo, remote: string, writer: string, plan: RefPush[], opts: { dryRun?: boolean } = {}): Promise<PushReport> {
  const chain = plan.find((p) => p.ref === chainRef(writer));
  const [pushed, withWip] = chain ? await Promise.all([countNew(repo, writer, chain), newWithWip(repo, writer, chain)]) : [0, 0];
  const leases: Lease[] = plan.filter((p) => p.mode === 'lease').map((p) => ({ ref: p.ref, expected: p.base }));
  // Up-to-date refs go too: the remote may have lost them (a fresh remote, a deleted ref).
  const refspecs = plan.map((p) => `${p.local ?? ''}:${p.ref}`);
  const out = await repo.pushRefs(remote, refspecs, { atomic: true, leases, dryRun: Boolean(opts.dryRun) });
  const rejected = out.refs.filter((r) => r.flag === '!');
  const ok = out.ok && rejected.length === 0;
  const bookkeeping = ok && !opts.dryRun ? await recordPushed(repo, remote, writer, plan) : null;
  const error = ok ? null : rejected.map((r) => `${r.ref} ${r.summary}`).join('; ') || gitComplaint(out.stderr);
  const moved = out.refs.some((r) => r.flag !== '=' && r.flag !== '!');
  return {
    remote, writer, ok, refs: out.refs, error, bookkeeping, dryRun: Boolean(opts.dryRun),
    pushed: ok && moved ? pushed : 0,
    withWip: ok && moved ? withWip : 0,
    rewrote: ok && out.refs.some((r) => (r.flag === '+' || r.flag === '-') && r.ref === chainRef(writer)),
  };
}

/** Checkpoints on the local chain that are not on the remote copy (by id: a rewrite keeps ids); own commits only. */
async function countNew(repo: Repo, writer: string, p: RefPush): Promise<number> {
  if (!p.local) return 0;
  const base = p.base && (await repo.hasObject(p.base)) ? p.base : null;
  const ids = async (tip: ObjectId) => new Set((await readOwnCommits(repo, writer, tip)).commits.map((c) => parseMessage(c.message).id ?? c.oid));
  // The own chain numbers its commits (Checkpoint-Seq, renumbered by prune and drop): a first push or a
  // fast-forward counts from two trailers, not a walk of the whole chain. Older chains without them are walked.
  const seqOf = async (oid: ObjectId) => {
    const commit = await repo.readCommit(oid);
    return commit && !isForeign(commit, writer) ? parseMessage(commit.message).seq : null;
  };
  if (!base) return (await seqOf(p.local)) ?? (await ids(p.local)).size;
  if (p.mode !== 'lease') {
    const [tip, there] = await Promise.all([seqOf(p.local), seqOf(base)]);
    if (tip !== null && there !== null && tip >= there) return tip - there;
    const walked = await repo.walkCommits([p.local], { firstParent: true, exclude: [base] });
    const end = walked.findIndex((c) => isForeign(c, writer));
    return end < 0 ? walked.length : end;
  }
  const [local, there] = await Promise.all([ids(p.local), ids(base)]);
  return [...local].filter((id) => !there.has(id)).length;
}

/** Of the new checkpoints (the newest 200 at most), how many carry uncommitted files in a wip tree. */
async function newWithWip(repo: Repo, writer: string, p: RefPush): Promise<number> {
  if (!p.local) return 0;
  const base = p.base && p.mode !== 'lease' && (await repo.hasObject(p.base)) ? [p.base] : [];
  const walked = await repo.walkCommits([p.local], { firstParent: true, exclude: base, limit: 200 });
  const end = walked.findIndex((c) => isForeign(c, writer));
  const records = await Promise.all((end < 0 ? walked : walked.slice(0, end)).map((c) => readRecordAt(repo, c.oid)));
  const trees = await Promise.all((end < 0 ? walked : walked.slice(0, end)).map((c) => repo.readTree(c.tree)));
  return records.filter((r, i) => r.ok && r.value.git.worktree.total > 0 && trees[i]?.some((e) => e.name === 'wip')).length;
}

/** After a push that landed: the local records of it, each tried; null when all went well, else what failed. */
async function recordPushed(repo: Repo, remote: string, writer: string, plan: RefPush[]): Promise<string | null> {
  const failed: string[] = [];
  for (const p of plan) {
    await rememberPushed(repo, remote, p).catch((err: Error) => failed.push(`${p.copy ?? 'pushed-notes'}: ${err.message}`));
  }
  await dropOwnNotesCopies(repo, writer).catch((err: Error) => failed.push(`remote notes copies: ${err.message}`));
  return failed.length ? failed.join('; ') : null;
}

/** Moves the remote copy to what the remote now holds: the lease base of the next push. */
async function rememberPushed(repo: Repo, remote: string, p: RefPush): Promise<void> {
  if (p.copy === null) return rememberPushedNotes(repo, remote, p.ref, p.local);
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await repo.readRef(p.copy);
    if (current === p.local) return;
    if (p.local === null ? await repo.deleteRef(p.copy, current!) : await repo.updateRef(p.copy, p.local, current, 'checkpoint: push')) return;
  }
  throw new RefConflictError(`cannot update ${p.copy}: it kept moving`);
}

/**
 * `<remote> <ref> <oid>` lines: what each remote was last sent of the own
 * notes, so a pre-push with nothing new sends nothing. Only push writes it:
 * notes rewound on the remote by someone else are sent again at the next
 * change of the local notes, not before.
 */
const PUSHED_NOTES_FILE = 'pushed-notes';

async function readPushedNotes(repo: Repo): Promise<string[][]> {
  const text = (await repo.readGitFile(PUSHED_NOTES_FILE, 'common')) ?? '';
  return text.split('\n').map((line) => line.split(' ')).filter((f) => f.length === 3);
}

async function lastPushedNotes(repo: Repo, remote: string, ref: string): Promise<ObjectId | null> {
  return (await readPushedNotes(repo)).find(([r, name]) => r === remote && name === ref)?.[2] ?? null;
}

/** Last writer wins: a stale value only makes the next push send refs git finds up to date. */
async function rememberPushedNotes(repo: Repo, remote: string, ref: string, oid: ObjectId | null): Promise<void> {
  const rest = (await readPushedNotes(repo)).filter(([r, name]) => r !== remote || name !== ref);
  const lines = [...rest, ...(oid ? [[remote, ref, oid]] : [])].map((f) => `${f.join(' ')}\n`);
  await repo.writeGitFile(PUSHED_NOTES_FILE, lines.join(''), 'common');
}


/**
 * What to do about a refused push, for `push` and the pre-push hook alike. A
 * refused fast-forward of the own chain (no prune or drop to replace it
 * after) means the remote holds checkpoints under this writer id that this
 * clone did not save: another copy of the repository saves under the same
 * id (writer-copies.ts). Never forced: fetch, then give this copy its own id.
 */
export function rejectionAdvice(report: Pick<PushReport, 'refs' | 'writer'>, remote: string): string {
  if (report.refs.some((r) => r.flag === '!' && /fetch first|non-fast-forward|stale info/.test(r.summary))) {
    return `the remote holds checkpoints under your writer id (${report.writer}) that this clone did not save, nothing was overwritten: ` +
      `another copy of this repository (a copied .git, a restored backup) saves under the same id. ` +
      `Fetch them with: git checkpoint fetch ${remoteWord(remote)}; then give this copy a writer id of its own with: git checkpoint doctor --fix`;
  }
  return `check the remote with: git ls-remote ${remoteWord(remote)}`;
}
