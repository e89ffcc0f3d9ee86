/**
 * What agent hooks remember in the git directory (common to all worktrees):
 * - `agent-sessions`: per agent session id, the checkpoint its last
 *   pre-compact hook saved (so the session-start hook injects that one, not
 *   whatever is newest), when, and a fingerprint of what was saved (so a
 *   compaction that fires the hook several times saves once); the newest
 *   SESSIONS_KEPT sessions are kept;
 * - `agent-hook-failure`: the last agent-hook failure, which `doctor`
 *   reports; a successful save clears it.
 */
import type { Repo } from '../git/repo.js';

const SESSIONS_FILE = 'agent-sessions';
const FAILURE_FILE = 'agent-hook-failure';
export const SESSIONS_KEPT = 200;

export interface SessionEntry {
  checkpoint: string;
  savedAt: string;
  fingerprint: string;
  /** Set by a save before a compaction; cleared by the first injection after it (Gemini CLI's BeforeAgent). */
  pendingInject?: boolean;
  /** The last recap injected into the session, and when; a pre-compaction hook clears it (the context it went into is being compacted). */
  lastInjection?: { checkpoint: string; at: string };
}

export interface HookFailure {
  at: string;
  agent: string;
  hook: string;
  message: string;
}

type Sessions = Record<string, SessionEntry>;

async function readJson<T>(repo: Repo, name: string): Promise<T | null> {
  const text = await repo.readGitFile(name, 'common').catch(() => null);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export async function readSession(repo: Repo, sessionId: string): Promise<SessionEntry | null> {
  const all = await readJson<Sessions>(repo, SESSIONS_FILE);
  const entry = all && Object.hasOwn(all, sessionId) ? all[sessionId] : undefined;
  return entry && typeof entry.checkpoint === 'string' ? entry : null;
}

/** Records (or with null, forgets) one session's entry; the oldest entries go past SESSIONS_KEPT. */
export async function writeSession(repo: Repo, sessionId: string, entry: SessionEntry): Promise<void> {
  const all = (await readJson<Sessions>(repo, SESSIONS_FILE)) ?? {};
  delete all[sessionId];
  all[sessionId] = entry;
  const ids = Object.keys(all);
  for (const id of ids.slice(0, Math.max(0, ids.length - SESSIONS_KEPT))) delete all[id];
  await repo.writeGitFile(SESSIONS_FILE, `${JSON.stringify(all, null, 1)}\n`, 'common');
}

export async function recordFailure(repo: Repo, failure: HookFailure): Promise<void> {
  await repo.writeGitFile(FAILURE_FILE, `${JSON.stringify(failure)}\n`, 'common');
}

export async function clearFailure(repo: Repo): Promise<void> {
  await repo.deleteGitFile(FAILURE_FILE, 'common');
}

export async function readFailure(repo: Repo): Promise<HookFailure | null> {
  const f = await readJson<HookFailure>(repo, FAILURE_FILE);
  return f && typeof f.message === 'string' ? f : null;
}

/** A short, stable hash (FNV-1a, 32 bits, hex) for comparing what two saves would hold. */
export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
