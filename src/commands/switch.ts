/**
 * `git checkpoint switch <branch>` (SPEC §5): save a checkpoint for the
 * current branch when there is uncommitted work or something to say, then
 * `git switch`, whose messages pass through. It checks first, as git would,
 * and saves nothing when the switch is a no-op or would be refused. Exit
 * codes are SPEC §2's: a switch git refused is 1 when nothing was saved, 2
 * when a checkpoint was (it is written; the switch is the step that failed).
 */
import { stringOption } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs, Problem } from '../io/context.js';
import { hasContent } from '../checkpoint/record/input.js';
import { UsageError } from '../errors.js';
import { withGitFileLock } from '../checkpoint/store/file-lock.js';
import { runGitOnTerminal } from '../git/cli/admin.js';
import type { Repo } from '../git/repo.js';
import { saveOptions, saveRequest, type SaveOptions } from './shared/save-args.js';
import { saveAndReport } from '../services/save-report.js';
import { switchRefusal } from './shared/switch-check.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

/** How long a switch waits for another one in the same worktree, and when a lock is taken for one left by a crash. */
const LOCK = { scope: 'worktree', waitMs: 30_000, staleMs: 10 * 60_000, holder: 'another git checkpoint switch in this worktree' } as const;

/** `switch`'s flags, typed and checked: git switch's own arguments, and the save options for the branch left. */
export interface SwitchOptions {
  /** `-c <new>`: the branch to create. */
  create: string | undefined;
  /** What `git switch` is given. */
  target: string[];
  /** The start point of `-c`, when given. */
  startPoint: string | undefined;
  save: SaveOptions;
}

export function switchOptions(args: ParsedArgs): SwitchOptions {
  const create = stringOption(args, 'create');
  const target = switchArgs(create, args.positionals);
  // The save takes every save flag; the positionals are git switch's, never a label.
  const save = saveOptions({ values: { ...args.values, create: undefined }, positionals: [] });
  return { create, target, startPoint: create !== undefined ? args.positionals[0] : undefined, save };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runSwitch(ctx, switchOptions(args));
}

export async function runSwitch(ctx: Context, opts: SwitchOptions): Promise<CommandResult> {
  const repo = await ctx.worktreeRepo();
  // Read the branch, save for it, switch: one switch at a time per worktree, or a second one
  // could save after the first switched and record the first one's branch as the one it left.
  return withGitFileLock(repo, 'switch.lock', { ...LOCK, now: ctx.deps.now }, () => switchSaving(ctx, opts, repo));
}

async function switchSaving(ctx: Context, opts: SwitchOptions, repo: Repo): Promise<CommandResult> {
  const given = hasContent(opts.save.content) || opts.save.input !== null || opts.save.edit;
  // The branch being left, read once before anything else: the checkpoint is recorded for it even if
  // another process switches this worktree meanwhile.
  const [status, leaving] = await Promise.all([given ? null : repo.status(), repo.headBranch()]);
  const dirty = given || (status?.entries.length ?? 0) > 0;
  let saved: string | null = null;
  let partial = false;
  const problems: Problem[] = [];
  const switchTo = opts.create ?? opts.target[opts.target.length - 1]!;
  const refusal = dirty ? await switchRefusal(repo, { create: opts.create, target: switchTo, current: leaving, startPoint: opts.startPoint }) : null;
  if (dirty && refusal === null) {
    const req = await saveRequest(ctx, opts.save, { allowEditor: false });
    const result = await saveAndReport(ctx, leaving === null ? req : { ...req, branch: leaving });
    saved = result.saved.record.id;
    partial = result.outcome === 'partial';
    problems.push(...(result.problems ?? []));
    ctx.note(`checkpoint: saved ${saved}`);
  } else if (dirty && refusal) {
    ctx.hint(`no checkpoint saved: ${refusal}`);
  }
  const cwd = repo.info.workTree ?? ctx.globals.dir;
  const code = await runGitOnTerminal(cwd, ctx.deps.env, ['switch', ...opts.target]);
  const notes = saved === null ? 'unchanged' : partial ? 'failed' : 'ok';
  const json: JsonOutputOf<'switch'> = { saved, notes, switched: code === 0, gitExitCode: code };
  if (code === 0) return { outcome: partial ? 'partial' : 'ok', problems, json };
  if (saved) ctx.warn(`checkpoint ${saved} is saved, but git switch failed (exit ${code}): you are still on the branch it was saved for`);
  return { outcome: saved ? 'partial' : 'failed', problems, json };
}

function switchArgs(create: string | undefined, positionals: string[]): string[] {
  if (create !== undefined) {
    if (positionals.length > 1) throw new UsageError(`too many arguments for 'switch': ${positionals.slice(1).join(' ')}`);
    return ['-c', create, ...positionals];
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `too many arguments for 'switch': ${positionals.slice(1).join(' ')}` : 'switch needs a branch');
  return ['--', positionals[0]!];
}
