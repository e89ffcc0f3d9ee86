/**
 * The config that names the writer id, moved to a new id (writer-move.ts):
 * `checkpoint.writer`, and what install set for the old id — the own notes
 * left out of each remote's fetch (`^refs/notes/checkpoints/<id>`) and
 * `notes.rewriteRef` — with install's record following, so uninstall still
 * removes exactly what install added. Each value is moved only while the old
 * one is there: a second run changes nothing.
 */
import { notesRef, rewriteRefPattern } from '../checkpoint/store/refs.js';
import { addConfigValue, localConfigValues, remoteNames, unsetConfigValue, type GitEnv } from '../git/cli/admin.js';
import type { Repo } from '../git/repo.js';
import { replaceRecordedValues, type AddedValue } from './state.js';

export async function moveWriterConfig(repo: Repo, env: GitEnv, from: string, to: string): Promise<void> {
  const swaps: { old: AddedValue; next: AddedValue }[] = [{ old: { key: 'checkpoint.writer', value: from }, next: { key: 'checkpoint.writer', value: to } }];
  if (repo.backend === 'cli') {
    const rewrite = { key: 'notes.rewriteRef', value: rewriteRefPattern(to) };
    swaps.push({ old: { key: 'notes.rewriteRef', value: rewriteRefPattern(from) }, next: rewrite }, { old: { key: 'notes.rewriteRef', value: notesRef(from) }, next: rewrite });
    for (const remote of await remoteNames(repo.info, env)) {
      const key = `remote.${remote}.fetch`;
      swaps.push({ old: { key, value: `^${notesRef(from)}` }, next: { key, value: `^${notesRef(to)}` } });
    }
    for (const { old, next } of swaps.slice(1)) {
      const have = await localConfigValues(repo.info, env, old.key);
      if (!have.includes(old.value)) continue;
      if (!have.includes(next.value)) await addConfigValue(repo, env, next.key, next.value);
      const removed = await unsetConfigValue(repo, env, old.key, old.value);
      if (typeof removed === 'object') throw new Error(`cannot remove ${old.key}=${old.value}: ${removed.error}`);
    }
  }
  await replaceRecordedValues(repo, swaps);
  // Last: until it moves, a second run still finds the old id and finishes the rest.
  if ((await repo.getConfig('checkpoint.writer')) === from) await repo.setConfig('checkpoint.writer', to);
}
