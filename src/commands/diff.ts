/** `git checkpoint diff <ckpt>` (SPEC §5): commits on HEAD since the checkpoint, and the working tree against its wip. */
import { maxPositionals } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../io/context.js';
import { findCheckpoint } from '../checkpoint/listing/resolve.js';
import { colorPatch } from '../render/patch.js';
import { oneLine } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';
import { loadDiff } from '../services/diff-data.js';

/** What `diff` was asked for: which checkpoint (default latest). */
export interface DiffOptions {
  spec: string;
}

/** The arguments as options; UsageError for extra ones. Pure: tests check parsing alone. */
export function diffOptions(args: ParsedArgs): DiffOptions {
  maxPositionals(args, 1, 'diff');
  return { spec: args.positionals[0] ?? 'latest' };
}

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runDiff(ctx, diffOptions(args));
}

export async function runDiff(ctx: Context, { spec }: DiffOptions): Promise<CommandResult> {
  const repo = await ctx.worktreeRepo();
  const { record, note } = await findCheckpoint(repo, spec, { now: ctx.deps.now().getTime() });
  if (note) ctx.hint(note);
  const json: JsonOutputOf<'diff'> = await loadDiff(repo, record);
  const color = await ctx.useColor();
  const out = [`commits on HEAD since checkpoint ${record.id} (${record.git.head?.slice(0, 7) ?? 'unborn'}):`];
  if (json.commitsNote) out.push(`  ${json.commitsNote}`);
  out.push(...json.commits.map((c) => `${c.oid.slice(0, 7)} ${oneLine(c.subject, 100)}`));
  if (!json.commitsNote && !json.commits.length) out.push('  (none)');
  out.push('', json.noWip === null ? "working tree against the checkpoint's wip snapshot (- checkpoint, + now):" : oneLine(json.noWip, 400));
  if (json.diff !== null) out.push(json.diff ? colorPatch(json.diff.replace(/\n$/, ''), color) : '  (no changes)');
  return { outcome: 'ok', json, text: `${out.join('\n')}\n` };
}
