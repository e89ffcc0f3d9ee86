/**
 * Fetch and push with the git binary (SPEC §5): every transport git knows
 * (file, ssh, git://, http(s)) with the user's credentials, helpers and config.
 */
import type { Lease, PushedRef, PushOutcome, RefRecord } from '../repo.js';
import { runGit, type RunOptions } from './run-git.js';

/** Never ask on a terminal we do not own: a missing credential fails instead of hanging. */
const QUIET_ENV = { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };

/** `git fetch --no-write-fetch-head` of exactly `refspecs` (no configured ones, no tags). */
export async function fetchRefs(opts: RunOptions, remote: string, refspecs: string[]): Promise<{ ok: boolean; stderr: string }> {
  const args = ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--no-recurse-submodules', '--end-of-options', remote, ...refspecs];
  const res = await runGit(args, { ...opts, extraEnv: QUIET_ENV });
  return { ok: res.code === 0, stderr: res.stderr };
}

/** `git ls-remote --refs` of `patterns` on `remote`: `<oid>\t<ref>` lines; refs null when git fails. */
export async function listRemoteRefs(opts: RunOptions, remote: string, patterns: string[]): Promise<{ refs: RefRecord[] | null; stderr: string }> {
  const res = await runGit(['ls-remote', '--refs', '--end-of-options', remote, ...patterns], { ...opts, extraEnv: QUIET_ENV });
  if (res.code !== 0) return { refs: null, stderr: res.stderr };
  const refs = res.stdout.toString('utf8').split('\n').flatMap((line) => {
    const m = /^([0-9a-f]{40}|[0-9a-f]{64})\t(\S+)$/.exec(line);
    return m ? [{ oid: m[1]!, name: m[2]! }] : [];
  });
  return { refs, stderr: res.stderr };
}

/**
 * `git push --porcelain --no-verify`: our own push must not run the user's
 * pre-push hook, which (installed by us) would push checkpoints again.
 */
export async function pushRefs(
  opts: RunOptions,
  remote: string,
  refspecs: string[],
  o: { atomic: boolean; leases: Lease[]; dryRun?: boolean },
): Promise<PushOutcome> {
  const args = ['push', '--porcelain', '--no-verify'];
  if (o.dryRun) args.push('--dry-run');
  if (o.atomic) args.push('--atomic');
  for (const lease of o.leases) args.push(`--force-with-lease=${lease.ref}:${lease.expected ?? ''}`);
  args.push('--end-of-options', remote, ...refspecs);
  const res = await runGit(args, { ...opts, extraEnv: QUIET_ENV });
  return { ok: res.code === 0, refs: parsePushPorcelain(res.stdout.toString('utf8')), stderr: res.stderr };
}

/** Reads `<flag>\t<from>:<to>\t<summary>` lines of `git push --porcelain`. */
export function parsePushPorcelain(text: string): PushedRef[] {
  const refs: PushedRef[] = [];
  for (const line of text.split('\n')) {
    const m = /^([ +\-*=!])\t([^\t]*):([^\t]*)\t(.*)$/.exec(line);
    if (m) refs.push({ flag: m[1] as PushedRef['flag'], ref: m[3] ?? '', summary: m[4] ?? '' });
  }
  return refs;
}
