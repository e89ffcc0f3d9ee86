/**
 * The config `install` adds (SPEC §10): fetch refspecs on the checkpoint
 * remote, notes.displayRef, notes.rewriteRef and checkpoint.writer. Only
 * values not already present are added, each with `git config --add`, so a
 * second install adds nothing and uninstall can remove exactly these values.
 */
import { WRITER_PATTERN } from '../checkpoint/config/config-values.js';
import { fetchRefspecs, NOTES_PREFIX, rewriteRefPattern } from '../checkpoint/store/refs.js';
import { defaultRemote } from '../checkpoint/sharing/remote.js';
import { localConfigValues, remoteNames, type GitEnv } from '../git/cli/admin.js';
import type { Repo } from '../git/repo.js';
import type { AddedValue } from './state.js';

export interface ConfigStep extends AddedValue {
  why: string;
}

export interface ConfigPlan {
  steps: ConfigStep[];
  /** Values install wants that the config already had: install did not add them, uninstall leaves them. */
  present: AddedValue[];
  /** The remote whose fetch refspecs were considered; null when there is none. */
  remote: string | null;
  /** Why no remote was used, when none was. */
  remoteNote: string | null;
}

export const DISPLAY_REF = `${NOTES_PREFIX}*`;

/** Works out the values to add for `writer`; reads config, writes nothing. */
export async function planConfig(repo: Repo, env: GitEnv, writer: string): Promise<ConfigPlan> {
  const steps: ConfigStep[] = [];
  const present: AddedValue[] = [];
  const remote = await defaultRemote(repo);
  const remotes = await remoteNames(repo.info, env);
  let remoteNote: string | null = null;
  if (remotes.includes(remote)) {
    const have = await localConfigValues(repo.info, env, `remote.${remote}.fetch`);
    for (const spec of fetchRefspecs(remote, writer)) {
      const step = { key: `remote.${remote}.fetch`, value: spec, why: 'a plain git fetch brings teammates\' checkpoints' };
      (have.includes(spec) ? present : steps).push(step);
    }
  } else {
    remoteNote = `no remote '${remote}' yet: fetch refspecs not added (run install again after adding it)`;
  }
  const wanted: ConfigStep[] = [
    { key: 'notes.displayRef', value: DISPLAY_REF, why: 'git log shows checkpoint notes' },
    { key: 'notes.rewriteRef', value: rewriteRefPattern(writer), why: 'notes follow amend and rebase' },
  ];
  for (const w of wanted) ((await repo.getConfigAll(w.key)).includes(w.value) ? present : steps).push(w);
  return { steps, present: present.map(({ key, value }) => ({ key, value })), remote: remotes.includes(remote) ? remote : null, remoteNote };
}

/**
 * The values in the local config that install writes, recognised by their
 * form (SPEC §3, §10) whatever recorded them: the fetch refspecs on any
 * remote (naming any remote: `git remote rename` leaves ours as they were),
 * notes.displayRef, and a writer's notes.rewriteRef (glob or exact ref).
 * What uninstall removes when install's record is gone.
 */
export async function ownConfigValues(repo: Repo, env: GitEnv): Promise<AddedValue[]> {
  const found: AddedValue[] = [];
  for (const remote of await remoteNames(repo.info, env)) {
    const key = `remote.${remote}.fetch`;
    for (const value of await localConfigValues(repo.info, env, key)) {
      if (isOwnRefspec(value)) found.push({ key, value });
    }
  }
  for (const value of await localConfigValues(repo.info, env, 'notes.displayRef')) {
    if (value === DISPLAY_REF) found.push({ key: 'notes.displayRef', value });
  }
  for (const value of await localConfigValues(repo.info, env, 'notes.rewriteRef')) {
    // The glob install writes (`…/ada-k3x9q[2]`), or the exact ref earlier versions wrote.
    const rest = value.startsWith(NOTES_PREFIX) ? value.slice(NOTES_PREFIX.length).replace(/\[([a-z0-9])\]$/, '$1') : '';
    if (WRITER_PATTERN.test(rest)) found.push({ key: 'notes.rewriteRef', value });
  }
  return found;
}

/**
 * One of the fetch refspecs of SPEC §3 (`fetchRefspecs`), copying to a remote
 * of any name, or `^refs/notes/checkpoints/<writer>`: the own notes left out.
 */
function isOwnRefspec(value: string): boolean {
  if (value.startsWith(`^${NOTES_PREFIX}`) && WRITER_PATTERN.test(value.slice(NOTES_PREFIX.length + 1))) return true;
  const copy = /^\+(refs\/(?:notes\/)?checkpoints\/)\*:\1remotes\/([^/*]+)\/\*$/.exec(value);
  const specs = fetchRefspecs(copy?.[2] ?? 'any', null);
  return copy ? specs.includes(value) : specs.filter((spec) => spec.startsWith('^')).includes(value);
}
