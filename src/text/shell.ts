/** Quoting for commands printed for the user to copy into a POSIX shell. */
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

/**
 * True when `git check-ref-format --branch <name>` accepts `name` as a
 * branch name: no empty or dot-led component, none ending in `.lock`, no
 * `..`, `//`, `@{`, `\`, control characters, space, `~^:?*[`, no leading
 * or trailing `/`, no trailing `.`, not `@` or `HEAD`, and not starting with
 * `-` (git refuses such branch names, and a command would read it as an option).
 */
export function isValidBranchName(name: string): boolean {
  if (!name || name === '@' || name === 'HEAD' || name.startsWith('-')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.$/.test(name)) return false;
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
}
