/**
 * Loads a CommonJS bundle through V8's code cache, as bin/git-checkpoint.cjs
 * does for the CLI: here for dist/mcp-sdk.cjs, most of `git checkpoint mcp`'s
 * start-up, and for dist/yargs.cjs. The cache (`<file>.v8cache`) starts with the build id that
 * build.mjs put on the bundle's last line, so a cache of another build is
 * never used; one V8 rejects is written anew (at exit); one that cannot be
 * written (a read-only install) is simply not kept.
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** Runs the bundle `file` and returns its exports. */
export function loadWithCodeCache(file: string): unknown {
  const source = readFileSync(file, 'utf8');
  const build = /git-checkpoint-build ([0-9a-f]{16})\n$/.exec(source.slice(-64))?.[1];
  const cacheFile = `${file}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    const stored = build ? readFileSync(cacheFile) : undefined;
    if (stored && stored.toString('latin1', 0, 17) === `${build}\n`) cachedData = stored.subarray(17);
  } catch {
    cachedData = undefined;
  }
  const wrap = (Module as unknown as { wrap(code: string): string }).wrap;
  const script = new Script(wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const mod = { exports: {} as unknown, filename: file, id: file, loaded: false };
  (script.runInThisContext() as (...args: unknown[]) => void)(mod.exports, createRequire(file), mod, file, dirname(file));
  // Made at exit, as bin/git-checkpoint.cjs does: the cache then holds the functions
  // the command went on to call, not only those the bundle ran as it loaded.
  if (build && (!cachedData || script.cachedDataRejected)) process.once('exit', () => storeCache(cacheFile, build, script.createCachedData()));
  return mod.exports;
}

function storeCache(cacheFile: string, build: string, data: Buffer): void {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([Buffer.from(`${build}\n`), data]));
    renameSync(tmp, cacheFile);
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // Nothing was written.
    }
  }
}
