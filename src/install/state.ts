/**
 * What `install` added to the local config, so that `uninstall` removes
 * exactly that (values that were already there before install stay). Kept in
 * the common git dir: config is shared by every worktree of a clone.
 */
import type { Repo } from '../git/repo.js';

const STATE_FILE = 'installed.json';

export interface AddedValue {
  key: string;
  value: string;
}

export interface InstallState {
  config: AddedValue[];
}

/** The recorded additions; empty when install never ran (or the file is unreadable). */
export async function readInstallState(repo: Repo): Promise<InstallState> {
  const text = await repo.readGitFile(STATE_FILE, 'common');
  try {
    const data = text ? (JSON.parse(text) as Partial<InstallState>) : {};
    const config = Array.isArray(data.config)
      ? data.config.filter((c): c is AddedValue => typeof c?.key === 'string' && typeof c?.value === 'string')
      : [];
    return { config };
  } catch {
    return { config: [] };
  }
}

/** Records more additions (a second install adds to what the first recorded). */
export async function recordAdded(repo: Repo, added: AddedValue[]): Promise<void> {
  if (!added.length) return;
  const state = await readInstallState(repo);
  for (const a of added) if (!state.config.some((c) => c.key === a.key && c.value === a.value)) state.config.push(a);
  await repo.writeGitFile(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, 'common');
}

export async function clearInstallState(repo: Repo): Promise<void> {
  await repo.deleteGitFile(STATE_FILE, 'common');
}
