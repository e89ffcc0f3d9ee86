/**
 * Refs and other small facts read from the git
 * dir's files as git itself stores them, without starting git: where the git
 * dirs are, the refs under a prefix (loose and
 * packed), the index's entry count. Every reader answers null when the
 * layout is not the plain one it knows (GIT_COMMON_DIR set, reftable,
 * a symbolic ref): the caller then asks git. Starting a process costs more
 * than all of this together, and the hook runs inside every `git switch`.
 */
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { stat, open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { commonDirOf, dotGitAt } from './discover.js';
import type { RefRecord } from '../repo.js';

export interface GitDirs {
  gitDir: string;
  commonDir: string;
  workTree: string;
}

const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** A hostile or broken refs directory is read this far, then git is asked. */
const REFS_MAX = 200_000;

/**
 * The git dirs of the work tree rooted at `cwd`, where git runs hooks: from
 * GIT_DIR when git set it (it does in a linked worktree), else from `cwd/.git`
 * (a directory, or a file naming one). Null when something else decides
 * (GIT_COMMON_DIR, a bare repository): git is asked then.
 */
export async function findGitDirs(cwd: string, env: Record<string, string | undefined>): Promise<GitDirs | null> {
  if (env.GIT_COMMON_DIR) return null;
  const gitDir = env.GIT_DIR ? resolve(cwd, env.GIT_DIR) : dotGitAt(cwd);
  if (!gitDir || !(await stat(join(gitDir, 'HEAD')).catch(() => null))) return null;
  const commonDir = commonDirOf(gitDir);
  if (await stat(join(commonDir, 'reftable')).catch(() => null)) return null;
  return { gitDir, commonDir, workTree: env.GIT_WORK_TREE ? resolve(cwd, env.GIT_WORK_TREE) : cwd };
}

/** Entries in the index (its header); null without one. A split or sparse index counts fewer. */
export async function indexEntries(gitDir: string): Promise<number | null> {
  const file = await open(join(gitDir, 'index'), 'r').catch(() => null);
  if (!file) return null;
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, 12, 0);
    return bytesRead === 12 && head.toString('latin1', 0, 4) === 'DIRC' ? head.readUInt32BE(8) : null;
  } finally {
    await file.close();
  }
}

/**
 * Refs under `prefix` (e.g. `refs/checkpoints/`) with their object ids, as
 * `git for-each-ref` lists them: a loose ref wins over its packed line. Null
 * when something needs git to answer (a symbolic ref, too many entries).
 */
export async function readRefsUnder(commonDir: string, prefix: string): Promise<RefRecord[] | null> {
  // Read at once: a few small files cost less than a round of the thread pool each (the MCP server lists on every call).
  if (!/^refs\/(.+\/)?$/.test(prefix) || prefix.includes('..') || existsSync(join(commonDir, 'reftable'))) return null;
  // Loose first, then packed: `pack-refs` writes the packed file before it deletes a loose ref,
  // so a ref being packed meanwhile is seen in one of the two.
  const loose = new Map<string, string>();
  if (!readLoose(commonDir, prefix.replace(/\/$/, ''), loose)) return null;
  const refs = new Map<string, string>();
  const packed = readOrEmpty(join(commonDir, 'packed-refs'));
  for (let at = packed.indexOf(` ${prefix}`); at >= 0; at = packed.indexOf(` ${prefix}`, at + 1)) {
    const start = packed.lastIndexOf('\n', at) + 1;
    const end = packed.indexOf('\n', at);
    const oid = packed.slice(start, at);
    if (OID.test(oid)) refs.set(packed.slice(at + 1, end < 0 ? undefined : end), oid);
  }
  for (const [name, oid] of loose) refs.set(name, oid);
  return [...refs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, oid]) => ({ name, oid }));
}

function readLoose(commonDir: string, dir: string, into: Map<string, string>): boolean {
  const base = join(commonDir, dir);
  let entries: Dirent[];
  try {
    entries = readdirSync(base, { withFileTypes: true });
  } catch {
    entries = [];
  }
  for (const e of entries) {
    if (into.size > REFS_MAX) return false;
    const name = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!readLoose(commonDir, name, into)) return false;
    } else if (!e.isFile()) {
      // A symlinked ref or anything else git may still resolve: git is asked.
      return false;
    } else if (!e.name.endsWith('.lock')) {
      // Joined by hand: `base` is already normal and `e.name` one plain component (path.join costs as much as the read).
      const text = readOrEmpty(`${base}/${e.name}`).trim();
      // A symbolic or broken ref (or one deleted while read): git is asked, and says what it makes of it.
      if (!OID.test(text)) return false;
      into.set(name, text);
    }
  }
  return true;
}

/** A file's text; empty when it cannot be read (missing, or removed while read). */
function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
