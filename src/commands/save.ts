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
import { redactRecordText, redactText, type RedactOptions } from '../checkpoint/redact.js';
import { loadRedactOptions } from '../checkpoint/redact-config.js';
import { resolveCheckpoint } from '../checkpoint/resolve.js';
import { describeIssue, recordSchema, SCHEMA_ID, type CheckpointContent, type CheckpointRecord } from '../checkpoint/schema.js';
import { harvestFromFile } from '../agent/harvest-file.js';
import { fitRecord } from '../checkpoint/fit.js';
import { buildWip, readWipSettings } from '../checkpoint/wip.js';
import type { Gathered } from '../checkpoint/gather.js';
import { oneLine } from '../render/sanitize.js';
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
  transcript: { type: 'string' },
};

export const usage = 'git checkpoint save [<label>] [-m <task>] [--decision "<what> :: <why>"]... [--next <step>]... [--input <file|->] [--transcript <file.jsonl>] [-e]';

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
  const transcript = stringOption(args, 'transcript');
  const harvested = transcript === undefined ? {} : await harvestFromFile(ctx, transcript);
  const specs = listOption(args, 'parent');
  return saveCheckpoint(ctx, {
    layers: [harvested, doc, flags],
    edit: Boolean(args.values.edit),
    allowEditor: opts.allowEditor,
    branch: stringOption(args, 'branch'),
    wip: args.values.wip ? true : args.values['no-wip'] ? false : undefined,
    lineage: args.values['no-parent'] ? { kind: 'none' } : specs ? { kind: 'specs', specs } : { kind: 'default' },
  });
}

/** What to save: content layers (later ones win), and where the checkpoint continues from. */
export interface SaveRequest {
  layers: Partial<CheckpointContent>[];
  /** Open the editor on the content (also done with no content at all on a TTY). */
  edit?: boolean;
  /** False: never open the editor unless `edit` asks (default true). */
  allowEditor?: boolean;
  /** Record for this branch instead of the current one. */
  branch?: string | undefined;
  /** Take the `wip` snapshot; undefined: `checkpoint.wip` (default true). */
  wip?: boolean | undefined;
  lineage:
    | { kind: 'default' }
    | { kind: 'none' }
    | { kind: 'specs'; specs: string[] }
    | { kind: 'links'; links: LineageLink[] };
}

/**
 * The one save path (flags, documents, agent hooks, synthesize): gather git
 * state, merge content, redact, write objects → chain → note, remember the
 * lineage. Returns the result `save` prints (exit 2 when the note failed).
 */
export async function saveCheckpoint(ctx: Context, req: SaveRequest): Promise<CommandResult> {
  const repo = await ctx.worktreeRepo();
  const [identity, gathered] = await Promise.all([readIdentity(repo, ctx.deps.env), gatherGitState(repo, { branch: req.branch })]);
  const writer = await ensureWriter(repo, identity, ctx.deps.random, ctx.deps.now);
  const given = req.layers.some(hasContent);
  let content = mergeContent(...req.layers);
  if (req.edit || (req.allowEditor !== false && !given && ctx.deps.streams.isStdinTTY && ctx.deps.streams.isStdoutTTY)) {
    content = await editContent(ctx, repo, content, gathered.git);
  } else if (!content.task.title.trim()) {
    content.task.title = '(no description)';
    if (!given) ctx.hint('no description given: recorded the git state only (add -m "<task>" next time)');
  }
  const lineage = await resolveLineage(repo, req.lineage, writer, gathered.git.branch);
  const redactOptions = await loadRedactOptions(repo, identity.isFallback ? null : identity.email);
  refuseSecretLabel(content.label, redactOptions);
  // Objects are written only once every input check has passed.
  await addWip(ctx, repo, req.wip, gathered);
  const redacted = redactRecordText(content, gathered.git, redactOptions);
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

/** Adds the `wip` snapshot unless turned off (flag or `checkpoint.wip=false`); a failure is recorded, never fatal. */
async function addWip(ctx: Context, repo: Repo, flag: boolean | undefined, gathered: Gathered): Promise<void> {
  const settings = await readWipSettings(repo, (m) => ctx.warn(m));
  if (!(flag ?? settings.enabled)) return;
  if (!gathered.status) {
    gathered.git.notCollected.push({ section: 'wip', reason: 'status not collected' });
    return;
  }
  try {
    const { wip, excludedTotal } = await buildWip(repo, gathered.status, settings);
    gathered.git.wip = wip;
    if (wip.excluded.length) {
      const shown = wip.excluded.slice(0, 5).map((e) => `${oneLine(e.path)} (${e.reason})`).join(', ');
      const more = excludedTotal > 5 ? `, and ${excludedTotal - 5} more` : '';
      ctx.deps.streams.err(`not saved in wip: ${shown}${more}\n`);
    }
    if (excludedTotal > wip.excluded.length) ctx.warn(`wip: ${excludedTotal} exclusions, the record lists the first ${wip.excluded.length}`);
  } catch (err) {
    gathered.git.notCollected.push({ section: 'wip', reason: (err as Error).message });
  }
}

async function resolveLineage(repo: Repo, lineage: SaveRequest['lineage'], writer: string, branch: string | null): Promise<LineageLink[]> {
  if (lineage.kind === 'none') return [];
  if (lineage.kind === 'links') return lineage.links;
  if (lineage.kind === 'default') {
    const link = await defaultPredecessor(repo, writer, branch);
    return link ? [link] : [];
  }
  const listing = await loadListing(repo);
  return lineage.specs.map((spec) => {
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
  return fitRecord(checked.data);
}

/** A label is stored in refs' trailers and typed back by users: it cannot be redacted, so one that looks like a secret is refused. */
function refuseSecretLabel(label: string | null, opts: RedactOptions): void {
  if (label === null) return;
  const counts: Record<string, number> = {};
  redactText(label, counts, opts.rules, opts);
  const reasons = Object.keys(counts);
  if (reasons.length) throw new UsageError(`the label looks like a secret (${reasons.join(', ')}): choose another label`);
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
