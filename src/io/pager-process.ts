/** The pager process (src/cli/pager.ts chooses which): loaded only when output is paged. */
import { spawnChild } from './run-scope.js';
import type { Pager } from './deps.js';

/**
 * Runs `command` through sh, as git runs its pager, with git's defaults for
 * less and lv; standard output and error are ours. A reader that quits early
 * ends the pager, not the command.
 */
export function startPager(command: string, env: Record<string, string | undefined>): Pager {
  const child = spawnChild('sh', ['-c', command], {
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c', GIT_PAGER_IN_USE: 'true' },
  }, { interactive: true });
  const stdin = child.stdin!;
  const exited = new Promise<void>((done) => {
    child.on('close', () => done());
    child.on('error', () => done());
  });
  stdin.on('error', () => {});
  return {
    write: (text) => void stdin.write(text),
    end: async () => {
      stdin.end();
      await exited;
    },
  };
}
