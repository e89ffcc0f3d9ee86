/**
 * Temporary files and directories this tool makes in `<git dir>/checkpoint/`
 * (a temporary index, files staged for `apply`, a git-dir file being
 * replaced) and in the hooks directory (a script staged by `install`) carry
 * the id of the process that made them. A process killed with SIGKILL cannot
 * remove its own: the next run that writes there removes those whose process
 * is gone (and `doctor` does).
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * In `<git dir>/checkpoint/`: `tmp-index-<pid>-<n>` (and its `.lock`),
 * `apply-<pid>-<n>`, `<name>.<pid>-<n>.tmp`. A pattern's first group that
 * matched is the pid; a match without one (a name of an earlier version) is
 * always a leftover.
 */
export const GIT_DIR_LEFTOVER = /^(?:(?:tmp-index|apply)-(\d+)-\d+(?:\.lock)?|.+\.(\d+)-\d+\.tmp)$/;

let seq = 0;
const cleaned = new Set<string>();

/** A fresh name for a temporary file of this process (`<kind>-<pid>-<n>`). */
export function tempName(kind: 'tmp-index' | 'apply'): string {
  return `${kind}-${process.pid}-${++seq}`;
}

/** True while a process with this id runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * Removes the files of `dir` named by `pattern` whose process is gone (once
 * per process and directory); never fails, since a leftover only wastes
 * space. Returns the names removed.
 */
export async function removeLeftovers(dir: string, pattern: RegExp = GIT_DIR_LEFTOVER): Promise<string[]> {
  if (cleaned.has(dir)) return [];
  cleaned.add(dir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const gone = names.filter((name) => {
    const m = pattern.exec(name);
    if (!m) return false;
    const pid = m.slice(1).find((group) => group !== undefined);
    return pid === undefined || (Number(pid) !== process.pid && !isRunning(Number(pid)));
  });
  await Promise.all(gone.map((name) => rm(join(dir, name), { recursive: true, force: true }).catch(() => undefined)));
  return gone;
}
