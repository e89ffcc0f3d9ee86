/**
 * `save`, step 2 of 3: a pure function from the gathered facts and the given
 * content to everything the save will write — the record (validated and
 * fitted), the writer id, the wip snapshot's paths, the lineage parents.
 * Every refusal (a label that shadows a name, content over the limits) is
 * decided here, before anything is written.
 */
import { UsageError } from '../../errors.js';
import type { ObjectId, WorktreeEntry } from '../../git/repo.js';
import { carryForward, resolveDone, type Carried } from './carry.js';
import { CARRIED_FIELDS } from '../record/fields.js';
import { fitRecord } from '../record/fit.js';
import { formatCreatedAt, makeCheckpointId, makeWriterId } from '../record/ids.js';
import { shadowedName } from '../record/label-check.js';
import type { LineageLink } from '../store/lineage.js';
import { redactRecordText, redactText, type RedactionCounts, type RedactOptions } from '../secrets/redact.js';
import type { SaveFacts } from './save-facts.js';
import {
  describeIssue, MAX_PATHS, MAX_RECORD_BYTES, safeParseRecord, SCHEMA_ID, serializeRecord, type CheckpointContent, type CheckpointRecord, type GitState,
} from '../record/schema.js';

export interface SaveContentInput {
  content: CheckpointContent;
  /** True when any layer gave content (false: a bare `save` off a terminal). */
  given: boolean;
  /** Carry the predecessor's open items forward (default true). */
  carry: boolean;
  /** `--done` values: predecessor items this save closes. */
  done: string[];
}

export interface SavePlan {
  /** The record to store; `git.wip.tree` is a placeholder until the snapshot is written. */
  record: CheckpointRecord;
  /** True when `record.writer` is a new id that apply must claim in config first. */
  createWriter: boolean;
  /**
   * Paths the wip snapshot sets from the working tree, those it keeps as in HEAD, and the
   * entries read already (written from those bytes); null: no snapshot.
   */
  wip: { changed: string[]; keep: string[]; read: ReadonlyMap<string, WorktreeEntry | null> } | null;
  /** Commits of predecessors on other chains: extra parents of the chain commit. */
  lineageCommits: ObjectId[];
  warnings: string[];
  hints: string[];
  /** Plain stderr lines (what was redacted, what the snapshot leaves out). */
  notices: string[];
}

/** Works out the save. Throws UsageError (exit 129) for input that cannot be stored. */
export function planSave(facts: SaveFacts, input: SaveContentInput, at: { now: Date; random: () => number }): SavePlan {
  const hints: string[] = [];
  const content: CheckpointContent = { ...input.content, task: { ...input.content.task } };
  if (!content.task.title.trim()) {
    content.task.title = '(no description)';
    if (!input.given) hints.push('no description given: recorded the git state only (add -m "<task>" next time)');
  }
  checkLabel(content.label, facts.redact);
  const { closed, unmatched } = resolveDone(facts.predecessor, input.done);
  if (unmatched.length) throw new UsageError(`--done '${unmatched[0]}' matches no open item of checkpoint ${facts.predecessor?.id ?? '(none)'}`);
  const git = withWip(facts);
  const writer = facts.writer ?? makeWriterId(facts.identity.isFallback ? {} : facts.identity, at.random);
  const build = (withCarry: boolean) => {
    const carry = carryForward(content, facts.predecessor, closed, withCarry);
    const redacted = redactRecordText(carry.content, git, facts.redact);
    const done = carry.done.map((d) => redactText(d, redacted.counts, facts.redact.rules, facts.redact));
    return buildRecord({ at, writer, facts, content: redacted.content, git: redacted.git, counts: redacted.counts, carried: carry.carried, done });
  };
  let record = build(input.carry);
  if (recordBytes(record) > MAX_RECORD_BYTES && record.carried) {
    record = build(false);
    hints.push('the open items carried forward would take the record over 1 MiB: none were carried this time');
  }
  if (recordBytes(record) > MAX_RECORD_BYTES) {
    throw new UsageError(`the checkpoint would be ${recordBytes(record)} bytes, over the 1 MiB limit of a record: shorten the content`);
  }
  return {
    record,
    createWriter: facts.writer === null,
    wip: facts.wip.enabled && git.wip ? { changed: facts.wip.changed, keep: facts.wip.excluded.map((e) => e.path), read: facts.wip.read } : null,
    lineageCommits: facts.lineage.filter((l: LineageLink) => l.writer !== writer).map((l) => l.commit),
    warnings: [...facts.warnings, ...gatheringWarnings(facts, record)],
    hints,
    notices: notices(facts, record),
  };
}

const recordBytes = (record: CheckpointRecord) => Buffer.byteLength(serializeRecord(record));

