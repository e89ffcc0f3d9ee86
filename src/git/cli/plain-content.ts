/**
 * Whether git stores the working tree's files byte for byte, with their own
 * modes: no clean filter, no end-of-line or encoding conversion, no `ident`,
 * executable bits and symlinks as the file system has them. Then hashing a
 * file and writing its blob in-process gives exactly git's object, and a save
 * starts no git process for it. Decided conservatively: any setting or
 * attributes file that could convert content says no, and git does the work.
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, posix, resolve } from 'node:path';

export interface PlainContentFacts {
  workTree: string;
  commonDir: string;
  env: Record<string, string | undefined>;
  config: { get(key: string): Promise<string | null>; hasSection(section: string): Promise<boolean> };
}

/** Attributes that change what git stores for a file (or define macros that might). */
const CONVERTING = /(^|[\s!-])(text|eol|filter|ident|working-tree-encoding|crlf)([\s=]|$)|^\s*\[attr\]/m;

/** True when every one of `paths` (relative to the work tree) is stored as its bytes. */
export async function storesBytesAsIs(facts: PlainContentFacts, paths: string[]): Promise<boolean> {
  const { config } = facts;
  const [autocrlf, fileMode, symlinks, filters, attributesFile] = await Promise.all([
    config.get('core.autocrlf'), config.get('core.filemode'), config.get('core.symlinks'),
    config.hasSection('filter'), config.get('core.attributesfile'),
  ]);
  if (autocrlf !== null && !isFalse(autocrlf)) return false;
  if ((fileMode !== null && isFalse(fileMode)) || (symlinks !== null && isFalse(symlinks)) || filters) return false;
  const files = [join(facts.commonDir, 'info', 'attributes'), attributesFile ? expandHome(attributesFile) : globalAttributes(facts.env)];
  const dirs = new Set<string>(['']);
  for (const p of paths) for (let d = posix.dirname(p); d !== '.' && !dirs.has(d); d = posix.dirname(d)) dirs.add(d);
  for (const d of dirs) files.push(join(facts.workTree, d, '.gitattributes'));
  // Read at once: with changes in hundreds of directories, most of these files are missing, and a
  // round of the thread pool for each costs more than the look.
  return files.every((f) => !readText(f).split('\n').some((line) => !line.trimStart().startsWith('#') && CONVERTING.test(line)));
}

function readText(path: string): string {
  // Most are missing: asked without the error a failed read would build (its stack costs more than the look).
  try {
    if (!statSync(path, { throwIfNoEntry: false })) return '';
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function isFalse(value: string): boolean {
  return /^(false|no|off|0|)$/i.test(value.trim());
}

function expandHome(path: string): string {
  return path.startsWith('~/') ? join(homedir(), path.slice(2)) : resolve(path);
}

function globalAttributes(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(xdg, 'git', 'attributes');
}
