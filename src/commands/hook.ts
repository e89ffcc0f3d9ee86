/**
 * `git checkpoint hook <name> [args]`: the internal entry point that the
 * scripts in hooks/ and agent settings call (SPEC §5). A table of handlers,
 * each in its own module under ./hooks/, loaded only when its hook runs; adding
 * a hook is adding an entry. A failure of our own code never changes the
 * outcome of the user's git command or agent session: it is one warning line
 * and exit 0. Agent hooks exit 0 always too (an agent may read any other code
 * as "block"): they say what went wrong in the agent's own message shape.
 */
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';

export interface HookHandler {
  /** Runs the hook with the arguments after its name (and the command's options: `--recap`). */
  run(ctx: Context, args: string[], values: ParsedArgs['values']): Promise<CommandResult>;
}

export const HOOKS: Record<string, () => Promise<HookHandler>> = {
  'post-checkout': () => import('./hooks/post-checkout.js'),
  'pre-push': () => import('./hooks/pre-push.js'),
  'agent-pre-compact': () => import('./hooks/agent-pre-compact.js'),
  'agent-session-start': () => import('./hooks/agent-session-start.js'),
  'branch-index': () => import('./hooks/branch-index.js'),
};

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  const [name = '', ...rest] = args.positionals;
  try {
    const load = HOOKS[name];
    if (!load) {
      ctx.warn(`git-checkpoint has no '${name}' hook (known: ${Object.keys(HOOKS).join(', ')})`);
      return { outcome: 'ok' };
    }
    // Test hook: makes our code path fail, to prove git's own command is unaffected.
    if (ctx.deps.env.GIT_CHECKPOINT_HOOK_FAULT === name) throw new Error('injected fault');
    return await (await load()).run(ctx, rest, args.values);
  } catch (err) {
    ctx.warn(`git-checkpoint ${name} hook failed: ${(err as Error).message ?? String(err)}`);
    return { outcome: 'ok' };
  }
}
