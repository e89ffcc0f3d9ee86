/**
 * The hook scripts shipped in the package's `hooks/` directory and how this
 * tool recognises its own: the marker line. Files next to a hook that hold a
 * user's earlier hook carry fixed suffixes, so uninstall can put them back.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageFile } from '../io/package-files.js';
import { OperationError } from '../errors.js';

export const MARKER = '# managed-by: git-checkpoint';
export const HOOK_NAMES = ['post-checkout', 'pre-push'] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** A foreign hook kept and chained: our script runs it first (see hooks/post-checkout). */
export const CHAINED_SUFFIX = '.before-git-checkpoint';
/** A foreign hook replaced with --force: kept, not run, restored by uninstall. */
export const REPLACED_SUFFIX = '.replaced-by-git-checkpoint';

/** True when a hook file's content carries our marker line. */
export function isOurs(content: Buffer | null): boolean {
  return content !== null && content.toString('utf8').split('\n', 4).includes(MARKER);
}

/** The package's hooks/ directory. */
export function shippedHooksDir(): string {
  return packageFile('hooks');
}

/** Reads a shipped script; throws when this installation lacks it. */
export async function readHookScript(name: HookName): Promise<string> {
  const path = join(shippedHooksDir(), name);
  const text = await readFile(path, 'utf8').catch(() => null);
  if (!text?.includes(MARKER)) throw new OperationError(`cannot read the ${name} script of this installation (${path})`);
  return text;
}
