/**
 * Config for the CLI backend: every value git sees (includes, worktree config)
 * read in one subprocess, then kept until we write a key or are asked to reload.
 */
import { readConfigMap } from './config-map.js';
import { gitOk, type RunOptions } from './run-git.js';

export class CliConfig {
  /**
   * `map` may already be on its way (openCliRepo starts reading it alongside
   * its probe); null reads it on first use.
   */
  constructor(
    private readonly opts: RunOptions,
    private map: Promise<Map<string, string[]>> | null = null,
  ) {}

  /** Last value of `key` (git's rule for single-valued keys); null when unset. */
  async get(key: string): Promise<string | null> {
    return (await this.load()).get(normalizeKey(key))?.at(-1) ?? null;
  }

  /** Every value of `key` in git's order; empty when unset. */
  async getAll(key: string): Promise<string[]> {
    return (await this.load()).get(normalizeKey(key)) ?? [];
  }

  /** `git config --local`; the next read sees the new value. */
  async set(key: string, value: string): Promise<void> {
    await gitOk(['config', '--local', key, value], this.opts);
    this.map = null;
  }

  /** Drops the cached values so the next read sees other processes' writes. */
  reload(): void {
    this.map = null;
  }

  private load(): Promise<Map<string, string[]>> {
    this.map ??= readConfigMap(this.opts);
    return this.map;
  }
}

/** Git's key form: section and name lowercased, a subsection kept as written. */
function normalizeKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}
