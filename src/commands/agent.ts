/**
 * `git checkpoint agent install|uninstall <agent> [--project | --user] [--mcp]`:
 * puts our pre-compaction and session-start hooks, and our skill, where the
 * agent reads them (with `--mcp`, also `git checkpoint mcp` among its MCP
 * servers) — or takes exactly them out again. The default scope is
 * personal: this repository, in a file that is not committed (where the agent
 * has one). `--project` writes the shared file with a guarded command that
 * does nothing on a machine without git-checkpoint. Every agent is an adapter
 * (src/agent/adapters/).
 */
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { ADAPTERS, findAdapter } from '../agent/adapters/index.js';
import type { AgentAdapter, Roots, Scope } from '../agent/adapters/types.js';
import { hookCommand, planChanges, type FileChange } from '../agent/install-plan.js';
import { JsonSyntaxError } from '../agent/json-edit.js';
import { FatalError, OperationError, UsageError } from '../errors.js';
import { packageFile } from '../io/package-files.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

/** What `agent` was asked for: install or uninstall, for which agent, in which scope, with the MCP server or not. */
export interface AgentOptions {
  action: 'install' | 'uninstall';
  adapter: AgentAdapter;
  scope: Scope;
  mcp: boolean;
}

/** The arguments as options; UsageError for an unknown action or agent, or both scopes. Pure: tests check parsing alone. */
export function agentOptions(args: ParsedArgs): AgentOptions {
  const [action, name, ...extra] = args.positionals;
  if (action !== 'install' && action !== 'uninstall') throw new UsageError(`expected 'install' or 'uninstall', got '${action ?? ''}'`);
  const adapter = findAdapter(name ?? '');
  if (!adapter) throw new UsageError(`expected an agent: ${ADAPTERS.map((a) => a.name).join(', ')}`);
  if (extra.length) throw new UsageError(`too many arguments for 'agent': ${extra.join(' ')}`);
  if (args.values.project && args.values.user) throw new UsageError("'--project' and '--user' cannot be used together");
  const scope: Scope = args.values.user ? 'user' : args.values.project ? 'project' : 'personal';
  return { action, adapter, scope, mcp: Boolean(args.values.mcp) };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runAgent(ctx, agentOptions(args));
}

export async function runAgent(ctx: Context, { action, adapter, scope, ...opts }: AgentOptions): Promise<CommandResult> {
  const where = await roots(ctx, scope);
  const plan = adapter.plan(scope, where, hookCommand(adapter.name, scope));
  // Uninstall always takes our server out too: it removes only an entry that still starts `git checkpoint mcp`.
  const mcpTarget = adapter.mcp(scope, where);
  const mcp = 'why' in mcpTarget || (action === 'install' && !opts.mcp) ? null : mcpTarget;
  if ('why' in mcpTarget && opts.mcp) ctx.warn(`no MCP server registered: ${mcpTarget.why}`);
  if (mcp) plan.edits.push(mcp);
  const skill = plan.skill ? await readText(ctx, packageFile('hooks/agents/SKILL.md')) : null;
  if (plan.skill && skill === null) {
    ctx.warn('this installation has no hooks/agents/SKILL.md: the skill is left out');
    plan.skill = null;
  }
  let outcome;
  try {
    outcome = await planChanges(action, plan, skill ?? '', (path) => readText(ctx, path));
  } catch (err) {
    if (err instanceof JsonSyntaxError) throw new OperationError(err.message);
    throw err;
  }
  for (const change of outcome.changes) await apply(ctx, change, where);
  for (const kept of outcome.kept) ctx.warn(`left alone: ${kept}`);
  const verb = action === 'install' ? 'installed' : 'removed';
  const lines = outcome.changes.map((c) => `${verb}: ${adapter.title} ${c.what} in ${c.path}`);
  if (!lines.length) lines.push(`${action === 'install' ? 'already installed' : 'not installed'}: ${adapter.title} hooks (${scope})`);
  if (action === 'uninstall' && !outcome.changes.length) ctx.hint(`installed in another scope? try --${scope === 'project' ? 'user' : 'project'}${scope === 'personal' ? ' or --user' : ' or no flag (personal)'}`);
  if (action === 'install' && adapter.installHint && outcome.changes.length) ctx.hint(adapter.installHint);
  const json: JsonOutputOf<'agent'> = {
    action, agent: adapter.name, scope, mcp: mcp && { path: mcp.path, changed: outcome.changes.some((c) => c.path === mcp.path) },
    changes: outcome.changes.map((c) => ({ path: c.path, what: c.what })), leftAlone: outcome.kept,
  };
  return { outcome: 'ok', report: `${lines.join('\n')}\n`, json };
}

async function roots(ctx: Context, scope: Scope): Promise<Roots> {
  const home = ctx.deps.env.HOME ?? ctx.deps.env.USERPROFILE;
  if (!home && scope === 'user') throw new FatalError('HOME is not set: cannot find the user settings');
  if (scope === 'user') return { workTree: ctx.globals.dir, home: home ?? ctx.globals.dir, env: ctx.deps.env };
  const { info } = await ctx.worktreeRepo();
  return { workTree: info.workTree!, home: home ?? info.workTree!, env: ctx.deps.env, gitCommonDir: info.commonDir };
}

/** Writes or removes one file; a removal takes the folders install made and left empty, never the work tree or home itself. */
async function apply(ctx: Context, change: FileChange, where: Roots): Promise<void> {
  const within = [where.workTree, where.home, where.gitCommonDir]
    .filter((root): root is string => !!root && change.path.startsWith(`${root}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (change.content === null) await ctx.deps.removeFile(change.path, within);
  else await ctx.deps.writeFile(change.path, change.content, change.executable);
}

async function readText(ctx: Context, file: string): Promise<string | null> {
  try {
    return Buffer.from(await ctx.deps.readFile(file)).toString('utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new OperationError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
