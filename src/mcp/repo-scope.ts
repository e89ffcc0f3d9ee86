/**
 * Which repository a tool call works in, decided anew on every call (a
 * long-lived server must follow the user's `cd` and branch switches): the
 * call's `cwd`, else the client's first `file://` root, else the agent's
 * project directory variable, else the server's own working directory.
 * The repository is opened for the call and closed after it, so no git
 * process outlives a call.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CheckpointError, FatalError, UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import type { Deps } from '../io/deps.js';

/** Set by agents for the commands they start (Claude Code; Gemini CLI sets both). */
const PROJECT_DIR_VARIABLES = ['CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR'];

export class RepoScope {
  constructor(
    private readonly deps: Deps,
    /** The client's roots as URIs; empty when it has none or does not answer. */
    private readonly roots: () => Promise<string[]>,
  ) {}

  /** The directory a call works in. UsageError for an empty or non-local `cwd`. */
  async dir(cwd: string | undefined): Promise<string> {
    if (cwd !== undefined) {
      if (!cwd.trim()) throw new UsageError("'cwd' is empty: give a directory inside a git repository, or leave it out");
      return resolve(this.deps.cwd, cwd.startsWith('file://') ? fileURLToPath(cwd) : cwd);
    }
    const root = (await this.roots()).find((uri) => uri.startsWith('file://'));
    if (root) return fileURLToPath(root);
    for (const name of PROJECT_DIR_VARIABLES) {
      const value = this.deps.env[name];
      if (value && isAbsolute(value)) return value;
    }
    return this.deps.cwd;
  }

  /** Runs `fn` on the repository containing the call's directory and closes it after. */
  async withRepo<T>(cwd: string | undefined, fn: (repo: Repo) => Promise<T>): Promise<T> {
    const dir = await this.dir(cwd);
    const repo = await this.deps.openRepo(dir).catch((err: unknown) => {
      if (err instanceof CheckpointError) throw err;
      // git could not even start there (a directory that does not exist).
      throw new FatalError(`cannot use '${dir}': ${(err as Error).message}`);
    });
    try {
      return await fn(repo);
    } finally {
      await repo.close();
    }
  }

  /** As withRepo, for calls that need a working tree (exit 128 in a bare repository, as the CLI). */
  withWorktree<T>(cwd: string | undefined, fn: (repo: Repo) => Promise<T>): Promise<T> {
    return this.withRepo(cwd, (repo) => {
      if (!repo.info.workTree) throw new FatalError('this operation must be run in a work tree');
      return fn(repo);
    });
  }
}
