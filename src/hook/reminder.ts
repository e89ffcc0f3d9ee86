/** The post-checkout reminder (SPEC §10): what you left, and what waits where you arrived. */
import { formatAge } from '../checkpoint/record/when.js';
import { visible } from '../text/sanitize.js';
import { branchWord } from '../text/shell.js';
import { shownCheckpoint, type BranchCheckpoint } from '../checkpoint/listing/branch-checkpoint.js';

export interface ReminderFacts {
  /** The branch left; null when HEAD was detached. */
  left: string | null;
  leftLast: BranchCheckpoint | null;
  /** Uncommitted paths now in the working tree (they came along); null when unknown. */
  uncommitted: number | null;
  arrived: string;
  arrivedLast: BranchCheckpoint | null;
  /** False when only the newest checkpoints were read: a null `leftLast` is then unknown, not "none". */
  complete: boolean;
  now: Date;
}

const P = 'checkpoint:';

/** The lines for stderr. Stored text (titles, writers) is made safe to print. */
export function renderReminder(f: ReminderFacts): string {
  const lines: string[] = [];
  if (f.left !== null) {
    const changes = f.uncommitted === null ? '' : f.uncommitted === 0 ? 'no uncommitted changes' : `${f.uncommitted} uncommitted change${f.uncommitted === 1 ? '' : 's'} came along`;
    const last = f.leftLast ? `last checkpoint ${age(f.leftLast, f.now)}` : f.complete ? 'no checkpoint yet' : '';
    lines.push(`${P} left '${visible(f.left)}': ${[changes, last].filter(Boolean).join('; ')}`);
    lines.push(`${P}   save it: ${saveCommand(f.left) ?? NO_COMMAND}`);
  }
  if (f.arrivedLast) {
    const c = shownCheckpoint(f.arrivedLast);
    lines.push(`${P} on '${visible(f.arrived)}': "${c.title}", ${age(f.arrivedLast, f.now)} by ${c.writer}`);
    lines.push(`${P}   resume:  git checkpoint resume`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** Said instead of a command for a branch whose name is not safe to paste (SPEC §9). */
export const NO_COMMAND = "(no command: the branch name is not one git accepts as it is, or it starts with '-')";

/** The exact command that saves a checkpoint for the branch just left; null when its name is not safe to paste. */
export function saveCommand(branch: string): string | null {
  const word = branchWord(branch);
  return word === null ? null : `git checkpoint save --branch ${word} -m "<what you were doing>"`;
}

function age(c: BranchCheckpoint, now: Date): string {
  return formatAge(new Date(c.time * 1000), now);
}
