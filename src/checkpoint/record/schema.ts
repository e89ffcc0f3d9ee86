/**
 * The record of SPEC §4, validated with zod/mini (the full zod build costs
 * ~60 ms of start-up; mini ~20 ms). Everything read back from a ref goes
 * through `parseRecord`; inside the program the inferred types are trusted.
 */
import * as z from 'zod/mini';
import { GIT_OPERATIONS } from '../../git/in-progress.js';
import { CARRIED_LISTS, FIELDS, type CarriedList, type FieldName } from './fields.js';
import { contentShape, emptyFields, fieldsFrom, list, MAX_TEXT, onShape, ORDERED, text, taskStatuses } from './content-shapes.js';
import { isSafeRelativePath } from './safe-path.js';

export {
  decisionSchema, fileRefSchema, quoteSchema, rejectedSchema, taskStatuses, todoSchema, todoStatuses,
} from './content-shapes.js';

export const SCHEMA_ID = 'git-checkpoint/v1';
/** Caps that keep memory bounded when reading someone else's chain (SPEC §9). */
export const MAX_PATHS = 10_000;

export const ID_PATTERN = /^\d{8}-\d{6}-[a-z0-9]{4}$/;
export const LABEL_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const OID_PATTERN = /^([0-9a-f]{40}|[0-9a-f]{64})$/;
const STATUS_PATTERN = /^[.MTADRCU?!]{2}$/;

export const modes = ['routine', 'salient'] as const;

const count = () => z.int().check(z.minimum(0));
type CarriedCountSchemas = { [K in CarriedList]: ReturnType<typeof count> };

const oid = () => z.string().check(z.regex(OID_PATTERN, 'expected a 40- or 64-hex object id'));

/** A working-tree path as git status reports it: never absolute, never `..`, never inside `.git`. */
const worktreePath = () =>
  z.string().check(z.minLength(1), z.maxLength(4096), z.refine(isSafeRelativePath, 'expected a path inside the working tree'));

export const worktreeFileSchema = z.object({
  path: worktreePath(),
  status: z.string().check(z.regex(STATUS_PATTERN, 'expected a two-letter porcelain status')),
  staged: z.boolean(),
  oid: z.nullable(oid()),
  /** Why the blob id is not recorded (the file was kept out of the wip snapshot as a secret or by pattern). */
  withheld: z.optional(text()),
});

export const gitStateSchema = z.object({
  branch: z.nullable(text()),
  head: z.nullable(oid()),
  upstream: z.nullable(text()),
  ahead: z.int().check(z.minimum(0)),
  behind: z.int().check(z.minimum(0)),
  commits: z.array(z.object({ oid: oid(), subject: text() })).check(z.maxLength(100)),
  worktree: z.object({
    collected: z.boolean(),
    reason: z.optional(z.nullable(text())),
    total: z.int().check(z.minimum(0)),
    truncated: z.boolean(),
    files: z.array(worktreeFileSchema).check(z.maxLength(MAX_PATHS)),
  }),
  wip: z.nullable(
    z.object({
      tree: oid(),
      excluded: z.array(z.object({ path: worktreePath(), reason: text() })).check(z.maxLength(MAX_PATHS)),
    }),
  ),
  /** Sections that could not be gathered at save time, with the reason (SPEC §4). */
  notCollected: z.array(z.object({ section: text(), reason: text() })).check(z.maxLength(20)),
  /**
   * The git operation that was waiting when the checkpoint was saved (a merge with conflicts, a rebase, a
   * cherry-pick, a bisect, ...), null when none; absent in records saved before it was recorded.
   */
  inProgress: z.optional(z.nullable(z.enum(GIT_OPERATIONS))),
});

