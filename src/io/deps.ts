/**
 * What varies between a real run and a test: the clock, randomness, the
 * environment, the terminal, and how a repository is opened. Only
 * node-deps.ts builds these from `process`, `node:fs`, `Date.now` and `crypto`.
 */
import type { Repo } from '../git/repo.js';

export interface Streams {
  /** Human or JSON output. */
  out(text: string): void;
  /** Warnings, hints, fatal messages. */
  err(text: string): void;
  isStdoutTTY: boolean;
  isStdinTTY: boolean;
  /** Reads all of standard input (for `--input -`). */
  readStdin(): Promise<Uint8Array>;
}

export interface Deps {
  streams: Streams;
  env: Record<string, string | undefined>;
  cwd: string;
  now(): Date;
  /** Uniform in [0, 1). */
  random(): number;
  /** Opens the repository containing `dir`; throws FatalError when there is none. */
  openRepo(dir: string): Promise<Repo>;
  /** Reads a file given on the command line (for `--input <file>`); size-capped by the caller. */
  readFile(path: string): Promise<Uint8Array>;
  /** Runs the user's editor on `file` content and returns the edited text (for `--edit`). */
  editText(initial: string, repo: Repo): Promise<string>;
  /**
   * Asks one line on the controlling terminal (/dev/tty), even when stdin and
   * stdout are redirected, as git hooks' are; null when there is no terminal.
   * Absent in tests that have none.
   */
  readTtyLine?(prompt: string): Promise<string | null>;
  /**
   * Shows a man page file with `man` on the terminal, positioned at `topic`
   * when given; false when `man` is missing or fails. Absent in tests.
   */
  showManPage?(path: string, topic?: string): Promise<boolean>;
  /** Test hook: throws after the named step of `save` (SPEC §9 crash tests). */
  faultAfter?: string | undefined;
}
