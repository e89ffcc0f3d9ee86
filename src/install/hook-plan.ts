/**
 * Plan, then apply, for the hook files: what `install` would do with each hook
 * given what is on disk, and doing it. A hook that is not ours is never
 * overwritten: it is kept under a suffix (chained, or with --force replaced)
 * so that `uninstall` can put the very same file back.
 */
import { chmod, lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeLeftovers } from '../git/cli/leftovers.js';
import { letGo, removeAtEnd } from '../io/run-scope.js';
import { CHAINED_SUFFIX, HOOK_NAMES, isOurs, readHookScript, REPLACED_SUFFIX, type HookName } from './hook-scripts.js';

export interface HookFacts {
  name: HookName;
  path: string;
  /** The current hook file; null when there is none. */
  content: Buffer | null;
  /** A kept foreign hook already sits next to it (chained or replaced). */
  keptExists: boolean;
  /** The script this installation ships. */
  script: string;
}

/** Where a new script is written before it is renamed into place: `<hook>.git-checkpoint-<pid>.tmp`. */
const stagedPath = (hook: string) => `${hook}.git-checkpoint-${process.pid}.tmp`;

/** A staged script, of a process that may be gone (without a pid: written by an earlier version). */
const STAGED = new RegExp(`^(?:${HOOK_NAMES.join('|')})\\.git-checkpoint(?:-(\\d+))?\\.tmp$`);

/**
 * Removes the scripts that an install killed midway (SIGKILL: nothing of its
 * own could run) left staged in `hooksDir`; install, uninstall and doctor call
 * it. Returns the names removed.
 */
export function removeStagedLeftovers(hooksDir: string): Promise<string[]> {
  return removeLeftovers(hooksDir, STAGED);
}

export type HookStep =
  | { kind: 'create' | 'update' | 'unchanged'; facts: HookFacts }
  | { kind: 'chain' | 'replace'; facts: HookFacts; keepAs: string }
  | { kind: 'blocked'; facts: HookFacts; reason: string };

const exists = async (path: string) => (await lstat(path).catch(() => null)) !== null;

/** Reads the state of both hooks in `hooksDir`. */
export async function readHookFacts(hooksDir: string): Promise<HookFacts[]> {
  return Promise.all(
    HOOK_NAMES.map(async (name) => {
      const path = join(hooksDir, name);
      const content = await readFile(path).catch(() => null);
      const keptExists = (await exists(path + CHAINED_SUFFIX)) || (await exists(path + REPLACED_SUFFIX));
      return { name, path, content, keptExists, script: await readHookScript(name) };
    }),
  );
}

/** What install does with one hook. `force` replaces a foreign hook instead of chaining it. */
export function planHook(facts: HookFacts, force: boolean): HookStep {
  if (facts.content === null) return { kind: 'create', facts };
  if (isOurs(facts.content)) return { kind: facts.content.toString('utf8') === facts.script ? 'unchanged' : 'update', facts };
  if (facts.keptExists) {
    return {
      kind: 'blocked', facts,
      reason: `both ${facts.name} and a copy kept by an earlier install exist; move one away and run install again`,
    };
  }
  return force
    ? { kind: 'replace', facts, keepAs: facts.path + REPLACED_SUFFIX }
    : { kind: 'chain', facts, keepAs: facts.path + CHAINED_SUFFIX };
}

/** A step whose new script is written whole beside the hook, waiting to be renamed into place. */
export interface StagedHook {
  step: HookStep;
  tmp: string;
}

/**
 * Writes the new script of each step that changes a hook to a temporary file
 * beside it. On failure (a full disk) removes what it wrote and throws:
 * nothing is in place yet.
 */
export async function stageHooks(steps: HookStep[]): Promise<StagedHook[]> {
  const staged: StagedHook[] = [];
  try {
    for (const step of steps) {
      if (step.kind === 'unchanged' || step.kind === 'blocked') continue;
      await mkdir(join(step.facts.path, '..'), { recursive: true });
      const tmp = stagedPath(step.facts.path);
      staged.push({ step, tmp });
      removeAtEnd(tmp);
      await writeFile(tmp, step.facts.script, { mode: 0o755 });
      await chmod(tmp, 0o755);
    }
    return staged;
  } catch (err) {
    await discardStaged(staged);
    throw err;
  }
}

export async function discardStaged(staged: StagedHook[]): Promise<void> {
  for (const s of staged) {
    await rm(s.tmp, { force: true });
    letGo(s.tmp);
  }
}

/**
 * Puts one staged script in place (renames only: no space needed). The
 * foreign hook is renamed (never copied), so it comes back byte for byte.
 * Returns the undo.
 */
export async function placeHook({ step, tmp }: StagedHook): Promise<() => Promise<void>> {
  const { path, content } = step.facts;
  if (step.kind === 'chain' || step.kind === 'replace') await rename(path, step.keepAs);
  await rename(tmp, path);
  letGo(tmp);
  if (step.kind === 'chain' || step.kind === 'replace') return () => rename(step.keepAs, path);
  if (step.kind === 'update' && content) return () => writeFile(path, content, { mode: 0o755 });
  return () => rm(path, { force: true });
}

/** One line describing a step, for install's report. */
export function describeHookStep(step: HookStep): string {
  const name = step.facts.name.padEnd(13);
  switch (step.kind) {
    case 'create': return `  ${name} installed`;
    case 'update': return `  ${name} updated to this version's script`;
    case 'unchanged': return `  ${name} already installed`;
    case 'chain': return `  ${name} installed; your existing hook is kept as ${basename(step.keepAs)} and runs first`;
    case 'replace': return `  ${name} installed; your existing hook was replaced (kept as ${basename(step.keepAs)}; uninstall restores it)`;
    case 'blocked': return `  ${name} NOT installed: ${step.reason}`;
  }
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export type UnhookResult = 'removed' | 'restored' | 'absent' | 'foreign';

/**
 * Removes our hook and puts back the foreign one that install kept. A hook
 * that is not ours is left alone ('foreign'), and so is its kept copy.
 */
export async function removeHook(hooksDir: string, name: HookName): Promise<UnhookResult> {
  const path = join(hooksDir, name);
  const content = await readFile(path).catch(() => null);
  if (content !== null && !isOurs(content)) return 'foreign';
  if (content !== null) await rm(path, { force: true });
  for (const suffix of [CHAINED_SUFFIX, REPLACED_SUFFIX]) {
    if (await exists(path + suffix)) {
      await rename(path + suffix, path);
      return 'restored';
    }
  }
  return content !== null ? 'removed' : 'absent';
}
