/**
 * Files shipped with the package (hooks/, man/). The bundle runs from dist/,
 * the sources (in tests) from src/<dir>/: both find the package root above them.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Absolute path of `rel` (e.g. `man/git-checkpoint.1`) in this installation; the first candidate when none exists. */
export function packageFile(rel: string): string {
  // A CommonJS bundle has __filename; the ES module sources (tests) have import.meta.url.
  const here = typeof __filename === 'string' ? pathToFileURL(__filename) : new URL(import.meta.url);
  const candidates = ['../', '../../'].map((up) => fileURLToPath(new URL(up + rel, here)));
  return candidates.find((path) => existsSync(path)) ?? candidates[0]!;
}
