/**
 * The record's content fields (SPEC §4), each declared once. The schema
 * (schema.ts), the markdown and recap formats and their parsers (md.ts,
 * parse-md.ts, recap.ts, parse-recap.ts, input.ts), redaction
 * (secrets/redact.ts), synthesis and carry-forward (planners/) read this
 * table: a new field is a new row here, with its test.
 *
 * A field has a shape — the type of its value — and each format handles a
 * shape once, whatever the field:
 *
 * | shape        | value                      |
 * | ------------ | -------------------------- |
 * | `task`       | `{title, status}`          |
 * | `text`       | `string[]`                 |
 * | `pair`       | `[{what, why}]`            |
 * | `attributed` | `[{what, why, by?}]`       |
 * | `todo`       | `[{text, status}]`         |
 * | `file`       | `[{path, why?}]`           |
 * | `quote`      | `[{text, by, verbatim}]`   |
 * | `notes`      | `string \| null`           |
 *
 * Rows are in the stored key order of `checkpoint.json`. The other columns:
 *
 * - `md`: the section heading `show` writes, headings also read as it
 *   (`aliases`, lowercase), and `at`, the section's place: sections are
 *   written by ascending `at`, the git sections of md.ts among them. `notes`
 *   is written in the header (a `>` quote) and read from there or its section.
 * - `recap`: the SESSION_RECAP/1 line kind (todos: one for open items and
 *   `doneKind` for completed ones) and `at`, the place of its lines among the
 *   recap's own (recap.ts).
 * - `redact`: `text` — every free-text part of the value (not a status, not a
 *   flag) is redacted before anything is written (SPEC §9); `none` — stored
 *   as given, only for a value that cannot hold free text.
 * - `merge` (`synthesize`): `newest` — the newest input's; `supersede` —
 *   decisions accumulate, a later one on the same subject or a rejection
 *   marks an earlier one superseded; `union` — every input's, first wording
 *   kept, duplicates folded in; `open` — open items, dropped only when closed
 *   explicitly (`done`, a completed todo); `sources` — a table of the inputs.
 * - `carry`: open items a plain `save` carries forward from its predecessor
 *   (counted in the record's `carried`, marked in markdown); `noun` names one
 *   in messages.
 * - `resume`: the ordered list whose first item is the runnable resume step
 *   (numbered in markdown, the third field of the recap's TASK line).
 */

export type Shape = 'task' | 'text' | 'pair' | 'attributed' | 'todo' | 'file' | 'quote' | 'notes';

interface Common<S extends Shape> {
  readonly name: string;
  readonly shape: S;
  readonly md: MdSection;
  readonly recap: { readonly kind: string; readonly at: number };
  readonly redact: 'text' | 'none';
}

interface MdSection { readonly heading: string; readonly aliases?: readonly string[]; readonly at: number }

/** A row of the table; which merges and extras a field may have depends on its shape. */
export type FieldSpec =
  | (Common<'task'> & { readonly merge: 'newest' })
  | (Common<'text'> & { readonly merge: 'open' | 'union'; readonly carry?: { readonly noun: string }; readonly resume?: true })
  | (Common<'pair'> & { readonly merge: 'union' })
  | (Common<'attributed'> & { readonly merge: 'supersede' | 'union' })
  | (Common<'todo'> & {
      readonly merge: 'open';
      /** PENDING lines may name a blocker: it is read into this text field. */
      readonly recap: { readonly kind: string; readonly doneKind: string; readonly at: number; readonly blockersInto: string };
    })
  | (Common<'file'> & { readonly merge: 'union' })
  | (Common<'quote'> & { readonly merge: 'union' })
  | (Omit<Common<'notes'>, 'md'> & { readonly md: Omit<MdSection, 'at'>; readonly merge: 'sources' });

