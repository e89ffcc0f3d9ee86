/**
 * What each shape of the field table (fields.ts) is: its zod schema, its empty
 * value, its stored key order and its free text. Every module that handles
 * content handles it shape by shape through `ShapeHandlers`, so a new field of
 * an existing shape needs no code, and a new shape fails to compile until
 * every format handles it.
 */
import * as z from 'zod/mini';
import { FIELDS, type ContentField, type FieldSpec, type Shape } from './fields.js';

/** Caps that keep memory bounded when reading someone else's chain (SPEC §9). */
export const MAX_ITEMS = 10_000;
export const MAX_TEXT = 64 * 1024;
const MAX_NOTES = 512 * 1024;

export const text = () => z.string().check(z.maxLength(MAX_TEXT));
export const list = <T extends z.core.SomeType>(item: T) => z.array(item).check(z.maxLength(MAX_ITEMS));

export const taskStatuses = ['in_progress', 'blocked', 'done', 'deferred'] as const;
export const todoStatuses = ['pending', 'in_progress', 'completed'] as const;

export const taskSchema = z.object({ title: text(), status: z.enum(taskStatuses) });
export const decisionSchema = z.object({ what: text(), why: text(), by: z.optional(text()) });
export const rejectedSchema = z.object({ what: text(), why: text() });
export const todoSchema = z.object({ text: text(), status: z.enum(todoStatuses) });
export const fileRefSchema = z.object({ path: text(), why: z.optional(text()) });
export const quoteSchema = z.object({ text: text(), by: text(), verbatim: z.boolean() });

/** The stored schema of each shape. */
export const SHAPE_SCHEMAS = {
  task: taskSchema,
  text: list(text()),
  pair: list(rejectedSchema),
  attributed: list(decisionSchema),
  todo: list(todoSchema),
  file: list(fileRefSchema),
  quote: list(quoteSchema),
  notes: z.nullable(z.string().check(z.maxLength(MAX_NOTES))),
} as const satisfies Record<Shape, z.core.SomeType>;

export type ShapeValue = { [S in Shape]: z.infer<(typeof SHAPE_SCHEMAS)[S]> };
/** A table row of shape S (any row of that shape: the table is not assumed). */
export type SpecOf<S extends Shape> = Extract<FieldSpec, { shape: S }>;

/** The content fields' zod shape, keyed by name in table order. */
export type ContentShape = { [F in ContentField as F['name']]: (typeof SHAPE_SCHEMAS)[F['shape']] };
export const contentShape = (): ContentShape =>
  Object.fromEntries(FIELDS.map((f) => [f.name, SHAPE_SCHEMAS[f.shape]])) as ContentShape;

/** One function per shape, given the field's value and its row. */
export type ShapeHandlers<R, A extends unknown[] = []> = {
  readonly [S in Shape]: (value: ShapeValue[S], field: SpecOf<S>, ...args: A) => R;
};

/** Calls the handler of `field`'s shape with the field's value in `content`. */
export function onShape<R, A extends unknown[]>(handlers: ShapeHandlers<R, A>, field: FieldSpec, content: object, ...args: A): R {
  const handle = handlers[field.shape] as (value: unknown, field: FieldSpec, ...args: A) => R;
  return handle((content as Record<string, unknown>)[field.name], field, ...args);
}

/** `field`'s value in `content`, as its shape's type. */
export function valueIn<S extends Shape>(content: object, field: SpecOf<S>): ShapeValue[S] {
  return (content as Record<string, unknown>)[field.name] as ShapeValue[S];
}

/** Sets `field`'s value in `content`. */
export function setValueIn<S extends Shape>(content: object, field: SpecOf<S>, value: ShapeValue[S]): void {
  (content as Record<string, unknown>)[field.name] = value;
}

/** One function per shape, given a row of that shape. */
export type PerShape<R, A extends unknown[] = []> = { readonly [S in Shape]: (field: SpecOf<S>, ...args: A) => R };

/** Calls the function of `field`'s shape. */
export function forShape<R, A extends unknown[]>(table: PerShape<R, A>, field: FieldSpec, ...args: A): R {
  return (table[field.shape] as (field: FieldSpec, ...args: A) => R)(field, ...args);
}

/** One function per shape that makes a value of that shape for the row given (called through `forShape`). */
export type ShapeMakers<A extends unknown[] = []> = {
  readonly [S in Shape]: (field: SpecOf<S>, ...args: A) => ShapeValue[S];
};

/** Builds `{name: value}` for every row, in table order. */
export function fieldsFrom<R>(make: (field: FieldSpec) => R): Record<string, R> {
  return Object.fromEntries(FIELDS.map((f) => [f.name, make(f)]));
}

const EMPTY: ShapeMakers = {
  task: () => ({ title: '', status: 'in_progress' }),
  text: () => [], pair: () => [], attributed: () => [], todo: () => [], file: () => [], quote: () => [],
  notes: () => null,
};
/** Every field empty (SPEC §4: arrays present and empty, never absent). */
export const emptyFields = () => fieldsFrom((f) => forShape<unknown, []>(EMPTY, f));

/** Copies with the stored key order, spelled out so it never depends on how an object was built. */
export const ORDERED: ShapeHandlers<unknown> = {
  task: (t) => ({ title: t.title, status: t.status }),
  text: (xs) => xs,
  pair: (xs) => xs.map((d) => ({ what: d.what, why: d.why })),
  attributed: (xs) => xs.map((d) => (d.by === undefined ? { what: d.what, why: d.why } : { what: d.what, why: d.why, by: d.by })),
  todo: (xs) => xs.map((t) => ({ text: t.text, status: t.status })),
  file: (xs) => xs.map((f) => (f.why === undefined ? { path: f.path } : { path: f.path, why: f.why })),
  quote: (xs) => xs.map((q) => ({ text: q.text, by: q.by, verbatim: q.verbatim })),
  notes: (n) => n,
};

type MapText = (s: string) => string;
/** Copies with every free-text part passed through `r` (statuses and flags are not text). */
export const WITH_TEXT: ShapeHandlers<unknown, [MapText]> = {
  task: (t, _f, r) => ({ ...t, title: r(t.title) }),
  text: (xs, _f, r) => xs.map(r),
  pair: (xs, _f, r) => xs.map((d) => ({ what: r(d.what), why: r(d.why) })),
  attributed: (xs, _f, r) => xs.map((d) => ({ ...d, what: r(d.what), why: r(d.why), ...(d.by !== undefined ? { by: r(d.by) } : {}) })),
  todo: (xs, _f, r) => xs.map((t) => ({ ...t, text: r(t.text) })),
  file: (xs, _f, r) => xs.map((f) => ({ path: r(f.path), ...(f.why !== undefined ? { why: r(f.why) } : {}) })),
  quote: (xs, _f, r) => xs.map((q) => ({ ...q, text: r(q.text), by: r(q.by) })),
  notes: (n, _f, r) => (n === null ? null : r(n)),
};
