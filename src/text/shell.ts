/** Quoting for commands printed for the user to copy into a POSIX shell. */
import { isValidBranchName } from '../checkpoint/store/refs.js';
import { visible } from './sanitize.js';

/** The word as the shell should see it: bare when it is plainly safe, else single-quoted. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9._\/:@%+=,-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A branch name as a word safe to paste into a printed command, or null when
 * none is (SPEC §9): a name git would not accept as a branch (including one
 * starting with `-`, which a command reads as an option), or one holding
 * characters that would not print as themselves. Callers then print a
 * warning instead of the command.
 */
export function branchWord(name: string): string | null {
  return isValidBranchName(name) && visible(name) === name ? shellQuote(name) : null;
}
