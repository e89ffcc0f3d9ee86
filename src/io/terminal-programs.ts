/**
 * Programs run on the user's terminal (the editor, man). Loaded only by the
 * commands that need them: child_process is not free at start-up.
 */
import { spawnChild } from './run-scope.js';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OperationError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { runGit } from '../git/cli/run-git.js';

/** Runs the editor git would use (`git var GIT_EDITOR`) on a file in the git dir, like `git commit`. */
export async function editWithGitEditor(initial: string, repo: Repo, env: Record<string, string | undefined>): Promise<string> {
  const cwd = repo.info.workTree ?? repo.info.gitDir;
  const res = await runGit(['var', 'GIT_EDITOR'], { cwd, env });
  const editor = res.stdout.toString('utf8').trim() || 'vi';
  const dir = join(repo.info.gitDir, 'checkpoint');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'CHECKPOINT_EDIT.md');
  await writeFile(file, initial);
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawnChild('sh', ['-c', `exec ${editor} "$@"`, editor, file], { cwd, env: env as NodeJS.ProcessEnv, stdio: 'inherit' }, { interactive: true });
    child.on('error', reject);
    child.on('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new OperationError(`there was a problem with the editor '${editor}'`);
  const text = await readFile(file, 'utf8');
  await rm(file, { force: true });
  return text;
}

/** `man -l <file>` on the terminal; with a topic, less opens at its entry. */
export function showManPage(path: string, topic: string | undefined, env: Record<string, string | undefined>): Promise<boolean> {
  const less = topic ? { LESS: `${env.LESS ?? '-R'} +/^ +${topic.replace(/[^a-z-]/g, '')}( |$)` } : {};
  return new Promise((resolve) => {
    const child = spawnChild('man', ['-l', path], { env: { ...env, ...less } as NodeJS.ProcessEnv, stdio: 'inherit' }, { interactive: true });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
