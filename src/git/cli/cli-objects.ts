/**
 * Object reads and writes for the CLI backend. Reads go through the running
 * `cat-file --batch` (no subprocess each); writes are done in-process as loose
 * objects, or by git itself in a shared repository.
 */
import type { CliContext } from './cli-context.js';
import { parseCommit, parseTree, subjectOf } from '../object-parse.js';
import { checkTreeEntries, formatGitDate, renderCommit, renderTree } from '../object-write.js';
import type { CappedBlob, CommitInfo, NewCommit, TreeEntry } from '../repo.js';
import { gitOk } from './run-git.js';

/** The blob's bytes; null when the object is missing or not a blob. */
export async function readBlob(ctx: CliContext, oid: string): Promise<Uint8Array | null> {
  const obj = await ctx.batch.read(oid);
  return obj?.type === 'blob' ? obj.data : null;
}

/** The blob at `path` in `commit`'s tree; null when absent or not a blob. */
export async function readBlobAt(ctx: CliContext, commit: string, path: string): Promise<Uint8Array | null> {
  const obj = await ctx.batch.read(`${commit}:${path}`);
  return obj?.type === 'blob' ? obj.data : null;
}

/** A blob over `maxBytes` is never held: git streams it and it is dropped as it arrives (one process, one round trip). */
export async function readBlobAtCapped(ctx: CliContext, commit: string, path: string, maxBytes: number): Promise<CappedBlob | null> {
  const obj = await ctx.batch.read(`${commit}:${path}`, maxBytes);
  if (obj?.type !== 'blob') return null;
  return obj.skipped ? { size: obj.size, data: null } : { size: obj.size, data: obj.data };
}

/** The tree's entries; null when the object is missing or not a tree. */
export async function readTree(ctx: CliContext, oid: string): Promise<TreeEntry[] | null> {
  const obj = await ctx.batch.read(oid);
  if (obj?.type !== 'tree') return null;
  return parseTree(obj.data, ctx.info.objectFormat === 'sha256' ? 32 : 20);
}

/** Larger commits are not read (a fetched ref may name anything): git's own are kilobytes. */
const MAX_COMMIT_BYTES = 8 << 20;

/** The parsed commit; null when the object is missing, not a commit, or over MAX_COMMIT_BYTES. */
export async function readCommit(ctx: CliContext, oid: string): Promise<CommitInfo | null> {
  const obj = await ctx.batch.read(oid, MAX_COMMIT_BYTES);
  return obj?.type === 'commit' && !obj.skipped ? parseCommit(oid, obj.data) : null;
}

/**
 * First-parent history of HEAD, newest first, at most `n`; empty on an
 * unborn branch. Asked of the running `cat-file --batch` (it resolves `HEAD`
 * and follows replace refs as `git log` does): no process of its own.
 */
export async function recentCommits(ctx: CliContext, n: number): Promise<{ oid: string; subject: string }[]> {
  const out: { oid: string; subject: string }[] = [];
  for (let name: string | undefined = 'HEAD'; name && out.length < n;) {
    const obj = await ctx.batch.read(name, MAX_COMMIT_BYTES);
    if (obj?.type !== 'commit' || obj.skipped) break;
    const commit = parseCommit(obj.oid, obj.data);
    out.push({ oid: obj.oid, subject: subjectOf(commit.message) });
    name = commit.parents[0];
  }
  return out;
}

/** True when the object exists (asked of the running `cat-file --batch-check`). */
export async function hasObject(ctx: CliContext, oid: string): Promise<boolean> {
  return (await ctx.check.read(oid)) !== null;
}

export async function writeBlob(ctx: CliContext, data: Uint8Array | string): Promise<string> {
  if (await writesDirectly(ctx)) {
    return (await looseObjects()).writeLooseObject(ctx.objectsDir, 'blob', typeof data === 'string' ? Buffer.from(data) : data, ctx.info.objectFormat);
  }
  const out = await gitOk(['hash-object', '-w', '-t', 'blob', '--stdin'], { ...ctx.opts, input: data });
  return out.toString('utf8').trim();
}

export async function writeTree(ctx: CliContext, entries: TreeEntry[]): Promise<string> {
  if (await writesDirectly(ctx)) return (await looseObjects()).writeLooseObject(ctx.objectsDir, 'tree', renderTree(entries), ctx.info.objectFormat);
  checkTreeEntries(entries);
  const input = entries.map((e) => `${e.mode} ${e.type} ${e.oid}\t${e.name}\0`).join('');
  const out = await gitOk(['mktree', '-z'], { ...ctx.opts, input });
  return out.toString('utf8').trim();
}

export async function writeCommit(ctx: CliContext, c: NewCommit): Promise<string> {
  if (await writesDirectly(ctx)) {
    return (await looseObjects()).writeLooseObject(ctx.objectsDir, 'commit', Buffer.from(renderCommit(c)), ctx.info.objectFormat);
  }
  const args = ['commit-tree', '--no-gpg-sign', c.tree, ...c.parents.flatMap((p) => ['-p', p]), '-F', '-'];
  const extraEnv = {
    GIT_AUTHOR_NAME: c.author.name, GIT_AUTHOR_EMAIL: c.author.email, GIT_AUTHOR_DATE: formatGitDate(c.author),
    GIT_COMMITTER_NAME: c.committer.name, GIT_COMMITTER_EMAIL: c.committer.email,
    GIT_COMMITTER_DATE: formatGitDate(c.committer),
  };
  const out = await gitOk(args, { ...ctx.opts, input: c.message, extraEnv });
  return out.toString('utf8').trim();
}

/** crypto and zlib load only for a command that writes: a read-only one (list, the post-checkout hook) never pays for them. */
function looseObjects(): Promise<typeof import('../loose-objects.js')> {
  return import('../loose-objects.js');
}

/**
 * Objects are written in-process unless the repository is shared between
 * users (core.sharedRepository: git then sets group permissions we leave to git).
 */
async function writesDirectly(ctx: CliContext): Promise<boolean> {
  const shared = (await ctx.config.get('core.sharedRepository'))?.toLowerCase();
  return !shared || shared === 'false' || shared === 'umask' || shared === '0';
}
