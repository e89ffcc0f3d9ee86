/**
 * The config `install` adds (SPEC §10): fetch refspecs on the checkpoint
 * remote, notes.displayRef, notes.rewriteRef and checkpoint.writer. Only
 * values not already present are added, each with `git config --add`, so a
 * second install adds nothing and uninstall can remove exactly these values.
 */
import { fetchRefspecs, NOTES_PREFIX, rewriteRefPattern } from '../checkpoint/refs.js';
import { defaultRemote } from '../checkpoint/remote.js';
import { addConfigValue, localConfigValues, remoteNames, type GitEnv } from '../git/admin.js';
import type { Repo } from '../git/repo.js';
import type { AddedValue } from './state.js';

export interface ConfigStep extends AddedValue {
  why: string;
}

export interface ConfigPlan {
  steps: ConfigStep[];
  /** The remote whose fetch refspecs were considered; null when there is none. */
  remote: string | null;
  /** Why no remote was used, when none was. */
  remoteNote: string | null;
}

export const DISPLAY_REF = `${NOTES_PREFIX}*`;

/** Works out the values to add for `writer`; reads config, writes nothing. */
export async function planConfig(repo: Repo, env: GitEnv, writer: string): Promise<ConfigPlan> {
  const steps: ConfigStep[] = [];
  const remote = await defaultRemote(repo);
  const remotes = await remoteNames(repo.info, env);
  let remoteNote: string | null = null;
  if (remotes.includes(remote)) {
    const have = await localConfigValues(repo.info, env, `remote.${remote}.fetch`);
    for (const spec of fetchRefspecs(remote, writer)) {
      if (!have.includes(spec)) steps.push({ key: `remote.${remote}.fetch`, value: spec, why: 'a plain git fetch brings teammates\' checkpoints' });
    }
  } else {
    remoteNote = `no remote '${remote}' yet: fetch refspecs not added (run install again after adding it)`;
  }
  const wanted: ConfigStep[] = [
    { key: 'notes.displayRef', value: DISPLAY_REF, why: 'git log shows checkpoint notes' },
    { key: 'notes.rewriteRef', value: rewriteRefPattern(writer), why: 'notes follow amend and rebase' },
  ];
  for (const w of wanted) if (!(await repo.getConfigAll(w.key)).includes(w.value)) steps.push(w);
  return { steps, remote: remotes.includes(remote) ? remote : null, remoteNote };
}

/** Adds each value to the local config, in order. */
export async function applyConfig(repo: Repo, env: GitEnv, steps: ConfigStep[]): Promise<void> {
  for (const step of steps) await addConfigValue(repo, env, step.key, step.value);
}
