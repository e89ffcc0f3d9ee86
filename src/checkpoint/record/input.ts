/**
 * The content documents `save --input` accepts (SPEC §5): a JSON document of
 * the record's content fields, markdown as rendered by `show`, or a
 * SESSION_RECAP/1 document. Detected from the first characters unless forced.
 */
import * as z from 'zod/mini';
import { UsageError } from '../../errors.js';
import { parseMarkdown } from './parse-md.js';
import { parseRecap } from './parse-recap.js';
import {
  decisionSchema, describeIssue, describeJsonError, emptyContent, fileRefSchema, LABEL_PATTERN, modes, quoteSchema, rejectedSchema,
  contentKeys, headerKeys, taskStatuses, todoSchema, type CheckpointContent,
} from './schema.js';
import { FIELDS, type Shape } from './fields.js';
import { fieldsFrom, forShape, type PerShape } from './content-shapes.js';

export type InputFormat = 'json' | 'md' | 'recap';
export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

/** What a JSON document may give for each shape (looser than the stored record: a task may be a string). */
const INPUT_SCHEMAS = {
  task: z.optional(z.union([z.string(), z.object({ title: z.string(), status: z.optional(z.enum(taskStatuses)) })])),
  text: z.optional(z.array(z.string())),
  pair: z.optional(z.array(rejectedSchema)),
  attributed: z.optional(z.array(decisionSchema)),
  todo: z.optional(z.array(todoSchema)),
  file: z.optional(z.array(fileRefSchema)),
  quote: z.optional(z.array(quoteSchema)),
  notes: z.optional(z.nullable(z.string())),
} as const satisfies Record<Shape, z.core.SomeType>;

/** A given value as the record holds it. */
const FROM_INPUT: PerShape<unknown, [unknown]> = {
  task: (_f, v) => {
    const task = v as z.infer<typeof INPUT_SCHEMAS.task>;
    return typeof task === 'string' ? { title: task, status: 'in_progress' } : { title: task!.title, status: task!.status ?? 'in_progress' };
  },
  text: (_f, v) => v, pair: (_f, v) => v, attributed: (_f, v) => v, todo: (_f, v) => v, file: (_f, v) => v, quote: (_f, v) => v,
  notes: (_f, v) => v,
};

const inputSchema = z.strictObject({
  ...fieldsFrom((f) => INPUT_SCHEMAS[f.shape]),
  label: z.optional(z.nullable(z.string().check(z.regex(LABEL_PATTERN, 'expected [A-Za-z0-9._-], 1 to 64 characters')))),
  mode: z.optional(z.enum(modes)),
  compactImminent: z.optional(z.boolean()),
  // Documents may carry a whole record (from `show --json`): its git part is ignored.
  schema: z.optional(z.string()), id: z.optional(z.unknown()), createdAt: z.optional(z.unknown()),
  writer: z.optional(z.unknown()), author: z.optional(z.unknown()), parents: z.optional(z.unknown()),
  git: z.optional(z.unknown()), redactions: z.optional(z.unknown()),
});

/** Which format a document is in, from its first non-blank characters. */
export function detectFormat(text: string): InputFormat {
  const head = text.trimStart();
  if (head.startsWith('{')) return 'json';
  if (head.startsWith('SESSION_RECAP/1')) return 'recap';
  return 'md';
}

/** Parses an input document into content; UsageError (exit 129) naming the bad field or line. */
export function parseInputDocument(bytes: Uint8Array, forced?: InputFormat, source = 'input'): Partial<CheckpointContent> {
  if (bytes.byteLength > MAX_INPUT_BYTES) {
    throw new UsageError(`${source}: document is ${bytes.byteLength} bytes, over the ${MAX_INPUT_BYTES / 1024 / 1024} MiB limit`);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\0')) throw new UsageError(`${source}: binary data (NUL byte) is not a document`);
  const format = forced ?? detectFormat(text);
  if (format === 'json') return parseJsonInput(text, source);
  if (format === 'recap') return parseRecap(text, source);
  const md = parseMarkdown(text);
  if (!md.ok) throw new UsageError(`${source}: ${md.error}`);
  return md.content;
}

function parseJsonInput(text: string, source: string): Partial<CheckpointContent> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${source}: invalid JSON: ${describeJsonError(err as Error)}`);
  }
  const parsed = inputSchema.safeParse(data);
  if (!parsed.success) throw new UsageError(`${source}: invalid document: ${describeIssue(parsed.error.issues, [], { fields: contentKeys })}`);
  const given = parsed.data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) if (given[f.name] !== undefined) out[f.name] = forShape(FROM_INPUT, f, given[f.name]);
  for (const key of headerKeys) if (key in given) out[key] = given[key];
  return out as Partial<CheckpointContent>;
}

/** Splits `<what> :: <why>` (the why may be empty). */
export function splitPair(value: string): { what: string; why: string } {
  const at = value.indexOf(' :: ');
  if (at < 0) return { what: value.trim(), why: '' };
  return { what: value.slice(0, at).trim(), why: value.slice(at + 4).trim() };
}

/** Layers content: later layers replace the fields they set (flags win over documents). */
export function mergeContent(...layers: Partial<CheckpointContent>[]): CheckpointContent {
  const out = emptyContent();
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value !== undefined) (out as Record<string, unknown>)[key] = value;
    }
  }
  return out;
}

/** True when a layer says anything at all. */
export function hasContent(layer: Partial<CheckpointContent>): boolean {
  return Object.values(layer).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));
}
