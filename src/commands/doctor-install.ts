/**
 * `doctor`'s look at what `install` sets up (SPEC §5, §10): the two hooks and
 * the config values. Not installed is not a failure (install is optional);
 * installed but outdated or incomplete is, with the command that mends it.
 */
import { planConfig } from '../install/config-plan.js';
import { join } from 'node:path';
import { readHookFacts, planHook, removeStagedLeftovers } from '../install/hook-plan.js';
import { GIT_FILES_DIR } from '../git/git-files.js';
import { removeLeftovers } from '../git/cli/leftovers.js';
import { detectManager } from '../install/managers.js';
import { hooksDirectory, type GitEnv } from '../git/cli/admin.js';
import type { Repo } from '../git/repo.js';
import { visible } from '../text/sanitize.js';

export interface Finding {
  check: string;
  ok: boolean;
  detail: string;
}

/**
 * Findings for the hooks and the config; none on a backend without hooks
 * (isomorphic-git). Temporary files that killed runs left (scripts staged by
 * an install, files in the git dir) are removed on the way, and said so.
 */
export async function checkInstall(repo: Repo, env: GitEnv, writer: string | null): Promise<Finding[]> {
  if (repo.backend !== 'cli' || !repo.info.workTree) return [];
  const manager = await detectManager(repo.info.workTree, await repo.getConfig('core.hooksPath'));
  const dir = await hooksDirectory(repo.info, env);
  const swept = [
    ...(manager ? [] : (await removeStagedLeftovers(dir)).map((name) => join(dir, name))),
    ...(await sweepGitDirs(repo)),
  ];
  const steps = (await readHookFacts(dir)).map((facts) => planHook(facts, false));
  const ours = steps.filter((s) => s.kind === 'unchanged' || s.kind === 'update');
  const installed = ours.length > 0;
  const hooks: Finding = manager && !installed
    ? { check: 'hooks', ok: true, detail: `managed by ${manager.name}: see git checkpoint install for the snippet` }
    : !installed
      ? { check: 'hooks', ok: true, detail: 'not installed (optional: git checkpoint install)' }
      : describeHooks(steps.map((s) => ({ name: s.facts.name, kind: s.kind })), dir);
  const findings = [hooks];
  if (swept.length) {
    const shown = swept.slice(0, 5).map((p) => visible(p)).join(', ');
    findings.push({ check: 'temporary files', ok: true, detail: `removed ${swept.length} left by killed runs: ${shown}${swept.length > 5 ? ', …' : ''}` });
  }
  if (installed && writer) {
    // A checkpoint.remote that cannot be read is the settings finding's (doctor.ts).
    const plan = await planConfig(repo, env, writer).catch((err: Error) => err);
    if (plan instanceof Error) return [...findings, { check: 'config', ok: false, detail: `cannot check: ${visible(plan.message)}` }];
    findings.push(plan.steps.length
      ? { check: 'config', ok: false, detail: `missing ${plan.steps.map((s) => `${s.key}=${visible(s.value)}`).join(', ')} (run git checkpoint install)` }
      : { check: 'config', ok: true, detail: 'fetch refspecs, notes.displayRef and notes.rewriteRef in place' });
  }
  return findings;
}

/** Leftovers of killed runs in `<git dir>/checkpoint/` (this worktree's and the common one), as paths. */
async function sweepGitDirs(repo: Repo): Promise<string[]> {
  const dirs = [...new Set([repo.info.gitDir, repo.info.commonDir])].map((d) => join(d, GIT_FILES_DIR));
  const removed = await Promise.all(dirs.map(async (d) => (await removeLeftovers(d)).map((name) => join(d, name))));
  return removed.flat();
}

function describeHooks(hooks: { name: string; kind: string }[], dir: string): Finding {
  const stale = hooks.filter((h) => h.kind === 'update').map((h) => h.name);
  const missing = hooks.filter((h) => h.kind !== 'update' && h.kind !== 'unchanged').map((h) => h.name);
  if (!stale.length && !missing.length) return { check: 'hooks', ok: true, detail: `post-checkout and pre-push installed in ${visible(dir)}` };
  const parts = [...(stale.length ? [`outdated: ${stale.join(', ')}`] : []), ...(missing.length ? [`not ours or missing: ${missing.join(', ')}`] : [])];
  return { check: 'hooks', ok: false, detail: `${parts.join('; ')} (run git checkpoint install)` };
}
