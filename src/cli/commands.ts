/**
 * The command table. Modules load only when their command runs, so a short
 * command pays start-up only for what it uses.
 */
import type { OptionSpec } from './args.js';
import type { CommandResult, Context, ParsedArgs } from './context.js';

export interface CommandModule {
  options: OptionSpec;
  usage: string;
  run(ctx: Context, args: ParsedArgs): Promise<CommandResult>;
}

export interface CommandEntry {
  summary: string;
  load(): Promise<CommandModule>;
}

export const COMMANDS: Record<string, CommandEntry> = {
  save: { summary: 'save a checkpoint of the session', load: () => import('../commands/save.js') },
  list: { summary: 'list checkpoints, newest first', load: () => import('../commands/list.js') },
  show: { summary: 'print one checkpoint', load: () => import('../commands/show.js') },
  resume: { summary: 'print a checkpoint and where the repository no longer matches it', load: () => import('../commands/resume.js') },
  status: { summary: 'compare the latest checkpoint with the repository', load: () => import('../commands/status.js') },
  diff: { summary: 'commits and working-tree changes since a checkpoint', load: () => import('../commands/diff.js') },
  apply: { summary: "restore a checkpoint's uncommitted files into the working tree", load: () => import('../commands/apply.js') },
  log: { summary: 'the lineage of a checkpoint, across writers', load: () => import('../commands/log.js') },
  synthesize: { summary: 'merge several checkpoints into one new checkpoint', load: () => import('../commands/synthesize.js') },
  agent: { summary: 'install or remove the agent hooks (claude, codex)', load: () => import('../commands/agent.js') },
  mcp: { summary: 'serve checkpoints as tools to MCP clients (agents) over stdio', load: () => import('../commands/mcp.js') },
  hook: { summary: 'internal entry point for hook scripts and agent hooks', load: () => import('../commands/hook.js') },
  push: { summary: 'push your checkpoints and notes to a remote', load: () => import('../commands/push.js') },
  fetch: { summary: "fetch everyone's checkpoints from a remote", load: () => import('../commands/fetch.js') },
  prune: { summary: 'drop old checkpoints from your own chain', load: () => import('../commands/prune.js') },
  drop: { summary: 'remove one of your own checkpoints', load: () => import('../commands/drop.js') },
  doctor: { summary: 'check storage, notes and records; --fix rebuilds what is derived', load: () => import('../commands/doctor.js') },
  switch: { summary: 'save a checkpoint for this branch (when there is work), then git switch', load: () => import('../commands/switch.js') },
  install: { summary: 'install hooks and config in this repository (--manual: print them)', load: () => import('../commands/install.js') },
  uninstall: { summary: 'remove exactly what install added', load: () => import('../commands/uninstall.js') },
  help: { summary: 'show help for a command', load: () => import('../commands/help.js') },
};