/** Placeholder tree id of the right length: the record is validated and fitted before the snapshot exists. */
export function placeholderTree(format: 'sha1' | 'sha256'): ObjectId {
  return '0'.repeat(format === 'sha256' ? 64 : 40);
}

/** Git state with withheld blob ids and the planned wip field. */
function withWip(facts: SaveFacts): GitState {
  const { git } = facts.gathered;
  const excluded = new Map(facts.wip.excluded.map((e) => [e.path, e.reason]));
  const files = git.worktree.files.map((f) => {
    const reason = excluded.get(f.path);
    // A blob id of a short secret file would let anyone test guesses against it.
    return reason === 'secret' || reason === 'pattern' ? { ...f, oid: null, withheld: reason } : f;
  });
  const notCollected = [...git.notCollected];
  let wip: GitState['wip'] = null;
  if (facts.wip.enabled) {
    if (!facts.gathered.status) notCollected.push({ section: 'wip', reason: 'status not collected' });
    else if (facts.wip.error) notCollected.push({ section: 'wip', reason: facts.wip.error });
    else wip = { tree: placeholderTree(facts.objectFormat), excluded: facts.wip.excluded.slice(0, MAX_PATHS) };
  }
  return { ...git, worktree: { ...git.worktree, files }, wip, notCollected };
}

interface RecordParts {
  at: { now: Date; random: () => number };
  writer: string;
  facts: SaveFacts;
  content: CheckpointContent;
  git: GitState;
  counts: RedactionCounts;
  carried: Carried | null;
  done: string[];
}

function buildRecord(p: RecordParts): CheckpointRecord {
  const { identity } = p.facts;
  const record: CheckpointRecord = {
    schema: SCHEMA_ID,
    id: makeCheckpointId(p.at.now, p.at.random),
    createdAt: formatCreatedAt(p.at.now),
    writer: p.writer,
    author: { name: identity.name, email: identity.email },
    ...p.content,
    parents: p.facts.lineage.map((l) => l.id),
    git: p.git,
    redactions: p.counts,
    ...(p.carried ? { carried: p.carried } : {}),
    ...(p.done.length ? { done: p.done } : {}),
  };
  const checked = safeParseRecord(record);
  if (!checked.success) throw new UsageError(`invalid checkpoint content: ${describeIssue(checked.error.issues)}`);
  return fitRecord(checked.data);
}

/**
 * A label is stored in trailers and typed back by users: one that looks like
 * a secret cannot be redacted, and one that reads as another name would
 * shadow it. Both are refused.
 */
function checkLabel(label: string | null, opts: RedactOptions): void {
  if (label === null) return;
  const shadow = shadowedName(label);
  if (shadow) throw new UsageError(`invalid label '${label}': it would shadow ${shadow}`, { hint: 'choose a label that starts with a letter and is not hexadecimal' });
  const counts: RedactionCounts = {};
  redactText(label, counts, opts.rules, opts);
  const reasons = Object.keys(counts);
  if (reasons.length) throw new UsageError(`the label looks like a secret (${reasons.join(', ')}): choose another label`);
}

function gatheringWarnings(facts: SaveFacts, record: CheckpointRecord): string[] {
  const out: string[] = [];
  if (facts.identity.isFallback) out.push('no git identity (user.name / user.email): saved as git-checkpoint <checkpoint@localhost>');
  for (const missing of record.git.notCollected) out.push(`not collected: ${missing.section}: ${missing.reason}`);
  const total = facts.wip.excluded.length;
  if (record.git.wip && total > record.git.wip.excluded.length) out.push(`wip: ${total} exclusions, the record lists the first ${record.git.wip.excluded.length}`);
  return out;
}

function notices(facts: SaveFacts, record: CheckpointRecord): string[] {
  const out: string[] = [];
  const excluded = facts.wip.enabled && record.git.wip ? facts.wip.excluded : [];
  if (excluded.length) {
    const shown = excluded.slice(0, 5).map((e) => `${e.path} (${e.reason})`).join(', ');
    out.push(`not saved in wip: ${shown}${excluded.length > 5 ? `, and ${excluded.length - 5} more` : ''}`);
  }
  const counts = Object.entries(record.redactions);
  if (counts.length) out.push(`redacted: ${counts.map(([reason, n]) => `${reason} ×${n}`).join(', ')}`);
  const c = record.carried;
  if (c) {
    const lists = CARRIED_FIELDS.map((f) => `${c[f.name]} ${f.carry.noun}(s)`).join(', ');
    out.push(`carried from ${c.from}: ${lists} (--no-carry leaves them, --done <n|text> closes one)`);
  }
  return out;
}
