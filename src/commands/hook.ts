/**
 * `git checkpoint hook <name> [args]`: the entry point the scripts in hooks/
 * call. It always exits 0 — a reminder or a push-along must never change the
 * outcome of the user's git command — and reports its own failure in one line.
 */
import type { OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { HOOK_HANDLERS } from '../hook/handlers.js';

export const options: OptionSpec = {};
export const usage = 'git checkpoint hook <name> [<args>...]';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  const [name = '', ...rest] = args.positionals;
  try {
    const load = HOOK_HANDLERS[name];
    if (!load) {
      ctx.warn(`git-checkpoint has no '${name}' hook (known: ${Object.keys(HOOK_HANDLERS).join(', ')})`);
      return { exitCode: EXIT.ok };
    }
    // Test hook: makes our code path fail, to prove git's own command is unaffected.
    if (ctx.deps.env.GIT_CHECKPOINT_HOOK_FAULT === name) throw new Error('injected fault');
    await (await load())(ctx, rest);
  } catch (err) {
    ctx.deps.streams.err(`warning: git-checkpoint ${name} hook failed: ${(err as Error).message ?? String(err)}\n`);
  }
  return { exitCode: EXIT.ok };
}
