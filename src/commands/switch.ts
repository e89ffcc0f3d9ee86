/**
 * `git checkpoint switch <branch>` (SPEC §5): save a checkpoint for the
 * current branch when there is uncommitted work or something to say, then
 * `git switch`, whose messages pass through. Exit codes are SPEC §2's: a
 * switch git refused is 1 when nothing was saved, 2 when a checkpoint was
 * (it is written; the switch is the step that failed).
 */
import { stringOption, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { hasContent } from '../checkpoint/input.js';
import { UsageError } from '../errors.js';
import { runGitOnTerminal } from '../git/admin.js';
import type { Repo } from '../git/repo.js';
import { contentFromFlags } from './save-content.js';
import { options as saveOptions, runSave } from './save.js';

// Every save option but --branch: the checkpoint is for the branch being left.
const { branch: _branch, ...savedOptions } = saveOptions;

export const options: OptionSpec = {
  ...savedOptions,
  create: { type: 'string', short: 'c' },
};

export const usage = 'git checkpoint switch [<save options>] (<branch> | -c <new-branch> [<start-point>])';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  const create = stringOption(args, 'create');
  const target = switchArgs(create, args.positionals);
  const repo = await ctx.worktreeRepo();
  const saveArgs: ParsedArgs = { values: { ...args.values, create: undefined }, positionals: [] };
  const given = hasContent(contentFromFlags(saveArgs)) || args.values.input !== undefined || Boolean(args.values.edit);
  const dirty = given ? true : (await repo.status()).entries.length > 0;
  let saved: string | null = null;
  let partial = false;
  // A mistyped branch: let git say so without leaving a checkpoint behind each time.
  if (dirty && (create !== undefined || (await canSwitchTo(repo, target.at(-1)!)))) {
    const result = await runSave(ctx, saveArgs, { allowEditor: false });
    if (result.exitCode !== EXIT.ok && result.exitCode !== EXIT.partial) return result;
    saved = (result.json as { id?: string } | undefined)?.id ?? null;
    partial = result.exitCode === EXIT.partial;
    if (saved && !ctx.globals.quiet) ctx.deps.streams.err(`checkpoint: saved ${saved}\n`);
  }
  const cwd = repo.info.workTree ?? ctx.globals.dir;
  const code = await runGitOnTerminal(cwd, ctx.deps.env, ['switch', ...target]);
  const json = { saved, switched: code === 0, gitExitCode: code };
  if (code === 0) return { exitCode: partial ? EXIT.partial : EXIT.ok, json };
  if (saved) ctx.warn(`checkpoint ${saved} is saved, but git switch failed (exit ${code}): you are still on the branch it was saved for`);
  return { exitCode: saved ? EXIT.partial : EXIT.failed, json };
}

/** A local branch, or one that `git switch` would create from a remote branch of that name. */
async function canSwitchTo(repo: Repo, branch: string): Promise<boolean> {
  if (branch === '-') return true; // the previous branch, as git switch - says
  if (await repo.readRef(`refs/heads/${branch}`)) return true;
  return (await repo.listRefs('refs/remotes/')).some((r) => r.name.endsWith(`/${branch}`));
}

function switchArgs(create: string | undefined, positionals: string[]): string[] {
  if (create !== undefined) {
    if (positionals.length > 1) throw new UsageError(`too many arguments for 'switch': ${positionals.slice(1).join(' ')}`);
    return ['-c', create, ...positionals];
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `too many arguments for 'switch': ${positionals.slice(1).join(' ')}` : 'switch needs a branch');
  return ['--', positionals[0]!];
}
