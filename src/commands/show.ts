/** `git checkpoint show <ckpt>` (SPEC §5, §7). */
import { maxPositionals, readFormat } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { findCheckpoint } from '../checkpoint/resolve.js';
import { findUnsafeEntries } from '../checkpoint/safe-path.js';
import { serializeRecord } from '../checkpoint/schema.js';
import { renderMarkdown } from '../render/md.js';
import { renderRecap } from '../render/recap.js';
import { escapeJsonText, visible } from '../render/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { warnInvalid } from './list.js';

export const FORMATS = ['md', 'recap', 'json'] as const;

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 1, 'show');
  const format = readFormat(ctx.globals, args, FORMATS, 'md');
  const repo = await ctx.repo();
  const spec = args.positionals[0] ?? 'latest';
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
