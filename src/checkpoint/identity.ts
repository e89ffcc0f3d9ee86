/** Who is saving: the git identity, and this clone's writer id (SPEC §3). */
import type { Repo } from '../git/repo.js';
import { makeWriterId } from './ids.js';
import { WRITER_PATTERN } from './refs.js';

export const FALLBACK_AUTHOR = { name: 'git-checkpoint', email: 'checkpoint@localhost' };
const WRITER_KEY = 'checkpoint.writer';
const LOCK = 'writer.lock';

export interface Identity {
  name: string;
  email: string;
  /** True when neither the environment nor config named the user. */
  isFallback: boolean;
}

/** The author identity git would use: GIT_AUTHOR_* first, then user.name / user.email. */
export async function readIdentity(repo: Repo, env: Record<string, string | undefined>): Promise<Identity> {
  const name = env.GIT_AUTHOR_NAME || (await repo.getConfig('user.name'));
  const email = env.GIT_AUTHOR_EMAIL || (await repo.getConfig('user.email'));
  if (!name || !email) return { ...FALLBACK_AUTHOR, isFallback: true };
  // Git strips these from identities; a commit header cannot hold them.
  const clean = (s: string) => s.replace(/[<>\n\0]/g, '').trim();
  return { name: clean(name) || FALLBACK_AUTHOR.name, email: clean(email) || FALLBACK_AUTHOR.email, isFallback: false };
}

/** The configured writer id, or null when this clone has not saved yet (or the value is not a writer id). */
export async function readWriter(repo: Repo): Promise<string | null> {
  const value = await repo.getConfig(WRITER_KEY);
  return value && WRITER_PATTERN.test(value) ? value : null;
}

/**
 * Returns the writer id, creating it on first use. Concurrent first saves
 * (several processes, several worktrees) agree on one id: the creator holds
 * an exclusive lock file in the common git dir while it writes the config.
 */
export async function ensureWriter(repo: Repo, identity: Identity, random: () => number): Promise<string> {
  const existing = await readWriter(repo);
  if (existing) return existing;
  for (let attempt = 0; attempt < 250; attempt++) {
    if (await repo.createGitFileExclusive(LOCK, String(attempt), 'common')) {
      try {
        repo.reloadConfig();
        const now = await readWriter(repo);
        if (now) return now;
        const writer = makeWriterId(identity.isFallback ? {} : identity, random);
        await repo.setConfig(WRITER_KEY, writer);
        return writer;
      } finally {
        await repo.deleteGitFile(LOCK, 'common');
      }
    }
    await sleep(20);
    repo.reloadConfig();
    const now = await readWriter(repo);
    if (now) return now;
  }
  throw new Error(`could not create ${WRITER_KEY}: ${LOCK} stays locked (remove it if no save is running)`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
