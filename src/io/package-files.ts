/**
 * Files shipped with the package (hooks/, man/). The bundle runs from dist/,
 * the sources (in tests) from src/<dir>/: both find the package root above them.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of `rel` (e.g. `man/git-checkpoint.1`) in this installation; the first candidate when none exists. */
export function packageFile(rel: string): string {
  const candidates = ['../', '../../'].map((up) => fileURLToPath(new URL(up + rel, import.meta.url)));
  return candidates.find((path) => existsSync(path)) ?? candidates[0]!;
}
