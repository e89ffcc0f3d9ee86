/** `git checkpoint save [label]` (SPEC §5, §6). */
import { listOption, maxPositionals, stringOption, type OptionSpec } from '../cli/args.js';
import type { CommandResult, Context, ParsedArgs } from '../cli/context.js';
import { EXIT } from '../cli/exit-codes.js';
import { gatherGitState } from '../checkpoint/gather.js';
import { ensureWriter, readIdentity, type Identity } from '../checkpoint/identity.js';
import { formatCreatedAt, makeCheckpointId } from '../checkpoint/ids.js';
import { hasContent, mergeContent } from '../checkpoint/input.js';
import { defaultPredecessor, rememberLast, type LineageLink } from '../checkpoint/lineage.js';
import { loadListing } from '../checkpoint/listing.js';
import { redactRecordText } from '../checkpoint/redact.js';
import { resolveCheckpoint } from '../checkpoint/resolve.js';
import { describeIssue, recordSchema, SCHEMA_ID, type CheckpointRecord } from '../checkpoint/schema.js';
import { writeCheckpoint } from '../checkpoint/write.js';
import { UsageError } from '../errors.js';
import type { Repo } from '../git/repo.js';
import { renderMarkdown } from '../render/md.js';
import { contentFromFlags, contentFromInput, contentOptions } from './save-content.js';
import { editContent } from './save-edit.js';

export const options: OptionSpec = {
  ...contentOptions,
  branch: { type: 'string' },
  parent: { type: 'string', multiple: true },
  'no-parent': { type: 'boolean' },
  wip: { type: 'boolean' },
  'no-wip': { type: 'boolean' },
  edit: { type: 'boolean', short: 'e' },
};

export const usage = 'git checkpoint save [<label>] [-m <task>] [--decision "<what> :: <why>"]... [--next <step>]... [--input <file|->] [-e]';

export async function run(ctx: Context, args: ParsedArgs): Promise<CommandResult> {
  return runSave(ctx, args, { allowEditor: true });
}

export interface SaveOptions {
  /** False: never open the editor unless -e asks (`switch` and hooks save on their own initiative). */
  allowEditor: boolean;
}

/** `save` for other commands (`switch`, the post-checkout prompt): the same flags, the same record. */
export async function runSave(ctx: Context, args: ParsedArgs, opts: SaveOptions): Promise<CommandResult> {
  maxPositionals(args, 1, 'save');
  if (args.values.parent && args.values['no-parent']) throw new UsageError("'--parent' and '--no-parent' cannot be used together");
  if (args.values.wip && args.values['no-wip']) throw new UsageError("'--wip' and '--no-wip' cannot be used together");
  const flags = contentFromFlags(args);
  const doc = await contentFromInput(ctx, args);
  const repo = await ctx.worktreeRepo();
  const branchOverride = stringOption(args, 'branch');
  const [identity, gathered] = await Promise.all([readIdentity(repo, ctx.deps.env), gatherGitState(repo, { branch: branchOverride })]);
  const writer = await ensureWriter(repo, identity, ctx.deps.random);
  const given = hasContent(doc) || hasContent(flags);
  let content = mergeContent(doc, flags);
  if (args.values.edit || (opts.allowEditor && !given && ctx.deps.streams.isStdinTTY && ctx.deps.streams.isStdoutTTY)) {
    content = await editContent(ctx, repo, content, gathered.git);
  } else if (!content.task.title.trim()) {
    content.task.title = '(no description)';
    if (!given) ctx.hint('no description given: recorded the git state only (add -m "<task>" next time)');
  }
  const lineage = await resolveLineage(ctx, repo, args, writer, gathered.git.branch);
  const redacted = redactRecordText(content, gathered.git);
  const now = ctx.deps.now();
  const record = buildRecord(ctx, now, { ...redacted, writer, identity, parents: lineage.map((l) => l.id) });
  reportGathering(ctx, identity, record);
  const who = { name: identity.name, email: identity.email, timestamp: Math.floor(now.getTime() / 1000), tzOffsetMinutes: 0 };
  const result = await writeCheckpoint(repo, {
    record, markdown: renderMarkdown(record), who, faultAfter: ctx.deps.faultAfter,
    lineageCommits: lineage.filter((l) => l.writer !== writer).map((l) => l.commit),
  });
  await rememberLast(repo, { id: record.id, commit: result.commit, writer });
  const json = {
    id: record.id, ref: result.ref, commit: result.commit, writer, branch: record.git.branch,
    redactions: record.redactions, notes: result.notesOk ? 'ok' : 'failed',
  };
  if (!result.notesOk) {
    ctx.deps.streams.err(`error: checkpoint ${record.id} saved, but the notes link failed: ${result.notesError}\n`);
    ctx.hint('repair it with: git checkpoint doctor --fix');
  }
  return { exitCode: result.notesOk ? EXIT.ok : EXIT.partial, json, text: ctx.globals.quiet ? '' : `${record.id}\n` };
}

async function resolveLineage(ctx: Context, repo: Repo, args: ParsedArgs, writer: string, branch: string | null): Promise<LineageLink[]> {
  if (args.values['no-parent']) return [];
  const specs = listOption(args, 'parent');
  if (!specs) {
    const link = await defaultPredecessor(repo, writer, branch);
    return link ? [link] : [];
  }
  const listing = await loadListing(repo);
  return specs.map((spec) => {
    const found = resolveCheckpoint(listing, spec, branch);
    return { id: found.id, commit: found.commit, writer: found.writer };
  });
}

interface RecordParts extends ReturnType<typeof redactRecordText> {
  writer: string;
  identity: Identity;
  parents: string[];
}

function buildRecord(ctx: Context, now: Date, p: RecordParts): CheckpointRecord {
  const record: CheckpointRecord = {
    schema: SCHEMA_ID,
    id: makeCheckpointId(now, ctx.deps.random),
    createdAt: formatCreatedAt(now),
    writer: p.writer,
    author: { name: p.identity.name, email: p.identity.email },
    ...p.content,
    parents: p.parents,
    git: p.git,
    redactions: p.counts,
  };
  const checked = recordSchema.safeParse(record);
  if (!checked.success) throw new UsageError(`invalid checkpoint content: ${describeIssue(checked.error.issues)}`);
  return checked.data;
}

function reportGathering(ctx: Context, identity: Identity, record: CheckpointRecord): void {
  if (identity.isFallback) {
    ctx.warn('no git identity (user.name / user.email): saved as git-checkpoint <checkpoint@localhost>');
  }
  for (const missing of record.git.notCollected) ctx.warn(`not collected: ${missing.section}: ${missing.reason}`);
  const counts = Object.entries(record.redactions);
  if (counts.length) {
    ctx.deps.streams.err(`redacted: ${counts.map(([reason, n]) => `${reason} ×${n}`).join(', ')}\n`);
  }
}
