/**
 * Install, all or nothing: the record first (so even a killed install leaves
 * one that uninstall can use), then the hook scripts written whole beside
 * their place, then the config values, then the scripts renamed into place.
 * A step that fails (a full disk, a locked config) undoes the ones before it:
 * the repository is left as it was, never half installed.
 */
import { OperationError } from '../errors.js';
import { addConfigValue, unsetConfigValue, type GitEnv } from '../git/cli/admin.js';
import { staleLockHint } from '../git/cli/run-git.js';
import type { Repo } from '../git/repo.js';
import type { ConfigStep } from './config-plan.js';
import { discardStaged, placeHook, stageHooks, type HookStep } from './hook-plan.js';
import { recordInstall, type AddedValue } from './state.js';

export interface InstallChanges {
  hooks: HookStep[];
  config: ConfigStep[];
  /** Recorded as added along with `config` (the writer id install created). */
  alsoAdded: AddedValue[];
  /** Wanted values that were already there. */
  present: AddedValue[];
}

/** Applies `changes`; OperationError naming the failed step when it had to undo everything. */
export async function applyInstall(repo: Repo, env: GitEnv, changes: InstallChanges): Promise<void> {
  const added = [...changes.config.map(({ key, value }) => ({ key, value })), ...changes.alsoAdded];
  const undo: (() => Promise<unknown>)[] = [];
  let step = 'recording what install adds';
  try {
    undo.push(await recordInstall(repo, added, changes.present));
    step = 'writing the hook scripts';
    const staged = await stageHooks(changes.hooks);
    undo.push(() => discardStaged(staged));
    for (const c of changes.config) {
      step = `adding ${c.key} = ${c.value}`;
      await addConfigValue(repo, env, c.key, c.value);
      undo.push(() => unsetConfigValue(repo, env, c.key, c.value));
    }
    for (const s of staged) {
      step = `putting the ${s.step.facts.name} hook in place`;
      undo.push(await placeHook(s));
    }
  } catch (err) {
    const left = await undoAll(undo);
    throw new OperationError(`install failed while ${step}: ${(err as Error).message}`, {
      hint: left.length
        ? `could not undo everything (${left.join('; ')}); run git checkpoint uninstall once the cause is fixed`
        : `nothing was changed; ${staleLockHint((err as Error).message) ?? 'fix the cause'} and run git checkpoint install again`,
    });
  }
}

/** Runs the undos newest first; returns the failures. */
async function undoAll(undo: (() => Promise<unknown>)[]): Promise<string[]> {
  const failed: string[] = [];
  for (const u of undo.reverse()) {
    const result = await u().catch((err: Error) => ({ error: err.message }));
    if (result && typeof result === 'object' && 'error' in result) failed.push(String(result.error));
  }
  return failed;
}
