/**
 * What `install` added to the local config, so that `uninstall` removes
 * exactly that, and the values install would have added but found already
 * there (`preexisting`: uninstall leaves them). Kept in the common git dir:
 * config is shared by every worktree of a clone. Written before install
 * changes anything, so an install killed midway still leaves a record.
 */
import type { Repo } from '../git/repo.js';

const STATE_FILE = 'installed.json';

export interface AddedValue {
  key: string;
  value: string;
}

export interface InstallState {
  config: AddedValue[];
  preexisting: AddedValue[];
}

const values = (list: unknown): AddedValue[] => Array.isArray(list)
  ? list.filter((c): c is AddedValue => typeof c?.key === 'string' && typeof c?.value === 'string')
  : [];

export const sameValue = (a: AddedValue, b: AddedValue): boolean => a.key === b.key && a.value === b.value;

/** The recorded state; empty when install never ran (or the file is unreadable). */
export async function readInstallState(repo: Repo): Promise<InstallState> {
  const text = await repo.readGitFile(STATE_FILE, 'common');
  try {
    const data = text ? (JSON.parse(text) as Partial<InstallState>) : {};
    return { config: values(data.config), preexisting: values(data.preexisting) };
  } catch {
    return { config: [], preexisting: [] };
  }
}

/**
 * Adds to the record (a second install adds to what the first recorded);
 * returns a function that puts the earlier record back, for an install that
 * then fails.
 */
export async function recordInstall(repo: Repo, added: AddedValue[], preexisting: AddedValue[]): Promise<() => Promise<void>> {
  const before = await repo.readGitFile(STATE_FILE, 'common');
  const state = await readInstallState(repo);
  for (const a of added) if (!state.config.some((c) => sameValue(c, a))) state.config.push(a);
  for (const p of preexisting) {
    if (!state.config.some((c) => sameValue(c, p)) && !state.preexisting.some((c) => sameValue(c, p))) state.preexisting.push(p);
  }
  await repo.writeGitFile(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, 'common');
  return () => (before === null ? repo.deleteGitFile(STATE_FILE, 'common') : repo.writeGitFile(STATE_FILE, before, 'common'));
}

export async function clearInstallState(repo: Repo): Promise<void> {
  await repo.deleteGitFile(STATE_FILE, 'common');
}

/** Puts `next` where the record holds `old` (a writer id that changed: writer-config.ts); no record, nothing to do. */
export async function replaceRecordedValues(repo: Repo, swaps: readonly { old: AddedValue; next: AddedValue }[]): Promise<void> {
  if ((await repo.readGitFile(STATE_FILE, 'common')) === null) return;
  const state = await readInstallState(repo);
  const swap = (list: AddedValue[]) => list.map((v) => swaps.find((s) => sameValue(s.old, v))?.next ?? v);
  await repo.writeGitFile(STATE_FILE, `${JSON.stringify({ config: swap(state.config), preexisting: swap(state.preexisting) }, null, 2)}\n`, 'common');
}
