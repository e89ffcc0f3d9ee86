/** The command table, continued: sharing, rewriting, set-up and internal commands (see commands.ts). */
import { dryRunOption, type CommandEntry, type PositionalDef } from './options.js';
import { SAVE_OPTIONS } from './save-options.js';

/** The agents `agent install` knows (src/agent/adapters/; a unit test keeps the two in step). */
export const AGENT_NAMES = ['claude', 'codex', 'gemini', 'cursor', 'copilot', 'cline', 'opencode'] as const;
/** The hook entry points (src/commands/hook.ts; a unit test keeps the two in step). */
export const HOOK_NAMES = ['post-checkout', 'pre-push', 'agent-pre-compact', 'agent-session-start', 'branch-index'] as const;

const CKPT: PositionalDef = { name: 'checkpoint', complete: 'checkpoint' };
const REMOTE: PositionalDef = { name: 'remote', complete: 'remote' };

export const ADMIN_COMMANDS: Record<string, CommandEntry> = {
  agent: {
    summary: 'install or remove the agent hooks and skill',
    usage: ['(install | uninstall) <agent> [--project | --user] [--mcp]'],
    positionals: [{ name: 'install|uninstall', choices: ['install', 'uninstall'] }, { name: 'agent', complete: 'agent' }],
    options: [
      { name: 'project', type: 'boolean', description: "the project's shared, committed settings" },
      { name: 'user', type: 'boolean', description: "the user's own settings" },
      { name: 'mcp', type: 'boolean', description: 'also register git checkpoint mcp among the agent\'s MCP servers' },
    ],
    examples: [['git checkpoint agent install claude', "save before Claude Code's compaction, recap after it"]],
  },
  mcp: {
    summary: 'serve checkpoints as tools to MCP clients (agents) over stdio',
    usage: [''],
    positionals: [],
    options: [],
    examples: [['git checkpoint mcp', 'the server an MCP client starts']],
    fast: true,
    noJson: true,
  },
  hook: {
    summary: 'internal entry point for hook scripts and agent hooks',
    usage: [`<${HOOK_NAMES.join('|')}> [<args>]`],
    positionals: [{ name: 'name', complete: 'hook' }, { name: 'args', variadic: true }],
    options: [{ name: 'recap', type: 'boolean', description: 'agent-pre-compact: answer with the recap of the checkpoint it saved (for agent plugins)' }],
    examples: [['git checkpoint hook post-checkout "$@"', 'what the installed post-checkout hook runs']],
    fast: true,
  },
  push: {
    summary: 'push your checkpoints and notes to a remote',
    usage: ['[-n | --dry-run] [<remote>]'],
    positionals: [REMOTE],
    options: [dryRunOption('show what would be pushed; send nothing')],
    examples: [['git checkpoint push origin', 'share your checkpoints']],
  },
  fetch: {
    summary: "fetch everyone's checkpoints from a remote",
    usage: ['[<remote>]'],
    positionals: [REMOTE],
    options: [],
    examples: [['git checkpoint fetch', "bring your teammates' checkpoints"]],
  },
  prune: {
    summary: 'drop old checkpoints from your own chain',
    usage: ['[--older-than <duration>] [--keep <n>] [--dry-run]'],
    positionals: [],
    options: [
      { name: 'older-than', type: 'string', value: 'duration', description: 'drop checkpoints older than this (90m, 12h, 7d, 2w)' },
      { name: 'keep', type: 'string', value: 'n', description: 'keep only the newest n' },
      dryRunOption('list what would be dropped; change nothing'),
    ],
    examples: [['git checkpoint prune --older-than 30d -n', 'what a prune of last month would drop']],
  },
  drop: {
    summary: 'remove one of your own checkpoints',
    usage: ['<checkpoint> [--dry-run]'],
    positionals: [CKPT],
    options: [dryRunOption('say what would be dropped; change nothing')],
    examples: [['git checkpoint drop latest', 'remove the checkpoint just saved']],
  },
  doctor: {
    summary: 'check storage, notes and records; --fix rebuilds what is derived',
    usage: ['[--fix]'],
    positionals: [],
    options: [{ name: 'fix', type: 'boolean', description: 'rebuild the own notes and the listing cache' }],
    examples: [['git checkpoint doctor', 'check everything, change nothing']],
  },
  switch: {
    summary: 'save a checkpoint for this branch (when there is work), then git switch',
    usage: ['[<save options>] (<branch> | -c <new-branch> [<start-point>])'],
    positionals: [{ name: 'branch', complete: 'branch' }, { name: 'start-point', complete: 'branch' }],
    options: [...SAVE_OPTIONS.filter((o) => o.name !== 'branch'), { name: 'create', short: 'c', type: 'string', value: 'new-branch', description: 'create the branch, as git switch -c' }],
    examples: [['git checkpoint switch main -m "paused: waiting for review"', 'leave a note for this branch, then switch']],
  },
  install: {
    summary: 'install hooks and config in this repository (--manual: print them)',
    usage: ['[--manual] [--force]'],
    positionals: [],
    options: [
      { name: 'manual', type: 'boolean', description: 'change nothing; print the commands and hook lines' },
      { name: 'force', type: 'boolean', description: 'replace a hook that is not ours instead of chaining it' },
    ],
    examples: [['git checkpoint install --manual', 'what install would do, by hand']],
  },
  uninstall: {
    summary: 'remove exactly what install added',
    usage: [''],
    positionals: [],
    options: [],
    examples: [['git checkpoint uninstall', 'take out the hooks and config install added']],
  },
  config: {
    summary: 'list the checkpoint.* settings, their values and where each comes from',
    usage: ['[--json]'],
    positionals: [],
    options: [],
    examples: [['git checkpoint config', 'the effective settings, with their origin']],
  },
  completion: {
    summary: 'print a shell completion script (bash, zsh, fish)',
    usage: ['(bash | zsh | fish)'],
    positionals: [{ name: 'shell', choices: ['bash', 'zsh', 'fish'] }],
    options: [],
    examples: [['source <(git checkpoint completion bash)', 'complete git checkpoint in this bash (after git\'s own completion)']],
    noJson: true,
  },
  help: {
    summary: 'show help for a command',
    usage: ['[<command>]'],
    positionals: [{ name: 'command', complete: 'command' }],
    options: [],
    examples: [['git checkpoint help save', 'the manual, at save']],
    noJson: true,
  },
};
