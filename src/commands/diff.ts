/** `git checkpoint diff <ckpt>` (SPEC §5): commits on HEAD since the checkpoint, and the working tree against its wip. */
import { maxPositionals, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { findCheckpoint } from '../checkpoint/resolve.js';
import type { CheckpointRecord } from '../checkpoint/schema.js';
import { UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { colorPatch } from '../render/patch.js';
import { oneLine, visibleMultiline } from '../render/sanitize.js';

export const options: OptionSpec = {};
export const usage = 'git checkpoint diff <checkpoint>';

const MAX_COMMITS = 100;

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  maxPositionals(args, 1, 'diff');
  const spec = args.positionals[0];
  if (spec === undefined) throw new UsageError('diff needs a checkpoint (an id, a label or latest)');
  const repo = await ctx.worktreeRepo();
  const { record } = await findCheckpoint(repo, spec);
  const commits = await commitsSince(repo, record);
  const wip = record.git.wip;
  // The patch shows file content from a stored tree: made visible like every stored string (SPEC §9).
  const patch = wip ? visibleMultiline(await repo.diffTreeToWorktree(wip.tree, wip.excluded.map((e) => e.path))) : null;
  const json = { id: record.id, head: record.git.head, commits: commits.list, commitsNote: commits.note, diff: patch };
  const color = await ctx.useColor();
  const out = [`commits on HEAD since checkpoint ${record.id} (${record.git.head?.slice(0, 7) ?? 'unborn'}):`];
  if (commits.note) out.push(`  ${commits.note}`);
  out.push(...commits.list.map((c) => `${c.oid.slice(0, 7)} ${oneLine(c.subject, 100)}`));
  if (!commits.note && !commits.list.length) out.push('  (none)');
  out.push('', wip ? "working tree against the checkpoint's wip snapshot (- checkpoint, + now):" : `checkpoint ${record.id} has no wip snapshot (saved with --no-wip)`);
  if (patch !== null) out.push(patch ? colorPatch(patch.replace(/\n$/, ''), color) : '  (no changes)');
  return { exitCode: EXIT.ok, json, text: `${out.join('\n')}\n` };
}

async function commitsSince(repo: Repo, record: CheckpointRecord): Promise<{ list: { oid: string; subject: string }[]; note: string | null }> {
  const head = await repo.readRef('HEAD');
  const base = record.git.head;
  if (!head) return { list: [], note: 'HEAD is unborn' };
  if (base && !(await repo.readCommit(base))) return { list: [], note: `the checkpoint's commit ${base.slice(0, 7)} is not in this clone (git fetch)` };
  const walked = await repo.walkCommits([head], { exclude: base ? [base] : [], limit: MAX_COMMITS + 1 });
  const list = walked.slice(0, MAX_COMMITS).map((c) => ({ oid: c.oid, subject: c.message.split('\n', 1)[0] ?? '' }));
  let note: string | null = walked.length > MAX_COMMITS ? `(the newest ${MAX_COMMITS} shown)` : null;
  if (base && !(await repo.isAncestor(base, head))) note = `HEAD no longer contains ${base.slice(0, 7)} (history rewritten); commits since they parted:`;
  return { list, note };
}
