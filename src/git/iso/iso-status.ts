/**
 * `git status` for the isomorphic-git backend: branch, upstream and
 * ahead/behind counts, and isomorphic-git's statusMatrix turned into the
 * porcelain-v2 codes the CLI backend reads from git.
 */
import git from 'isomorphic-git';
import type { IsoContext } from './iso-context.js';
import { readRef } from './iso-refs.js';
import { upstreamOf } from './iso-upstream.js';
import { reachableFrom } from './iso-walk.js';
import type { ObjectId, StatusEntry, WorktreeStatus } from '../repo.js';


/** Branch, upstream with ahead/behind counts, and every dirty path (untracked included). */
export async function status(ctx: IsoContext): Promise<WorktreeStatus> {
  const branch = await headBranch(ctx);
  const head = await readRef(ctx, 'HEAD');
  const upstream = branch ? await upstreamOf(ctx, branch) : null;
  const upOid = upstream ? await readRef(ctx, upstream.ref) : null;
  const counts = head && upOid ? await aheadBehind(ctx, head, upOid) : { ahead: 0, behind: 0 };
  const entries = await statusEntries(ctx);
  return { branch, head, upstream: upstream?.name ?? null, ...counts, entries };
}

/** The branch HEAD points at (short name); null when detached. */
export async function headBranch(ctx: IsoContext): Promise<string | null> {
  const ref = await git.currentBranch({ fs: ctx.fs, gitdir: ctx.gitdir, fullname: true });
  return ref && ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
}

async function aheadBehind(ctx: IsoContext, head: ObjectId, upstream: ObjectId): Promise<{ ahead: number; behind: number }> {
  const [mine, theirs] = await Promise.all([reachableFrom(ctx, [head]), reachableFrom(ctx, [upstream])]);
  const ahead = [...mine].filter((oid) => !theirs.has(oid)).length;
  const behind = [...theirs].filter((oid) => !mine.has(oid)).length;
  return { ahead, behind };
}

async function statusEntries(ctx: IsoContext): Promise<StatusEntry[]> {
  const matrix = await git.statusMatrix({ fs: ctx.fs, dir: ctx.dir, gitdir: ctx.gitdir, cache: {} });
  const entries = matrix.flatMap(([path, head, workdir, stage]) =>
    porcelainCodes(head, workdir, stage).map((xy) => ({ path, xy })),
  );
  // Stable sort: a path both deleted from the index and untracked keeps 'D.' before '??', as git prints them.
  return entries.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
}

/**
 * Porcelain-v2 XY codes from one statusMatrix row (HEAD 0/1; workdir 0 absent,
 * 1 same as HEAD, 2 differs; stage 0 absent, 1 same as HEAD, 2 same as workdir,
 * 3 differs from both). A path removed from the index but still on disk is
 * both 'D.' and '??', as in git.
 */
export function porcelainCodes(head: number, workdir: number, stage: number): string[] {
  if (head === 0) {
    if (stage === 0) return workdir === 0 ? [] : ['??'];
    return [stage === 2 ? 'A.' : workdir === 0 ? 'AD' : 'AM'];
  }
  if (stage === 0) return workdir === 0 ? ['D.'] : ['D.', '??'];
  const x = stage === 1 ? '.' : 'M';
  const y = workdir === 0 ? 'D' : stage === 2 || (stage === 1 && workdir === 1) ? '.' : 'M';
  return x === '.' && y === '.' ? [] : [x + y];
}
