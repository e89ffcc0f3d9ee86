/**
 * Pushes the own writer's chain and notes with plain `git push` and the
 * refspecs of SPEC §3 (fast-forward only; never another writer's refs).
 * Used by the pre-push hook, hence `--no-verify`: it must not run hooks again.
 */
import { pushQuietly, type GitEnv } from '../git/admin.js';
import type { Repo } from '../git/repo.js';
import { chainRef, notesRef, pushRefspecs } from './refs.js';

export interface PushAlongResult {
  ok: boolean;
  /** Refspecs pushed (only refs that exist locally). */
  pushed: string[];
  /** git's last error line when it failed. */
  error: string;
}

export async function pushOwnCheckpoints(repo: Repo, env: GitEnv, remote: string, writer: string): Promise<PushAlongResult> {
  const [chain, notes] = await Promise.all([repo.readRef(chainRef(writer)), repo.readRef(notesRef(writer))]);
  const [chainSpec, notesSpec] = pushRefspecs(writer);
  const specs = [chain ? chainSpec : null, notes ? notesSpec : null].filter((s): s is string => Boolean(s));
  if (!specs.length) return { ok: true, pushed: [], error: '' };
  const res = await pushQuietly(repo.info, env, ['--no-verify', '--quiet', remote, ...specs]);
  return { ok: res.ok, pushed: specs, error: res.error };
}
