/**
 * The command table: every command's name, summary, usage, positionals,
 * options and examples, declared once, as data. The parser, `-h`, `help`,
 * shell completion and the man page test all read it; which module runs a
 * command is dispatch.ts's, so the commands that read the table (help,
 * completion) are not imported by it.
 */
import { ADMIN_COMMANDS } from './commands-admin.js';
import { dryRunOption, formatOption, type CommandEntry, type PositionalDef } from './options.js';
import { SAVE_OPTIONS } from './save-options.js';

const CKPT: PositionalDef = { name: 'checkpoint', complete: 'checkpoint' };

export const COMMANDS: Record<string, CommandEntry> = {
  save: {
    summary: 'save a checkpoint of the session',
    usage: ['[<label>] [-m <title>] [--decision "<what> :: <why>"]... [--next <step>]... [--done <n|text>]... [--no-carry] [--input <file|->] [--transcript <file.jsonl>] [-e]'],
    positionals: [{ name: 'label' }],
    options: SAVE_OPTIONS,
    examples: [['git checkpoint save -m "Add retry" --next "run npm test"', 'save with a title and the next step']],
  },
  list: {
    summary: 'list checkpoints, newest first',
    usage: ['[--branch <branch> | --here] [--writer <writer>] [--label <label>] [--since <date>] [-n <limit>] [--local]'],
    positionals: [],
    options: [
      { name: 'branch', type: 'string', value: 'branch', description: 'only checkpoints saved on this branch', complete: 'branch' },
      { name: 'here', type: 'boolean', description: 'only checkpoints saved on the current branch' },
      { name: 'writer', type: 'string', value: 'writer', description: 'only checkpoints of this writer' },
      { name: 'label', type: 'string', value: 'label', description: 'only checkpoints with this label' },
      { name: 'since', type: 'string', value: 'date', description: 'only checkpoints saved since then (2026-11-30, yesterday, 2 days ago, 7d)' },
      { name: 'limit', short: 'n', type: 'string', value: 'limit', default: '20', description: 'show at most this many; 0 for all' },
      { name: 'local', type: 'boolean', description: 'only your own chains, none fetched' },
    ],
    examples: [['git checkpoint list --here --since yesterday', "today's checkpoints on this branch"]],
    pages: true,
  },
  show: {
    summary: 'print one checkpoint',
    usage: ['[<checkpoint>] [--format md|recap|json]'],
    positionals: [CKPT],
    options: [formatOption(['md', 'recap', 'json'], 'md')],
    examples: [['git checkpoint show latest~1', 'the checkpoint before the latest']],
    pages: true,
  },
  resume: {
    summary: 'print a checkpoint and where the repository no longer matches it',
    usage: ['[<checkpoint>] [--format md|recap|json]'],
    positionals: [CKPT],
    options: [formatOption(['md', 'json', 'recap'], 'md')],
    examples: [['git checkpoint resume', 'pick up where the latest checkpoint left off']],
  },
  status: {
    summary: 'compare the latest checkpoint with the repository',
    usage: ['[--format short|md|json|recap]'],
    positionals: [],
    options: [formatOption(['short', 'md', 'json', 'recap'], 'short')],
    examples: [['git checkpoint status', 'exit 3 when the repository drifted']],
  },
  diff: {
    summary: 'commits and working-tree changes since a checkpoint',
    usage: ['[<checkpoint>]'],
    positionals: [CKPT],
    options: [],
    examples: [['git checkpoint diff', 'what changed since the latest checkpoint']],
    pages: true,
  },
  apply: {
    summary: "restore a checkpoint's uncommitted files into the working tree",
    usage: ['[-n | --dry-run] [<checkpoint>]'],
    positionals: [CKPT],
    options: [dryRunOption('say what would be restored and what would stop it; change nothing')],
    examples: [['git checkpoint apply latest', "restore the latest checkpoint's uncommitted files"], ['git checkpoint apply -n', 'what applying the latest checkpoint would change']],
  },
  log: {
    summary: 'the lineage of a checkpoint, across writers',
    usage: ['[<checkpoint>] [-n <limit>]'],
    positionals: [CKPT],
    options: [{ name: 'limit', short: 'n', type: 'string', value: 'limit', default: '200', description: 'show at most this many checkpoints' }],
    examples: [['git checkpoint log -n 10', 'the last ten steps of the lineage']],
    pages: true,
  },
  synthesize: {
    summary: 'merge several checkpoints into one new checkpoint',
    usage: ['<checkpoint>... [--exclude <checkpoint>]... [--label <label>]'],
    positionals: [{ ...CKPT, variadic: true }],
    options: [
      { name: 'exclude', type: 'string', multiple: true, value: 'checkpoint', description: 'leave this checkpoint out', complete: 'checkpoint' },
      { name: 'label', type: 'string', value: 'label', description: 'a label for the new checkpoint' },
    ],
    examples: [['git checkpoint synthesize alpha beta --label merged', 'one checkpoint from two sessions']],
  },
  ...ADMIN_COMMANDS,
};
