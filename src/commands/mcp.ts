/** `git checkpoint mcp`: serves checkpoints as MCP tools over stdio until stdin closes (server in src/mcp/). */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { FatalError } from '../errors.js';
import { startMcp } from '../mcp/start.js';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 0, 'mcp');
  if (!ctx.deps.mcpIo) throw new FatalError('the MCP server needs standard input and output');
  await startMcp(ctx.deps, await ctx.deps.mcpIo());
  return { outcome: 'ok' };
}
