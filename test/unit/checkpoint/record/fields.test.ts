/**
 * The field table (record/fields.ts) is the one declaration of the record's
 * content fields: the schema holds exactly its fields, in its order, and every
 * format can tell its fields apart (headings, line kinds and places unique).
 */
import { describe, expect, it } from 'vitest';
import { CARRIED_LISTS, FIELDS, RESUME_LIST } from '../../../../src/checkpoint/record/fields.js';
import {
  contentKeys, emptyContent, headerKeys, recordSchema, SCHEMA_ID, serializeRecord, type CheckpointRecord,
} from '../../../../src/checkpoint/record/schema.js';
import { GIT_SECTIONS } from '../../../../src/checkpoint/record/parse-md.js';
import { RECAP_OWN_PLACES, renderRecap } from '../../../../src/checkpoint/record/recap.js';
import { parseRecap, RECAP_OWN_KINDS } from '../../../../src/checkpoint/record/parse-recap.js';

const names: string[] = FIELDS.map((f) => f.name);
/** The record's keys that are not content fields of the table. */
const ENVELOPE = ['schema', 'id', 'createdAt', 'writer', 'author', ...headerKeys, 'parents', 'git', 'redactions', 'carried', 'done'];

const record = (): CheckpointRecord => ({
  schema: SCHEMA_ID, id: '20261201-101500-ab12', createdAt: '2026-12-01T10:15:00Z', writer: 'ada-1234',
  author: { name: 'Ada', email: 'ada@example.com' }, ...emptyContent(), parents: [],
  git: {
    branch: 'main', head: null, upstream: null, ahead: 0, behind: 0, commits: [],
    worktree: { collected: true, total: 0, truncated: false, files: [] }, wip: null, notCollected: [],
  },
  redactions: {},
});

describe('the field table', () => {
  it('declares exactly the content fields of the record schema, and the schema nothing else', () => {
    const schemaKeys = Object.keys(recordSchema.shape);
    expect(schemaKeys.filter((k) => !ENVELOPE.includes(k))).toEqual(names);
    expect(names.filter((n) => ENVELOPE.includes(n))).toEqual([]);
    expect([...contentKeys]).toEqual([...names, ...headerKeys]);
    expect(Object.keys(emptyContent())).toEqual([...contentKeys]);
  });

  it('lists the fields in the stored key order of checkpoint.json', () => {
    const stored = Object.keys(JSON.parse(serializeRecord(record())) as object);
    expect(stored.filter((k) => names.includes(k))).toEqual(names);
    // Together, right after the lineage.
    expect(stored.slice(stored.indexOf('parents') + 1, stored.indexOf('parents') + 1 + names.length)).toEqual(names);
  });

  it('has unique names, markdown headings (aliases included) and recap kinds, none taken by a format itself', () => {
    expect(new Set(names).size).toBe(names.length);
    const headings = FIELDS.flatMap((f) => [f.md.heading.toLowerCase(), ...('aliases' in f.md ? f.md.aliases : [])]);
    const gitHeadings = GIT_SECTIONS.flatMap((g) => [g.title.toLowerCase(), ...g.aliases]);
    expect(new Set([...headings, ...gitHeadings]).size).toBe(headings.length + gitHeadings.length);
    for (const h of headings) expect(h).toBe(h.toLowerCase());
    const kinds = FIELDS.flatMap((f) => [f.recap.kind, ...('doneKind' in f.recap ? [f.recap.doneKind] : [])]);
    expect(new Set([...kinds, ...RECAP_OWN_KINDS]).size).toBe(kinds.length + RECAP_OWN_KINDS.length);
    for (const k of kinds) expect(k).toMatch(/^[A-Z][A-Z_]*$/);
  });

  it('gives every section and every recap group its own place', () => {
    const mdPlaces = [...FIELDS.flatMap((f) => ('at' in f.md ? [f.md.at] : [])), ...GIT_SECTIONS.map((g) => g.at)];
    expect(new Set(mdPlaces).size).toBe(mdPlaces.length);
    const recapPlaces = [...FIELDS.map((f) => f.recap.at), ...Object.values(RECAP_OWN_PLACES)];
    expect(new Set(recapPlaces).size).toBe(recapPlaces.length);
  });

  it('has one task, one notes field, one resume list, and carried lists that are open items', () => {
    expect(FIELDS.filter((f) => f.shape === 'task')).toHaveLength(1);
    expect(FIELDS.filter((f) => f.shape === 'notes')).toHaveLength(1);
    expect(FIELDS.filter((f) => 'resume' in f)).toHaveLength(1);
    expect(FIELDS.find((f) => f.name === RESUME_LIST)?.shape).toBe('text');
    for (const name of CARRIED_LISTS) expect(FIELDS.find((f) => f.name === name)).toMatchObject({ shape: 'text', merge: 'open' });
    for (const f of FIELDS) {
      const into = f.shape === 'todo' ? f.recap.blockersInto : null;
      if (into !== null) expect(FIELDS.find((g) => g.name === into)?.shape).toBe('text');
    }
  });

  it('has the carried counts of exactly the carried lists in the schema', () => {
    const carried = { from: '20261201-101400-aaaa', ...Object.fromEntries(CARRIED_LISTS.map((l) => [l, 1])) };
    expect(recordSchema.safeParse({ ...record(), carried }).success).toBe(true);
    expect(recordSchema.safeParse({ ...record(), carried: { ...carried, [CARRIED_LISTS[0]!]: undefined } }).success).toBe(false);
    expect(JSON.parse(serializeRecord({ ...record(), carried } as CheckpointRecord)).carried).toEqual(carried);
  });
});

describe('SESSION_RECAP/1 line kinds', () => {
  it('refuses a kind named like a property of every object', () => {
    for (const kind of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const doc = ['SESSION_RECAP/1', 'BRANCH|main', `${kind}|x`, 'RESUME_NEXT|a', 'RESUME_HUMAN|b'].join('\n');
      expect(() => parseRecap(doc)).toThrow(`line 3: unknown line kind '${kind}'`);
    }
  });

  it('writes nothing for an empty record but its own lines', () => {
    const kinds = renderRecap(record()).trimEnd().split('\n').map((l) => l.split('|')[0]);
    expect(kinds).toEqual(['SESSION_RECAP/1', 'DATE', 'BRANCH', 'TASK', 'RESUME_NEXT', 'RESUME_HUMAN']);
  });
});
