/** Who is saving: the git identity, and this clone's writer id (SPEC §3). */
import { badConfigValue, WRITER_PATTERN } from '../config/config-values.js';
import { withGitFileLock } from './file-lock.js';
import type { Repo } from '../../git/repo.js';

export const FALLBACK_AUTHOR = { name: 'git-checkpoint', email: 'checkpoint@localhost' };
const WRITER_KEY = 'checkpoint.writer';
const LOCK = 'writer.lock';
const STALE_LOCK_MS = 10_000;

export interface Identity {
  name: string;
  email: string;
  /** True when neither the environment nor config named the user. */
  isFallback: boolean;
}

/** The author identity git would use: GIT_AUTHOR_* first, then user.name / user.email. */
export async function readIdentity(repo: Repo, env: Record<string, string | undefined>): Promise<Identity> {
  // Git strips these from identities; a commit header cannot hold them.
  const clean = (s: string | null | undefined) => (s ?? '').replace(/[<>\n\0]/g, '').trim();
  const name = clean(env.GIT_AUTHOR_NAME || (await repo.getConfig('user.name')));
  const email = clean(env.GIT_AUTHOR_EMAIL || (await repo.getConfig('user.email')));
  // Nothing usable left is no identity at all: the fallback, with its warning (SPEC §3).
  if (!name || !email) return { ...FALLBACK_AUTHOR, isFallback: true };
  return { name, email, isFallback: false };
}

/**
 * The configured writer id; null when unset (this clone has not saved yet).
 * A value that is not a writer id is a fatal error (exit 128), as git treats
 * a value it cannot parse, never read as "no writer": a new id at every save
 * would scatter one clone's checkpoints over many chains, and a command that
 * took it for "none" would say there is nothing of yours.
 */
export async function readWriter(repo: Pick<Repo, 'getConfig'>): Promise<string | null> {
  const value = await repo.getConfig(WRITER_KEY);
  if (value === null) return null;
  if (WRITER_PATTERN.test(value)) return value;
  throw badConfigValue(WRITER_KEY, value, 'other', 'expected <slug>-<6 of [a-z0-9]>, lowercase');
}

/** readWriter, by the name the save path has long used. */
export const readWriterStrict = readWriter;

/**
 * Returns the writer id, claiming `candidate` on first use. Concurrent first saves
 * (several processes, several worktrees) agree on one id: the creator holds
 * an exclusive lock file in the common git dir while it writes the config
 * (file-lock.ts: a lock left by a save that died is taken over).
 */
export async function ensureWriter(repo: Repo, candidate: string, now: () => Date): Promise<string> {
  const existing = await readWriterStrict(repo);
  if (existing) return existing;
  const opts = { scope: 'common', waitMs: 30_000, staleMs: STALE_LOCK_MS, now, holder: 'another first save' } as const;
  return withGitFileLock(repo, LOCK, opts, async () => {
    repo.reloadConfig();
    const current = await readWriterStrict(repo);
    if (current) return current;
    await repo.setConfig(WRITER_KEY, candidate);
    return candidate;
  });
}
