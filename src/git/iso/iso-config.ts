/**
 * Config for the isomorphic-git backend. Nothing is cached: isomorphic-git
 * reads the config file on every call, so other processes' writes show at once.
 */
import git from 'isomorphic-git';
import type { IsoContext } from './iso-context.js';

/** Last value of `key`; null when unset. */
export async function getConfig(ctx: IsoContext, key: string): Promise<string | null> {
  return stringOrNull(await git.getConfig({ fs: ctx.fs, gitdir: ctx.gitdir, path: key }));
}

/** Every value of `key` in file order; empty when unset. */
export async function getConfigAll(ctx: IsoContext, key: string): Promise<string[]> {
  const values = await git.getConfigAll({ fs: ctx.fs, gitdir: ctx.gitdir, path: key });
  return values.map((v) => String(v));
}

/** Sets `key` in the repository's own config file. */
export async function setConfig(ctx: IsoContext, key: string, value: string): Promise<void> {
  await git.setConfig({ fs: ctx.fs, gitdir: ctx.gitdir, path: key, value });
}

function stringOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : String(value);
}