export const recordSchema = z.object({
  schema: z.literal(SCHEMA_ID),
  id: z.string().check(z.regex(ID_PATTERN, 'expected an id YYYYMMDD-HHMMSS-xxxx')),
  createdAt: z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/, 'expected an ISO 8601 UTC time')),
  writer: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'expected a writer id')),
  author: z.object({ name: text(), email: text() }),
  label: z.nullable(z.string().check(z.regex(LABEL_PATTERN, 'expected a label of [A-Za-z0-9._-], 1 to 64 characters'))),
  mode: z.enum(modes),
  compactImminent: z.boolean(),
  parents: z.array(z.string().check(z.regex(ID_PATTERN, 'expected a checkpoint id'))).check(z.maxLength(1000)),
  ...contentShape(),
  git: gitStateSchema,
  redactions: z.record(z.string(), z.int().check(z.minimum(0))),
  /** How many items at the end of each carried list (fields.ts) were carried from checkpoint `from`. */
  carried: z.optional(z.nullable(z.object({
    from: z.string().check(z.regex(ID_PATTERN, 'expected a checkpoint id')),
    ...(Object.fromEntries(CARRIED_LISTS.map((name) => [name, count()])) as CarriedCountSchemas),
  }))),
  /** Open items of the predecessor that this save closed (`save --done`). */
  done: z.optional(list(text())),
});

export type CheckpointRecord = z.infer<typeof recordSchema>;
export type GitState = CheckpointRecord['git'];
export type WorktreeFile = z.infer<typeof worktreeFileSchema>;
export type TaskStatus = (typeof taskStatuses)[number];
/** The values of the table's fields (fields.ts). */
type FieldValues = Pick<CheckpointRecord, FieldName>;

/** The fields a person or an agent supplies (flags, --input documents): the table's, then the header's. */
export const headerKeys = ['label', 'mode', 'compactImminent'] as const;
export const contentKeys = [...FIELDS.map((f) => f.name), ...headerKeys] as const;
export type CheckpointContent = Pick<CheckpointRecord, (typeof contentKeys)[number]>;

/** The size above which a stored record is refused unread (SPEC §9). */
export const MAX_RECORD_BYTES = 1024 * 1024;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  errors?: readonly (readonly IssueLike[])[];
  /** `unrecognized_keys`: the fields not in the schema. */
  keys?: readonly string[];
  /** `invalid_value`: the values allowed. */
  values?: readonly unknown[];
}

/**
 * Formats the first zod issue as `<path>: <message>` (the path names the bad
 * field). For a union, the branch that got furthest explains best. Unknown
 * fields are named (with `fields`, the ones allowed at the top), and a value
 * outside an enum lists the allowed values.
 */
export function describeIssue(issues: readonly IssueLike[], prefix: readonly PropertyKey[] = [], opts: { fields?: readonly string[] } = {}): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    const deepest = [...issue.errors].sort((a, b) => (b[0]?.path.length ?? 0) - (a[0]?.path.length ?? 0))[0];
    if (deepest?.length && (deepest[0]?.path.length ?? 0) > 0) return describeIssue(deepest, path, opts);
  }
  const where = path.length ? path.map(String).join('.') : '(root)';
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
    const field = issue.keys.map((k) => `'${k}'`).join(', ');
    const allowed = path.length === 0 && opts.fields ? ` (allowed: ${opts.fields.join(', ')})` : '';
    return `${path.length ? `${where}: ` : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${field}${allowed}`;
  }
  if (issue.code === 'invalid_value' && issue.values?.length) {
    return `${where}: invalid value (expected ${issue.values.map(String).join(', ')})`;
  }
  return `${where}: ${issue.message}`;
}

