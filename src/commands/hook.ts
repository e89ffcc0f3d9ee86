/**
 * `git checkpoint hook <name> [args]`: the internal entry point that hook
 * scripts and agent settings call (SPEC §5). A table of handlers, each in its
 * own module under ./hooks/, loaded only when its hook runs.
 */
import type { OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { UsageError } from '../errors.js';

export interface HookHandler {
  /** Runs the hook with the arguments after its name. */
  run(ctx: Context, args: string[]): Promise<CommandResult>;
}

export const HOOKS: Record<string, () => Promise<HookHandler>> = {
  'agent-pre-compact': () => import('./hooks/agent-pre-compact.js'),
  'agent-session-start': () => import('./hooks/agent-session-start.js'),
};

export const options: OptionSpec = {};
export const usage = `git checkpoint hook <${Object.keys(HOOKS).join('|')}> [<args>]`;

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  const [name, ...rest] = args.positionals;
  if (name === undefined) throw new UsageError('hook name required');
  const load = HOOKS[name];
  if (!load) throw new UsageError(`unknown hook '${name}' (known: ${Object.keys(HOOKS).join(', ')})`);
  return (await load()).run(ctx, rest);
}
