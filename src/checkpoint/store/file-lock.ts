/**
 * A lock file of this tool's in the git dir, held while `fn` runs. It holds
 * the holder's pid and start time: one whose process is gone, or older than
 * `staleMs`, was left by a run that died and is taken over, so a crash never
 * blocks the next run. Waits up to `waitMs` for a live holder, then fails.
 */
import { OperationError } from '../../errors.js';
import type { Repo } from '../../git/repo.js';

export interface LockOptions {
  scope: 'worktree' | 'common';
  waitMs: number;
  staleMs: number;
  now: () => Date;
  /** What is waited for, for the error: "another first save". */
  holder: string;
}

const REFUSED = new Set(['ENOSPC', 'EROFS', 'EACCES', 'EPERM', 'EDQUOT']);

type LockRepo = Pick<Repo, 'createGitFileExclusive' | 'readGitFile' | 'deleteGitFile'>;

export async function withGitFileLock<T>(repo: LockRepo, name: string, opts: LockOptions, fn: () => Promise<T>): Promise<T> {
  // Waiting is measured on the monotonic clock: `now` (the record's clock) may be fixed in tests.
  const until = performance.now() + opts.waitMs;
  for (let attempt = 0; ; attempt++) {
    const taken = await repo.createGitFileExclusive(name, `${process.pid} ${opts.now().getTime()}`, opts.scope).catch((err: NodeJS.ErrnoException) => {
      // A file system that takes no writes (full, read-only, denied) holds no lock: nothing can be written
      // under it either, and the write steps of `fn` report the failure in their own words.
      if (REFUSED.has(err.code ?? '')) return 'unlocked' as const;
      throw err;
    });
    if (taken === 'unlocked') return fn();
    if (taken) break;
    await removeStale(repo, name, opts);
    if (performance.now() > until) {
      throw new OperationError(`${opts.holder} holds the lock checkpoint/${name} in the ${opts.scope === 'common' ? 'common ' : ''}git dir`, {
        hint: `try again when it is done; if none is running, remove the file`,
      });
    }
    await new Promise((r) => setTimeout(r, Math.min(100, 10 + attempt * 5)));
  }
  try {
    return await fn();
  } finally {
    await repo.deleteGitFile(name, opts.scope).catch(() => {});
  }
}

async function removeStale(repo: LockRepo, name: string, opts: LockOptions): Promise<void> {
  const content = await repo.readGitFile(name, opts.scope);
  if (content === null || !isStale(content, opts)) return;
  // Read again just before removing: another waiter may have replaced it with a live lock.
  if ((await repo.readGitFile(name, opts.scope)) === content) await repo.deleteGitFile(name, opts.scope);
}

function isStale(content: string, opts: LockOptions): boolean {
  const [pidText, timeText] = content.trim().split(' ');
  const time = Number(timeText ?? pidText);
  if (!Number.isFinite(time) || opts.now().getTime() - time > opts.staleMs) return true;
  const pid = timeText === undefined ? NaN : Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
