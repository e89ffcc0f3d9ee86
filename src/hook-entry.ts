/**
 * The post-checkout hook's own bundle (dist/hook.cjs, SPEC §11). The hook runs
 * inside every `git switch`, so its start-up is the reminder and nothing else:
 * no command table, parser, schema or save path. What it cannot answer from
 * the git dir's files and plain git calls — another repository layout, a
 * `checkpoint.hookPrompt` the hook script did not pass, `ask`, anything that
 * fails — it leaves to the full CLI, which runs the hook from the start
 * (bin/git-checkpoint.cjs). The reminder prints nothing until it has every
 * fact, so a hand-over never prints twice.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { parseChoice } from './checkpoint/config/config-values.js';
import { PROMPT_MODES, remind } from './commands/hooks/post-checkout.js';
import { HOOK_WALK_LIMIT } from './checkpoint/listing/branch-checkpoint.js';
import { PROMPT_ENV } from './hook/checkout-sight.js';
import { endOnSignals, exitWhenWritten } from './io/process-exit.js';
import { endRun } from './io/run-scope.js';

class NeedsFullCli extends Error {}

/**
 * Runs the hook and exits when it ran here; resolves false when the full CLI
 * must run it, after stopping whatever this bundle started (src/io/run-scope.ts).
 */
export async function runPostCheckout(argv: string[]): Promise<boolean> {
  const stopListening = endOnSignals();
  const done = await remindHere(argv).catch(() => false);
  if (done) exitWhenWritten(0);
  else {
    stopListening();
    endRun();
  }
  return done;
}

async function remindHere(argv: string[]): Promise<boolean> {
  const env = process.env;
  const [hook, name, ...args] = argv;
  if (hook !== 'hook' || name !== 'post-checkout' || args.length !== 3 || args.some((a) => a.startsWith('-'))) return false;
  const setting = env[PROMPT_ENV];
  // The fault injected by tests (src/commands/hook.ts) belongs to the full CLI's hook entry, and so does
  // a prompt setting that is not one of the modes (its warning is the full CLI's).
  const mode = setting ? parseChoice(setting, PROMPT_MODES) : 'remind';
  if (setting === undefined || mode === null || mode === 'ask' || env.GIT_CHECKPOINT_HOOK_FAULT) return false;
  let out = '';
  try {
    await remind({
      cwd: process.cwd(),
      env,
      err: (text) => { out += text; },
      now: () => new Date(),
      openRepo: () => Promise.reject(new NeedsFullCli()),
      walkLimit: HOOK_WALK_LIMIT,
      indexLater,
    }, args);
  } catch (err) {
    if (env.GIT_CHECKPOINT_DEBUG && !(err instanceof NeedsFullCli)) process.stderr.write(`${String((err as Error).stack)}\n`);
    return false;
  }
  if (out) process.stderr.write(out);
  return true;
}

/**
 * `hook branch-index` through the same loader, detached and at a background
 * priority (nice 10, as for a batch job; 19 could starve it for minutes on a
 * busy machine): neither the switch nor the commands after it wait for it.
 */
function indexLater(): void {
  const loader = process.argv[1];
  if (!loader) return;
  const child = spawn(process.execPath, [loader, 'hook', 'branch-index'], { detached: true, stdio: 'ignore' });
  child.on('error', () => {}).unref();
  try {
    if (child.pid !== undefined) setPriority(child.pid, 10);
  } catch {
    // Only its priority is lost.
  }
}
