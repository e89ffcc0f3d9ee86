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
  doctor: { summary: 'check storage, notes and records; --fix rebuilds what is derived', load: () => import('../commands/doctor.js') },
  switch: { summary: 'save a checkpoint for this branch (when there is work), then git switch', load: () => import('../commands/switch.js') },
  install: { summary: 'install hooks and config in this repository (--manual: print them)', load: () => import('../commands/install.js') },
  uninstall: { summary: 'remove exactly what install added', load: () => import('../commands/uninstall.js') },
  hook: { summary: 'internal: entry point of the git hooks install puts in place', load: () => import('../commands/hook.js') },
  help: { summary: 'show help for a command', load: () => import('../commands/help.js') },
};
