/** What every command receives: dependencies, global options, and a lazily opened repository. */
import { parseBool } from '../checkpoint/config/config-values.js';
import { FatalError } from '../errors.js';
import type { Outcome } from '../exit-codes.js';
import type { Repo } from '../git/repo.js';
import type { Deps } from './deps.js';
import { visibleMultiline } from '../text/sanitize.js';

export interface GlobalOptions {
  /** The directory given with -C (resolved), else the process's cwd. */
  dir: string;
  json: boolean;
  /** Explicit --color[=<when>] / --no-color; undefined: decide from config and terminal. */
  color: ColorWhen | undefined;
  quiet: boolean;
  /** `--no-pager` (`-P`): never page; `--paginate` (`-p`): page any command's output. */
  noPager: boolean;
  paginate: boolean;
}

export type ColorWhen = 'always' | 'never' | 'auto';

export type OptionValue = string | boolean | string[] | undefined;

export interface ParsedArgs {
  values: Record<string, OptionValue>;
  positionals: string[];
}

/** What went wrong in a partial or failed outcome: `error: <message>`, then `hint: <hint>`. */
export interface Problem {
  message: string;
  hint?: string;
}

export interface CommandResult {
  /** Default `ok`. */
  outcome?: Outcome;
  /** Output the user asked to see (a listing, a record): printed even with --quiet. */
  text?: string;
  /** What the command did (`applied …`, `pushed …`): --quiet leaves it out. */
  report?: string;
  /** The one JSON document printed with --json (in place of text and report). */
  json?: unknown;
  /** Printed on stderr, after the output. */
  problems?: Problem[];
}

export class Context {
  private repoPromise: Promise<Repo> | null = null;

  constructor(
    readonly deps: Deps,
    readonly globals: GlobalOptions,
  ) {}

  /** Opens the repository once per command. */
  repo(): Promise<Repo> {
    this.repoPromise ??= this.deps.openRepo(this.globals.dir);
    return this.repoPromise;
  }

  /** Makes `repo`, found in `dir`, this command's repository (agent hooks look in several places first). */
  adoptRepo(dir: string, repo: Repo): void {
    this.globals.dir = dir;
    this.repoPromise = Promise.resolve(repo);
  }

  /** A repository with a working tree; exit 128 in a bare repository or inside .git. */
  async worktreeRepo(): Promise<Repo> {
    const repo = await this.repo();
    if (!repo.info.workTree) throw new FatalError('this operation must be run in a work tree');
    return repo;
  }

  /** Prints `warning: …`; control characters in the message (it may quote stored data) are made visible. */
  warn(message: string): void {
    this.deps.streams.err(`warning: ${visibleMultiline(message)}\n`);
  }

  /** A progress line on stderr (`checkpoint: saved …`); --quiet leaves it out, as it does hints. */
  note(message: string): void {
    if (!this.globals.quiet) this.deps.streams.err(`${visibleMultiline(message)}\n`);
  }

  hint(message: string): void {
    if (!this.globals.quiet) this.deps.streams.err(`hint: ${visibleMultiline(message)}\n`);
  }

  /** Prints a problem as git would: `error: …` (even with --quiet), then its hint. */
  problem(p: Problem): void {
    this.deps.streams.err(`error: ${visibleMultiline(p.message)}\n`);
    if (p.hint) this.hint(p.hint);
  }

  /**
   * Colour per SPEC §2: --color[=<when>], then color.checkpoint, then
   * color.ui; `auto` colours a terminal, or the pager git started for us
   * (`git -p`, GIT_PAGER_IN_USE) unless color.pager is false; never with NO_COLOR.
   */
  async useColor(): Promise<boolean> {
    if (this.globals.color === 'always') return true;
    if (this.globals.color === 'never') return false;
    if (this.globals.json) return false;
    const repo = this.repoPromise ? await this.repoPromise.catch(() => null) : null;
    const config = async (key: string) => (repo ? repo.getConfig(key) : null);
    if (this.globals.color === undefined) {
      const value = ((await config('color.checkpoint')) ?? (await config('color.ui')))?.trim().toLowerCase();
      if (value === 'always') return true;
      if (value === 'never' || (value !== undefined && value !== 'auto' && parseBool(value) === false)) return false;
    }
    if (this.deps.env.NO_COLOR) return false;
    if (this.deps.streams.isStdoutTTY) return true;
    const pagerInUse = parseBool(this.deps.env.GIT_PAGER_IN_USE ?? '') === true;
    return pagerInUse && parseBool((await config('color.pager')) ?? 'true') !== false;
  }

  async close(): Promise<void> {
    if (this.repoPromise) await (await this.repoPromise.catch(() => null))?.close();
  }
}