/** Validates a stored record; never throws. */
export function parseRecord(bytes: Uint8Array | string): ParseResult<CheckpointRecord> {
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
  if (size > MAX_RECORD_BYTES) return { ok: false, error: `(root): record is ${size} bytes, over the 1 MiB limit` };
  let data: unknown;
  try {
    data = JSON.parse(typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'));
  } catch (err) {
    return { ok: false, error: `(root): not valid JSON (${describeJsonError(err as Error)})` };
  }
  const result = safeParseRecord(data);
  if (!result.success) return { ok: false, error: describeIssue(result.error.issues) };
  return { ok: true, value: result.data };
}

/**
 * `recordSchema.safeParse`, with the working-tree file list (up to 10,000
 * entries, most of a large record) checked by hand when every entry is valid:
 * zod's per-object checks cost ~0.1 ms an entry. The result is the one zod
 * gives (a unit test compares them); any invalid entry goes to zod, for its
 * wording.
 */
export function safeParseRecord(data: unknown): ReturnType<typeof recordSchema.safeParse> {
  const worktree = (data as { git?: { worktree?: { files?: unknown } } } | null)?.git?.worktree;
  const files = worktree && typeof worktree === 'object' ? checkedFiles(worktree.files) : null;
  if (!files) return recordSchema.safeParse(data);
  const record = data as { git: { worktree: object } };
  const result = recordSchema.safeParse({ ...record, git: { ...record.git, worktree: { ...record.git.worktree, files: [] } } });
  if (result.success) result.data.git.worktree.files = files;
  return result;
}

/** The entries as `worktreeFileSchema` would give them back, or null if one is not valid. */
function checkedFiles(files: unknown): WorktreeFile[] | null {
  if (!Array.isArray(files) || files.length > MAX_PATHS) return null;
  const out: WorktreeFile[] = new Array(files.length);
  for (let i = 0; i < files.length; i++) {
    const f: unknown = files[i];
    if (typeof f !== 'object' || f === null || Array.isArray(f)) return null;
    const { path, status, staged, oid, withheld } = f as Record<string, unknown>;
    if (typeof path !== 'string' || path.length < 1 || path.length > 4096 || !isSafeRelativePath(path)) return null;
    if (typeof status !== 'string' || !STATUS_PATTERN.test(status) || typeof staged !== 'boolean') return null;
    if (oid !== null && (typeof oid !== 'string' || !OID_PATTERN.test(oid))) return null;
    if (withheld === undefined) {
      out[i] = { path, status, staged, oid };
    } else {
      if (typeof withheld !== 'string' || withheld.length > MAX_TEXT) return null;
      out[i] = { path, status, staged, oid, withheld };
    }
  }
  return out;
}

/** V8's message without the quoted excerpt of the input it adds (stored data is never echoed). */
export function describeJsonError(err: Error): string {
  return err.message.replace(/, ".*" is not valid JSON$/s, '').slice(0, 120);
}

/** An empty record content: every array present and empty (SPEC §4: never absent). */
export function emptyContent(): CheckpointContent {
  return { ...(emptyFields() as FieldValues), label: null, mode: 'routine', compactImminent: false };
}

/** Serializes a record with a stable key order and a final newline. */
export function serializeRecord(record: CheckpointRecord): string {
  return `${JSON.stringify(orderRecord(record), null, 2)}\n`;
}

function orderRecord(r: CheckpointRecord): CheckpointRecord {
  // Spelled out so the stored key order never depends on how the object was built.
  return {
    schema: r.schema, id: r.id, createdAt: r.createdAt, writer: r.writer,
    author: { name: r.author.name, email: r.author.email },
    label: r.label, mode: r.mode, compactImminent: r.compactImminent, parents: r.parents,
    ...(fieldsFrom((f) => onShape(ORDERED, f, r)) as FieldValues),
    git: {
      branch: r.git.branch, head: r.git.head, upstream: r.git.upstream, ahead: r.git.ahead, behind: r.git.behind,
      commits: r.git.commits.map((c) => ({ oid: c.oid, subject: c.subject })),
      worktree: {
        collected: r.git.worktree.collected,
        ...(r.git.worktree.reason ? { reason: r.git.worktree.reason } : {}),
        total: r.git.worktree.total,
        truncated: r.git.worktree.truncated,
        files: r.git.worktree.files.map((f) => ({
          path: f.path, status: f.status, staged: f.staged, oid: f.oid, ...(f.withheld ? { withheld: f.withheld } : {}),
        })),
      },
      wip: r.git.wip ? { tree: r.git.wip.tree, excluded: r.git.wip.excluded.map((e) => ({ path: e.path, reason: e.reason })) } : null,
      notCollected: r.git.notCollected.map((n) => ({ section: n.section, reason: n.reason })),
      ...(r.git.inProgress !== undefined ? { inProgress: r.git.inProgress } : {}),
    },
    redactions: Object.fromEntries(Object.entries(r.redactions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    ...(r.carried ? { carried: { from: r.carried.from, ...(Object.fromEntries(CARRIED_LISTS.map((l) => [l, r.carried![l]])) as Record<CarriedList, number>) } } : {}),
    ...(r.done?.length ? { done: r.done } : {}),
  };
}
