/**
 * Which module runs each command of the table (commands.ts): loaded only when
 * its command runs, so a short command pays start-up only for what it uses.
 * A unit test keeps this map and the table in step.
 */
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';

export interface CommandModule {
  run(ctx: Context, args: ParsedArgs): Promise<CommandResult>;
}

export const COMMAND_MODULES: Record<string, () => Promise<CommandModule>> = {
  save: () => import('../commands/save.js'),
  list: () => import('../commands/list.js'),
  show: () => import('../commands/show.js'),
  resume: () => import('../commands/resume.js'),
  status: () => import('../commands/status.js'),
  diff: () => import('../commands/diff.js'),
  apply: () => import('../commands/apply.js'),
  log: () => import('../commands/log.js'),
  synthesize: () => import('../commands/synthesize.js'),
  agent: () => import('../commands/agent.js'),
  mcp: () => import('../commands/mcp.js'),
  hook: () => import('../commands/hook.js'),
  push: () => import('../commands/push.js'),
  fetch: () => import('../commands/fetch.js'),
  prune: () => import('../commands/prune.js'),
  drop: () => import('../commands/drop.js'),
  doctor: () => import('../commands/doctor.js'),
  switch: () => import('../commands/switch.js'),
  install: () => import('../commands/install.js'),
  uninstall: () => import('../commands/uninstall.js'),
  config: () => import('../commands/config.js'),
  completion: () => import('../commands/completion.js'),
  help: () => import('../commands/help.js'),
};