export const FIELDS = [
  {
    name: 'task', shape: 'task', md: { heading: 'Task', at: 10 }, recap: { kind: 'TASK', at: 10 },
    redact: 'text', merge: 'newest',
  },
  {
    name: 'decisions', shape: 'attributed', md: { heading: 'Decisions', at: 30 }, recap: { kind: 'DECISION', at: 60 },
    redact: 'text', merge: 'supersede',
  },
  {
    name: 'rejected', shape: 'pair', md: { heading: 'Rejected paths', aliases: ['rejected', 'dead ends'], at: 40 },
    recap: { kind: 'REJECTED', at: 70 }, redact: 'text', merge: 'union',
  },
  {
    name: 'nextSteps', shape: 'text', md: { heading: 'Next', aliases: ['next steps'], at: 20 }, recap: { kind: 'NEXT', at: 20 },
    redact: 'text', merge: 'open', carry: { noun: 'next step' }, resume: true,
  },
  {
    name: 'blockers', shape: 'text', md: { heading: 'Blockers', at: 50 }, recap: { kind: 'BLOCKER', at: 90 },
    redact: 'text', merge: 'open', carry: { noun: 'blocker' },
  },
  {
    name: 'questions', shape: 'text', md: { heading: 'Open questions', aliases: ['questions'], at: 60 },
    recap: { kind: 'QUESTION', at: 100 }, redact: 'text', merge: 'open', carry: { noun: 'question' },
  },
  {
    name: 'learnings', shape: 'text', md: { heading: 'Learnings', at: 70 }, recap: { kind: 'LEARNING', at: 110 },
    redact: 'text', merge: 'union',
  },
  {
    name: 'constraints', shape: 'text', md: { heading: 'Constraints', at: 80 }, recap: { kind: 'CONSTRAINT', at: 120 },
    redact: 'text', merge: 'union',
  },
  {
    name: 'assumptions', shape: 'text', md: { heading: 'Assumptions', at: 90 }, recap: { kind: 'ASSUMPTION', at: 130 },
    redact: 'text', merge: 'union',
  },
  {
    name: 'todos', shape: 'todo', md: { heading: 'Todos', aliases: ['todo'], at: 100 },
    recap: { kind: 'PENDING', doneKind: 'DONE', at: 80, blockersInto: 'blockers' }, redact: 'text', merge: 'open',
  },
  {
    name: 'files', shape: 'file', md: { heading: 'Hot files', aliases: ['files'], at: 110 }, recap: { kind: 'FILE', at: 150 },
    redact: 'text', merge: 'union',
  },
  {
    name: 'quotes', shape: 'quote', md: { heading: 'Quotes', at: 150 }, recap: { kind: 'QUOTE', at: 160 },
    redact: 'text', merge: 'union',
  },
  {
    name: 'links', shape: 'text', md: { heading: 'Links', at: 120 }, recap: { kind: 'LINK', at: 140 },
    redact: 'text', merge: 'union',
  },
  {
    name: 'notes', shape: 'notes', md: { heading: 'Notes' }, recap: { kind: 'NOTES', at: 170 },
    redact: 'text', merge: 'sources',
  },
] as const satisfies readonly FieldSpec[];

export type ContentField = (typeof FIELDS)[number];
export type FieldName = ContentField['name'];
/** The rows of one shape. */
export type FieldOf<S extends Shape> = Extract<ContentField, { shape: S }>;

type CarriedField = Extract<ContentField, { carry: object }>;
/** The lists a save carries forward, in table order (`save --done <n>` counts across them in this order). */
export type CarriedList = CarriedField['name'];
export const CARRIED_FIELDS: readonly CarriedField[] = FIELDS.filter((f): f is CarriedField => 'carry' in f);
export const CARRIED_LISTS: readonly CarriedList[] = CARRIED_FIELDS.map((f) => f.name);

/** The list whose first item is the resume step. */
export type ResumeList = Extract<ContentField, { resume: true }>['name'];
export const RESUME_LIST: ResumeList = FIELDS.find((f): f is Extract<ContentField, { resume: true }> => 'resume' in f)!.name;
