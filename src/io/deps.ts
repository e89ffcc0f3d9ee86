/**
 * What varies between a real run and a test: the clock, randomness, the
 * environment, the terminal, and how a repository is opened. Only
 * node-deps.ts builds these from `process`, `node:fs`, `Date.now` and `crypto`.
 */
import type { Repo } from '../git/repo.js';

/** What dist/yargs.cjs exports (bundles/yargs.ts): the parser of every command but the fast ones. */
export type YargsParser = typeof import('yargs/helpers').Parser;

/** What dist/mcp-sdk.cjs exports (bundles/mcp-sdk.ts). */
export type McpSdk = typeof import('../../bundles/mcp-sdk.js');

export interface McpIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  loadSdk(): McpSdk;
}

export interface Streams {
  /** Human or JSON output. */
  out(text: string): void;
  /** Warnings, hints, fatal messages. */
  err(text: string): void;
  isStdoutTTY: boolean;
  isStdinTTY: boolean;
  /**
   * Reads standard input (for `--input -`), at most `maxBytes`: past that it
   * stops reading and rejects with an `InputTooLarge` error. With
   * `deadlineMs`, a stdin still open then stops being read and the call
   * rejects with `StdinTimeout`, which carries what had arrived.
   */
  readStdin(maxBytes?: number, deadlineMs?: number): Promise<Uint8Array>;
}

export interface Deps {
  streams: Streams;
  env: Record<string, string | undefined>;
  cwd: string;
  now(): Date;
  /** Uniform in [0, 1). */
  random(): number;
  /** yargs, loaded when a command that parses with it runs (never by the hook entry points or `--version`). */
  loadYargs(): Promise<YargsParser>;
  /** Opens the repository containing `dir`; throws FatalError when there is none. */
  openRepo(dir: string): Promise<Repo>;
  /**
   * Reads a file given on the command line (for `--input <file>`). Over
   * `maxBytes` it rejects with an `InputTooLarge` error without reading the
   * file (its size is checked first; endless files such as /dev/zero stop at the cap).
   */
  readFile(path: string, maxBytes?: number): Promise<Uint8Array>;
  /**
   * Reads a file line by line without loading it whole (agent transcripts of
   * a hundred megabytes); lines come without their `\n`. A line over
   * `maxLineBytes` is skipped without being held and comes as null.
   */
  readLines(path: string, maxLineBytes?: number): AsyncIterable<string | null>;
  /** Writes a file outside the repository (agent settings), creating its directory; `executable`: mode 0755. */
  writeFile(path: string, data: string, executable?: boolean): Promise<void>;
  /** Whether anything (file, directory, symlink) is at `path`. */
  pathExists(path: string): Promise<boolean>;
  /**
   * Removes a file; no error when it is already gone. With `within`, the
   * directories it leaves empty go too, up to (not including) `within`.
   */
  removeFile(path: string, within?: string): Promise<void>;
  /** Runs the user's editor on `file` content and returns the edited text (for `--edit`). */
  editText(initial: string, repo: Repo): Promise<string>;
  /**
   * Asks one line on the controlling terminal (/dev/tty), even when stdin and
   * stdout are redirected, as git hooks' are; null when there is no terminal.
   * Absent in tests that have none.
   */
  readTtyLine?(prompt: string): Promise<string | null>;
  /**
   * Starts `command` (a shell command line, as git runs its pager) with our
   * standard output as its own; what is written goes to its standard input.
   * `end` closes it and waits for the pager to exit. Absent in tests.
   */
  startPager?(command: string): Promise<Pager>;
  /**
   * Shows a man page file with `man` on the terminal, positioned at `topic`
   * when given; false when `man` is missing or fails. Absent in tests.
   */
  showManPage?(path: string, topic?: string): Promise<boolean>;
  /**
   * The command lines (argv) of this process's ancestors, nearest first, at
   * most `depth`; empty where the system does not tell (no /proc). Absent in tests.
   */
  ancestorCommandLines?(depth: number): Promise<string[][]>;
  /**
   * What `git checkpoint mcp` serves with: the process's stdin and stdout,
   * and a loader of the MCP SDK, bundled apart from the CLI
   * (dist/mcp-sdk.cjs) so that no other command pays for loading it (the
   * server loads it once it has answered `initialize`). Absent in tests.
   */
  mcpIo?(): Promise<McpIo>;
}

export interface Pager {
  write(text: string): void;
  end(): Promise<void>;
}

/** Thrown by `readFile` / `readStdin` past their cap; `size` is null when unknown (a pipe). */
export class InputTooLarge extends Error {
  constructor(readonly size: number | null, readonly maxBytes: number) {
    super(`input is over ${maxBytes} bytes`);
  }
}

/** Thrown by `readStdin` when its deadline passes before stdin closes. */
export class StdinTimeout extends Error {
  constructor(readonly received: Uint8Array, readonly deadlineMs: number) {
    super(`stdin was still open after ${deadlineMs / 1000} s`);
  }
}
