/**
 * Config for the CLI backend: every value git sees (includes, worktree config)
 * read in one subprocess, then kept until we write a key, or are asked to
 * reload and one of the files it came from changed.
 */
import { changedSince, existing, readConfig, type ConfigRead } from './config-map.js';
import { resolve } from 'node:path';
import { gitOk, type RunOptions } from './run-git.js';

export class CliConfig {
  private read: Promise<Stamped> | null = null;
  private check = false;

  /**
   * `first` may already be on its way (openCliRepo starts reading it alongside
   * its probe); null reads it on first use.
   */
  constructor(
    private readonly opts: RunOptions,
    first: Promise<ConfigRead> | null = null,
  ) {
    if (first) this.read = this.stamped(first);
  }

  /** Last value of `key` (git's rule for single-valued keys); null when unset. */
  async get(key: string): Promise<string | null> {
    return (await this.load()).get(normalizeKey(key))?.at(-1) ?? null;
  }

  /** Every value of `key` in git's order; empty when unset. */
  async getAll(key: string): Promise<string[]> {
    return (await this.load()).get(normalizeKey(key)) ?? [];
  }

  /** True when any key of `section` is set (`filter.lfs.clean` is in section `filter`). */
  async hasSection(section: string): Promise<boolean> {
    const prefix = `${section.toLowerCase()}.`;
    for (const key of (await this.load()).keys()) if (key.startsWith(prefix)) return true;
    return false;
  }

  /** `git config --local`; the next read sees the new value. */
  async set(key: string, value: string): Promise<void> {
    await gitOk(['config', '--local', key, value], this.opts);
    this.read = null;
  }

  /** The next read sees other processes' writes: it reads again unless none of the config files changed. */
  reload(): void {
    this.check = true;
  }

  private fresh(): Promise<Stamped> {
    return this.stamped(readConfig(this.opts));
  }

  /** `opts.cwd` is the top of the work tree (the git dir when bare): git's cwd, what its relative origins start from. */
  private async stamped(read: Promise<ConfigRead>): Promise<Stamped> {
    const r = await read;
    const files = r.files.map((f) => resolve(this.opts.cwd, f));
    return { ...r, files, existed: await existing(files) };
  }

  private async load(): Promise<Map<string, string[]>> {
    if (this.check && this.read) {
      this.check = false;
      const last = this.read;
      this.read = last.then(
        async (r) => ((await changedSince(r.files, r.existed, r.startedAt)) ? this.fresh() : r),
        () => this.fresh(),
      );
    }
    this.read ??= this.fresh();
    return (await this.read).map;
  }
}

/** A read with its files resolved and which of them existed: what tells whether it is still current. */
type Stamped = ConfigRead & { existed: boolean[] };

/** Git's key form: section and name lowercased, a subsection kept as written. */
function normalizeKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}
