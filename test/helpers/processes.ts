/**
 * The processes left running in a directory: what a run that "ended" may
 * have left behind (a git child, a node that never exited). Found by their
 * working directory in /proc (Linux), as a person would look them up.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface Leftover {
  pid: number;
  command: string;
}

/** Processes whose working directory is `root` or below it (zombies and this process excluded). */
export function processesUnder(root: string): Leftover[] {
  const found: Leftover[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd !== root && !cwd.startsWith(`${root}/`)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.push({ pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Waits up to `ms` for the processes under `root` to be gone; returns those still there. */
export async function leftoversAfter(root: string, ms = 1500): Promise<Leftover[]> {
  const until = Date.now() + ms;
  for (;;) {
    const left = processesUnder(root);
    if (!left.length || Date.now() > until) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops whatever is left under `root` (so one failing case does not spill into the next). */
export function killUnder(root: string): void {
  for (const p of processesUnder(root)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
}
