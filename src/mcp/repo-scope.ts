/**
 * Which repository a tool call works in, decided anew on every call (a
 * long-lived server must follow the user's `cd` and branch switches): the
 * call's `cwd`, else the client's first `file://` root, else the agent's
 * project directory variable, else the server's own working directory.
 * The repository stays open for WARM_MS after a call, so a burst of calls
 * (an agent's recap, status and decide in one turn) shares its discovery and
 * its cat-file helpers; config is read anew on each call, and an idle server
 * holds no git process.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CheckpointError, FatalError, UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import type { Deps } from '../io/deps.js';

/** Set by agents for the commands they start (Claude Code; Gemini CLI sets both). */
const PROJECT_DIR_VARIABLES = ['CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR'];

/** How long a repository stays open after its last call. */
export const WARM_MS = 2000;

interface Warm {
  dir: string;
  repo: Promise<Repo>;
  users: number;
  /** Set when a call failed, or another directory took its place: closed once its last call ends. */
  done: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

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

  private warm: Warm | null = null;

  /** Runs `fn` on the repository containing the call's directory. */
  async withRepo<T>(cwd: string | undefined, fn: (repo: Repo) => Promise<T>): Promise<T> {
    const entry = this.acquire(await this.dir(cwd));
    try {
      const repo = await entry.repo;
      repo.reloadConfig();
      return await fn(repo);
    } catch (err) {
      // A failed call may have met a repository that changed under us: the next one opens it anew.
      entry.done = true;
      throw err;
    } finally {
      this.release(entry);
    }
  }

  /** Closes the open repository (the server is stopping). */
  async close(): Promise<void> {
    const entry = this.warm;
    this.warm = null;
    if (entry) await this.shut(entry);
  }

  private acquire(dir: string): Warm {
    let entry = this.warm;
    if (entry && (entry.dir !== dir || entry.done)) {
      entry.done = true;
      if (!entry.users) void this.shut(entry);
      entry = null;
    }
    if (!entry) {
      entry = { dir, repo: this.open(dir), users: 0, done: false, timer: null };
      this.warm = entry;
    } else {
      // Still a repository? (its git directory removed under a long-lived server)
      const open = entry.repo;
      entry.repo = open.then((r) => this.deps.readFile(join(r.info.gitDir, 'HEAD'), 4096).then(() => r, async () => {
        await r.close();
        return this.open(dir);
      }));
    }
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.users++;
    return entry;
  }

  private release(entry: Warm): void {
    entry.users--;
    if (entry.users) return;
    if (entry.done || this.warm !== entry) {
      if (this.warm === entry) this.warm = null;
      void this.shut(entry);
      return;
    }
    entry.timer = setTimeout(() => {
      if (this.warm === entry && !entry.users) this.warm = null;
      if (!entry.users) void this.shut(entry);
    }, WARM_MS);
    entry.timer.unref?.();
  }

  private async shut(entry: Warm): Promise<void> {
    if (entry.timer) clearTimeout(entry.timer);
    await (await entry.repo.catch(() => null))?.close();
  }

  private open(dir: string): Promise<Repo> {
    const repo = this.deps.openRepo(dir).catch((err: unknown) => {
      if (err instanceof CheckpointError) throw err;
      // git could not even start there (a directory that does not exist).
      throw new FatalError(`cannot use '${dir}': ${(err as Error).message}`);
    });
    repo.catch(() => {});
    return repo;
  }

  /** As withRepo, for calls that need a working tree (exit 128 in a bare repository, as the CLI). */
  withWorktree<T>(cwd: string | undefined, fn: (repo: Repo) => Promise<T>): Promise<T> {
    return this.withRepo(cwd, (repo) => {
      if (!repo.info.workTree) throw new FatalError('this operation must be run in a work tree');
      return fn(repo);
    });
  }
}
