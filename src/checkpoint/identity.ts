/** Who is saving: the git identity, and this clone's writer id (SPEC §3). */
import { FatalError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { WRITER_PATTERN } from './refs.js';

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

/** The configured writer id, or null when this clone has not saved yet (or the value is not a writer id). */
export async function readWriter(repo: Repo): Promise<string | null> {
  const value = await repo.getConfig(WRITER_KEY);
  return value && WRITER_PATTERN.test(value) ? value : null;
}

/**
 * The configured writer id; null when unset. A value that is not a writer id
 * is a fatal error (exit 128), never replaced silently: a new id at every save
 * would scatter one clone's checkpoints over many chains.
 */
export async function readWriterStrict(repo: Repo): Promise<string | null> {
  const value = await repo.getConfig(WRITER_KEY);
  if (value === null) return null;
  if (WRITER_PATTERN.test(value)) return value;
  throw new FatalError(`bad config value '${value}' for '${WRITER_KEY}' (expected <slug>-<6 of [a-z0-9]>, lowercase)`, {
    hint: `fix it with: git config ${WRITER_KEY} <id>, or remove it (git config --unset ${WRITER_KEY}) to get a new one`,
  });
}

/**
 * Returns the writer id, claiming `candidate` on first use. Concurrent first saves
 * (several processes, several worktrees) agree on one id: the creator holds
 * an exclusive lock file in the common git dir while it writes the config.
 * The lock holds its creation time; one older than STALE_LOCK_MS was left by
 * a save that died (it is held for milliseconds) and is removed, so a crash
 * never blocks the next first save.
 */
export async function ensureWriter(repo: Repo, candidate: string, now: () => Date): Promise<string> {
  const existing = await readWriterStrict(repo);
  if (existing) return existing;
  for (let attempt = 0; attempt < 250; attempt++) {
    if (await repo.createGitFileExclusive(LOCK, String(now().getTime()), 'common')) {
      try {
        repo.reloadConfig();
        const current = await readWriterStrict(repo);
        if (current) return current;
        await repo.setConfig(WRITER_KEY, candidate);
        return candidate;
      } finally {
        await repo.deleteGitFile(LOCK, 'common');
      }
    }
    await removeStaleLock(repo, now());
    await sleep(20);
    repo.reloadConfig();
    const current = await readWriterStrict(repo);
    if (current) return current;
  }
  throw new Error(`could not create ${WRITER_KEY}: ${LOCK} stays locked (remove it if no save is running)`);
}

async function removeStaleLock(repo: Repo, now: Date): Promise<void> {
  const content = await repo.readGitFile(LOCK, 'common');
  if (content === null || now.getTime() - Number(content) < STALE_LOCK_MS) return;
  // Read again just before removing: another waiter may have replaced it with a live lock.
  if ((await repo.readGitFile(LOCK, 'common')) === content) await repo.deleteGitFile(LOCK, 'common');
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
