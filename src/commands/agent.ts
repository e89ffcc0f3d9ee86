/**
 * `git checkpoint agent install|uninstall claude|codex [--project|--user]`:
 * puts our PreCompact and SessionStart hooks into the agent's settings
 * (merged, every other byte kept) or takes exactly them out again.
 */
import { join } from 'node:path';
import type { OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { JsonSyntaxError } from '../agent/json-edit.js';
import { AGENTS, installHooks, uninstallHooks, type Agent } from '../agent/settings.js';
import { FatalError, OperationError, UsageError } from '../errors.js';

export const options: OptionSpec = {
  project: { type: 'boolean' },
  user: { type: 'boolean' },
};

export const usage = 'git checkpoint agent (install | uninstall) (claude | codex) [--project | --user]';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  const [action, agent, ...extra] = args.positionals;
  if (action !== 'install' && action !== 'uninstall') throw new UsageError(`expected 'install' or 'uninstall', got '${action ?? ''}'`);
  if (!(AGENTS as readonly (string | undefined)[]).includes(agent)) throw new UsageError(`expected an agent: ${AGENTS.join(' or ')}`);
  if (extra.length) throw new UsageError(`too many arguments for 'agent': ${extra.join(' ')}`);
  if (args.values.project && args.values.user) throw new UsageError("'--project' and '--user' cannot be used together");
  const scope = args.values.user ? 'user' : 'project';
  const file = await settingsPath(ctx, agent as Agent, scope);
  const before = await readOptional(ctx, file);
  let changed: boolean;
  try {
    changed = action === 'install' ? await install(ctx, file, before) : await uninstall(ctx, file, before);
  } catch (err) {
    if (err instanceof SyntaxError || err instanceof JsonSyntaxError) {
      throw new OperationError(`cannot edit ${file}: ${(err as Error).message}; nothing changed`);
    }
    throw err;
  }
  const verb = action === 'install' ? (changed ? 'installed' : 'already installed') : changed ? 'removed' : 'not installed';
  const text = `${verb}: PreCompact and SessionStart hooks for ${agent} in ${file}\n`;
  if (action === 'install' && agent === 'codex' && changed) ctx.hint('Codex runs new hooks only after you review and trust them (/hooks)');
  return { exitCode: EXIT.ok, text: ctx.globals.quiet ? '' : text, json: { action, agent, scope, file, changed } };
}

async function install(ctx: Context, file: string, before: string | null): Promise<boolean> {
  const { text, changed } = installHooks(before);
  if (changed) await ctx.deps.writeFile(file, text);
  return changed;
}

async function uninstall(ctx: Context, file: string, before: string | null): Promise<boolean> {
  if (before === null) return false;
  const { text, changed } = uninstallHooks(before);
  if (!changed) return false;
  if (text === null) await ctx.deps.removeFile(file);
  else await ctx.deps.writeFile(file, text);
  return true;
}

/** Where each agent keeps its hooks, per scope. */
async function settingsPath(ctx: Context, agent: Agent, scope: 'project' | 'user'): Promise<string> {
  const relative = agent === 'claude' ? join('.claude', 'settings.json') : join('.codex', 'hooks.json');
  if (scope === 'project') return join((await ctx.worktreeRepo()).info.workTree!, relative);
  const home = ctx.deps.env.HOME;
  if (agent === 'codex' && ctx.deps.env.CODEX_HOME) return join(ctx.deps.env.CODEX_HOME, 'hooks.json');
  if (!home) throw new FatalError('HOME is not set: cannot find the user settings');
  return join(home, relative);
}

async function readOptional(ctx: Context, file: string): Promise<string | null> {
  try {
    return Buffer.from(await ctx.deps.readFile(file)).toString('utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new OperationError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
