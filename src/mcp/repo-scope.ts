/**
 * Which repository a tool call works in, decided anew on every call (a
 * long-lived server must follow the user's `cd` and branch switches): the
 * call's `cwd`, else the client's first `file://` root, else the agent's
 * project directory variable, else the server's own working directory.
 * A burst of calls (an agent's recap, status and decide in one turn) shares
 * the open repository and its cat-file helpers; WARM_MS after the last call
 * the helpers stop (an idle server holds no git process), and what the
 * repository learnt that stays true while its files are unchanged (config,
 * walks between commits, the listing) is kept for the next call, until
 * FORGET_MS without one. Config is checked anew on each call.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CheckpointError, FatalError, UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import type { Deps } from '../io/deps.js';

/** Set by agents for the commands they start (Claude Code; Gemini CLI sets both). */
const PROJECT_DIR_VARIABLES = ['CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR'];

/** How long the helper processes of a repository keep running after its last call. */
export const WARM_MS = 2000;
/** How long a repository, its helpers stopped, is kept for the next call. */
export const FORGET_MS = 10 * 60_000;

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
    this.rest(entry);
  }

  /** Stops the helpers of an idle repository after WARM_MS (later if one is busy), and forgets it after FORGET_MS more. */
  private rest(entry: Warm): void {
    // A call (or a newer timer) since this timer was set makes it moot.
    const resting = later(WARM_MS, async () => {
      const rested = await entry.repo.then((r) => r.rest(), () => true);
      if (entry.timer !== resting) return;
      if (!rested) return this.rest(entry);
      const forgetting = later(FORGET_MS, () => {
        if (entry.timer !== forgetting) return;
        if (this.warm === entry) this.warm = null;
        void this.shut(entry);
      });
      entry.timer = forgetting;
    });
    entry.timer = resting;
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

/** Runs `fn` after `ms` unless the process has nothing else to wait for. */
function later(ms: number, fn: () => unknown): ReturnType<typeof setTimeout> {
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return timer;
}
