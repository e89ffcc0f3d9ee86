/** What every part of the CLI backend shares: where git runs and the helper processes it keeps. */
import type { CatFileBatch } from './cat-file-batch.js';
import type { CliConfig } from './cli-config.js';
import type { RepoInfo } from '../repo.js';
import type { RunOptions } from './run-git.js';

/** One opened repository, as the cli-* modules see it. */
export interface CliContext {
  readonly info: RepoInfo;
  /** Where and how git runs: the working tree (the git dir when bare), never taking optional locks. */
  readonly opts: RunOptions;
  /** The long-lived `cat-file --batch`: object reads and full ref names. */
  readonly batch: CatFileBatch;
  /** The long-lived `cat-file --batch-check`: types and sizes, without contents. */
  readonly check: CatFileBatch;
  /** Where loose objects are written in-process (`git rev-parse --git-path objects`). */
  readonly objectsDir: string;
  readonly config: CliConfig;
}
