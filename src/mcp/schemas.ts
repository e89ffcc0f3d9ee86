/**
 * Input schemas of the MCP tools (zod 4 mini; the SDK turns them into JSON
 * Schema for `tools/list` and validates every call with them). Unknown
 * arguments are refused, so a misspelt name is an error, not silently ignored.
 * Limits are the record's own (SPEC §3): over them the call fails before any work.
 */
import * as z from 'zod/mini';
import { LABEL_PATTERN, taskStatuses } from '../checkpoint/record/schema.js';
import { DEFAULT_RECAP_BUDGET } from '../render/recap-budget.js';

const MAX_TEXT = 64 * 1024;
const MAX_ITEMS = 10_000;

const text = (about: string) => z.string().check(z.maxLength(MAX_TEXT), z.describe(about));
const list = <T extends z.core.SomeType>(item: T, about: string) => z.optional(z.array(item).check(z.maxLength(MAX_ITEMS), z.describe(about)));
const strings = (about: string) => list(z.string().check(z.maxLength(MAX_TEXT)), about);

const cwd = z.optional(text('A directory inside the git repository to use. Default: the client\'s root, then the agent\'s project directory, then the server\'s working directory.'));
const checkpoint = (about: string) => z.optional(text(`${about} An id, a unique id prefix, a label, a checkpoint commit id or "latest" (default: latest, the newest on the current branch).`));

export const recapInput = z.strictObject({
  checkpoint: checkpoint('The checkpoint to recap.'),
  budget: z.optional(z.int().check(z.minimum(200), z.maximum(1_000_000), z.describe(`At most this many characters (default ${DEFAULT_RECAP_BUDGET}); less important lines are left out first.`))),
  cwd,
});

export const statusInput = z.strictObject({ checkpoint: checkpoint('The checkpoint to compare with the repository.'), cwd });

export const listInput = z.strictObject({
  branch: z.optional(text('Only checkpoints saved on this branch.')),
  here: z.optional(z.boolean().check(z.describe('Only checkpoints of the current branch.'))),
  writer: z.optional(text('Only checkpoints of this writer id.')),
  label: z.optional(text('Only checkpoints with this label.')),
  since: z.optional(text('Only checkpoints saved since then: a date (2026-11-30) or an age (2.days, 3h).')),
  limit: z.optional(z.int().check(z.minimum(0), z.maximum(100_000), z.describe('At most this many, newest first (default 20; 0: all).'))),
  cwd,
});

export const showInput = z.strictObject({
  checkpoint: checkpoint('The checkpoint to show.'),
  format: z.optional(z.enum(['json', 'markdown']).check(z.describe('json: the whole record; markdown: as `git checkpoint show` prints it (default).'))),
  cwd,
});

export const diffInput = z.strictObject({ checkpoint: checkpoint('The checkpoint to compare the repository with.'), cwd });

export const logInput = z.strictObject({
  checkpoint: checkpoint('Where the lineage starts.'),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100_000), z.describe('At most this many checkpoints (default 200).'))),
  cwd,
});

const pair = z.object({ what: text('What was decided (or rejected).'), why: text('Why.') });

export const saveInput = z.strictObject({
  task: z.optional(text('What the session is working on, one line (like `save -m`).')),
  status: z.optional(z.enum(taskStatuses).check(z.describe('The task\'s status (default in_progress).'))),
  decisions: list(pair, 'Decisions taken, each with its reason.'),
  rejected: list(pair, 'Options considered and rejected, each with the reason.'),
  next: strings('Next steps, most important first.'),
  blockers: strings('What blocks progress.'),
  questions: strings('Open questions.'),
  learnings: strings('Facts learnt that the next session needs.'),
  constraints: strings('Constraints to respect.'),
  notes: strings('Free notes (joined by blank lines).'),
  files: list(z.object({ path: text('Path relative to the repository root.'), why: z.optional(text('Why it matters.')) }), 'Files that matter, with why.'),
  quotes: list(z.object({ text: text('What was said.'), by: text('Who said it (user, assistant, ...).'), verbatim: z.boolean().check(z.describe('True when quoted word for word.')) }), 'What the user said that must not be lost.'),
  label: z.optional(z.string().check(z.regex(LABEL_PATTERN, 'expected 1 to 64 characters of [A-Za-z0-9._-]'), z.describe('A name for this checkpoint ([A-Za-z0-9._-], 1 to 64).'))),
  wip: z.optional(z.boolean().check(z.describe('Snapshot uncommitted files (default: checkpoint.wip, true).'))),
  cwd,
});

export const decideInput = z.strictObject({ what: text('The decision, one line.'), why: text('Why it was taken.'), cwd });

export const synthesizeInput = z.strictObject({
  checkpoints: z.array(z.string().check(z.maxLength(1024))).check(z.minLength(1), z.maxLength(1000), z.describe('The checkpoints to merge (ids, labels, "latest").')),
  exclude: strings('Checkpoints to leave out.'),
  label: z.optional(z.string().check(z.regex(LABEL_PATTERN, 'expected 1 to 64 characters of [A-Za-z0-9._-]'), z.describe('A label for the new checkpoint.'))),
  cwd,
});

export type SaveInput = z.infer<typeof saveInput>;

/** Any of the tool input schemas above. */
export type AnyInput = z.ZodMiniObject;

export const resumeArgs = {
  checkpoint: z.optional(z.string().check(z.describe('The checkpoint to resume (default: latest on the current branch).'))),
  cwd: z.optional(z.string().check(z.describe('A directory inside the git repository.'))),
};
