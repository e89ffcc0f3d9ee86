/** `git checkpoint show <ckpt>` (SPEC §5, §7). */
import { maxPositionals, readFormat } from '../cli/args.js';
import type { CommandResult, Context, GlobalOptions, ParsedArgs } from '../io/context.js';
import { findCheckpoint } from '../checkpoint/listing/resolve.js';
import { findUnsafeEntries } from '../checkpoint/record/safe-path.js';
import { serializeRecord } from '../checkpoint/record/schema.js';
import { renderMarkdown } from '../checkpoint/record/md.js';
import { renderRecap } from '../checkpoint/record/recap.js';
import { escapeJsonText, visible } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { warnInvalid } from './list.js';

export const FORMATS = ['md', 'recap', 'json'] as const;

/** What `show` was asked for: which checkpoint, in which format (`--json` is `--format json`). */
export interface ShowOptions {
  spec: string;
  format: (typeof FORMATS)[number];
}

/** The arguments as options; UsageError for a bad format or extra arguments. Pure: tests check parsing alone. */
export function showOptions(args: ParsedArgs, globals: GlobalOptions): ShowOptions {
  maxPositionals(args, 1, 'show');
  return { spec: args.positionals[0] ?? 'latest', format: readFormat(globals, args, FORMATS, 'md') as ShowOptions['format'] };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runShow(ctx, showOptions(args, ctx.globals));
}

export async function runShow(ctx: Context, { spec, format }: ShowOptions): Promise<CommandResult> {
  const repo = await ctx.repo();
  const { listing, summary, record, note } = await findCheckpoint(repo, spec, { now: ctx.deps.now().getTime() });
  warnInvalid(ctx, listing);
  if (note) ctx.hint(note);
  if (record.git.wip) {
    const check = await findUnsafeEntries(repo, record.git.wip.tree);
    if (check.unsafe.length) {
      ctx.warn(`checkpoint ${summary.commit}: its wip tree has paths outside the working tree: ${check.unsafe.slice(0, 5).map((p) => visible(p)).join(', ')}`);
    }
  }
  if (format === 'recap') return { outcome: 'ok', text: renderRecap(record) };
  const json: JsonOutputOf<'show'> = record;
  if (format === 'json') return { outcome: 'ok', json, text: escapeJsonText(serializeRecord(record)) };
  return { outcome: 'ok', text: renderMarkdown(record, { color: await ctx.useColor(), remote: summary.remote }) };
}
