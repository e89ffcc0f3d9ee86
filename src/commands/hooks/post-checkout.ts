/**
 * post-checkout (SPEC §10): on a real branch switch, remind what was left and
 * what waits. Silent for path checkouts (flag 0), clone and `worktree add`
 * (old HEAD all zeros), rebase and bisect (detached HEAD, or git mid-operation,
 * or a reflog entry that is not a checkout), a switch to the same branch, and
 * with GIT_CHECKPOINT_SKIP=1. Kept lean: it runs inside every `git switch`.
 */
import type { CommandResult, Context } from '../../io/context.js';
import { choiceSetting } from '../../checkpoint/config/config-values.js';
import type { GitEnv } from '../../git/cli/admin.js';
import type { Repo } from '../../git/repo.js';
import { claimIndexBuild, newestByBranch } from '../../checkpoint/listing/branch-checkpoint.js';
import { lookAround } from '../../hook/checkout-sight.js';
import { isMidOperation, lastHeadMove } from '../../hook/head-move.js';
import { NO_COMMAND, renderReminder, saveCommand } from '../../hook/reminder.js';
import { visible } from '../../text/sanitize.js';

interface CheckoutArgs {
  oldHead: string;
  newHead: string;
  isBranchCheckout: boolean;
}

/** git's arguments, or pre-commit's PRE_COMMIT_* variables when run through pre-commit. */
function readArgs(args: string[], env: Record<string, string | undefined>): CheckoutArgs {
  const [oldHead = env.PRE_COMMIT_FROM_REF ?? '', newHead = env.PRE_COMMIT_TO_REF ?? '', flag = env.PRE_COMMIT_CHECKOUT_TYPE ?? ''] = args;
  return { oldHead, newHead, isBranchCheckout: flag === '1' };
}

/** What the reminder reads and writes: the CLI's context, or the hook's own entry (src/hook-entry.ts). */
export interface ReminderIo {
  cwd: string;
  env: GitEnv;
  err(text: string): void;
  now(): Date;
  /** The repository through git, for what the files cannot answer. */
  openRepo(): Promise<Repo>;
  /**
   * At most this many new checkpoint commits are read for the reminder; more
   * (a first run over a long history, a large fetch) and the branch index is
   * left to `indexLater`. Unset: everything is read now.
   */
  walkLimit?: number;
  /** Starts a build of the branch index that does not hold up the switch. */
  indexLater?(): void;
}

export async function run(ctx: Context, argv: string[]): Promise<CommandResult> {
  const { deps } = ctx;
  const ask = await remind({ cwd: deps.cwd, env: deps.env, err: deps.streams.err, now: deps.now, openRepo: () => ctx.repo() }, argv);
  if (ask !== null) await askAndSave(ctx, ask);
  return { outcome: 'ok' };
}

/** Prints the reminder; returns the branch left when `checkpoint.hookPrompt=ask` wants a save for it. */
export async function remind(io: ReminderIo, argv: string[]): Promise<string | null> {
  const env = io.env;
  const args = readArgs(argv, env);
  if (env.GIT_CHECKPOINT_SKIP === '1' || !args.isBranchCheckout || /^0+$/.test(args.oldHead)) return null;
  // Files before processes: most of what a reminder needs costs no subprocess (checkout-sight.ts).
  const sight = await lookAround(io.cwd, env, io.openRepo);
  const mode = promptMode(await sight.prompt());
  if (mode === 'off') return null;
  const [move, busy] = await Promise.all([lastHeadMove(sight.gitDir), isMidOperation(sight.gitDir)]);
  if (busy || (move.message !== null && !move.message.startsWith('checkout:'))) return null;
  const [arrived, uncommitted, { branches: latest, partial }] = await Promise.all([sight.arrived(), sight.uncommitted(), newestByBranch(sight.store, io.walkLimit)]);
  if (partial && io.indexLater && (await claimIndexBuild(sight.store, io.now().getTime()))) io.indexLater();
  if (arrived === null) return null;
  const left = move.message !== null ? move.from : await sight.previous();
  if (left === arrived && args.oldHead === args.newHead) return null;
  const shownLeft = left !== arrived ? left : null;
  io.err(renderReminder({
    left: shownLeft, leftLast: shownLeft !== null ? (latest.get(shownLeft) ?? null) : null,
    uncommitted, arrived, arrivedLast: latest.get(arrived) ?? null, complete: !partial, now: io.now(),
  }));
  return mode === 'ask' ? shownLeft : null;
}

export type PromptMode = 'remind' | 'ask' | 'off';
export const PROMPT_MODES: readonly PromptMode[] = ['remind', 'ask', 'off'];

/** `checkpoint.hookPrompt` (unset or empty: remind); any other value is fatal, which the hook turns into its one warning. */
export function promptMode(setting: string | null): PromptMode {
  return choiceSetting(setting || null, 'checkpoint.hookPrompt', PROMPT_MODES, 'remind');
}

/** `checkpoint.hookPrompt=ask`: one line from the terminal, then a save for the branch left. No terminal: nothing. */
async function askAndSave(ctx: Context, branch: string): Promise<void> {
  const line = await ctx.deps.readTtyLine?.(`checkpoint: what were you doing on '${visible(branch)}'? (one line; empty skips) `);
  const task = line?.trim();
  if (!task) return;
  const { saveAndReport } = await import('../../services/save-report.js');
  const result = await saveAndReport(ctx, { layers: [{ task: { title: task, status: 'in_progress' } }], branch, lineage: { kind: 'default' } })
    .catch((err: Error) => { ctx.warn(err.message); return null; });
  for (const p of result?.problems ?? []) ctx.problem(p);
  const id = result?.saved.record.id;
  ctx.deps.streams.err(id ? `checkpoint: saved ${visible(id)} for '${visible(branch)}'\n` : `checkpoint: not saved; run: ${saveCommand(branch) ?? NO_COMMAND}\n`);
}
