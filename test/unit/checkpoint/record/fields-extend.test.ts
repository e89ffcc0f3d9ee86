/**
 * Adding a field is adding a row to the field table: with one more row of
 * each list shape in a copy of the table, the schema, checkpoint.json, both
 * formats and their parsers, `save --input`, redaction and `synthesize` all
 * carry the new fields, with no other change.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FieldSpec } from '../../../../src/checkpoint/record/fields.js';
import {
  contentKeys, emptyContent, parseRecord, SCHEMA_ID, serializeRecord, type CheckpointContent, type CheckpointRecord,
} from '../../../../src/checkpoint/record/schema.js';
import { renderMarkdown } from '../../../../src/checkpoint/record/md.js';
import { parseMarkdown } from '../../../../src/checkpoint/record/parse-md.js';
import { renderRecap } from '../../../../src/checkpoint/record/recap.js';
import { parseRecap } from '../../../../src/checkpoint/record/parse-recap.js';
import { parseInputDocument } from '../../../../src/checkpoint/record/input.js';
import { redactRecordText } from '../../../../src/checkpoint/secrets/redact.js';
import { planSynthesis } from '../../../../src/checkpoint/planners/synthesize.js';

const EXTRA = vi.hoisted((): readonly FieldSpec[] => [
  { name: 'risks', shape: 'text', md: { heading: 'Risks', at: 95 }, recap: { kind: 'RISK', at: 135 }, redact: 'text', merge: 'union' },
  {
    name: 'tradeoffs', shape: 'pair', md: { heading: 'Trade-offs', aliases: ['tradeoffs'], at: 45 }, recap: { kind: 'TRADEOFF', at: 75 },
    redact: 'text', merge: 'union',
  },
  { name: 'reviews', shape: 'attributed', md: { heading: 'Reviews', at: 35 }, recap: { kind: 'REVIEW', at: 65 }, redact: 'text', merge: 'union' },
  {
    name: 'checks', shape: 'todo', md: { heading: 'Checks', at: 105 },
    recap: { kind: 'CHECK', doneKind: 'CHECKED', at: 85, blockersInto: 'risks' }, redact: 'text', merge: 'open',
  },
  { name: 'sources', shape: 'file', md: { heading: 'Sources', at: 115 }, recap: { kind: 'SOURCE', at: 155 }, redact: 'text', merge: 'union' },
  { name: 'sayings', shape: 'quote', md: { heading: 'Sayings', at: 155 }, recap: { kind: 'SAYING', at: 165 }, redact: 'text', merge: 'union' },
]);

vi.mock('../../../../src/checkpoint/record/fields.js', async (importOriginal) => {
  const table = await importOriginal<typeof import('../../../../src/checkpoint/record/fields.js')>();
  return { ...table, FIELDS: [...table.FIELDS, ...EXTRA] };
});

// A random-looking key: AWS's documented example key (AKIAIOSFODNN7EXAMPLE) is a placeholder to the redactor.
const SECRET = 'AKIA2E0A8F3B244C9986';
const added: Record<string, unknown> = {
  risks: ['the cache | may go stale', 'two — dashes'],
  tradeoffs: [{ what: 'speed', why: 'memory :: cost' }],
  reviews: [{ what: 'looks fine', why: 'tests pass', by: 'bob' }, { what: 'nit', why: '' }],
  checks: [{ text: 'lint', status: 'completed' }, { text: 'bench', status: 'in_progress' }, { text: 'docs', status: 'pending' }],
  sources: [{ path: 'docs/a.md', why: 'the spec' }, { path: 'b `c`.md' }],
  sayings: [{ text: 'ship it', by: 'ada', verbatim: true }, { text: 'roughly so', by: 'bob', verbatim: false }],
};

function makeRecord(content: Record<string, unknown>, at = '2026-12-01T10:15:00Z', id = '20261201-101500-ab12'): CheckpointRecord {
  return {
    schema: SCHEMA_ID, id, createdAt: at, writer: 'ada-1234', author: { name: 'Ada', email: 'ada@example.com' },
    ...emptyContent(), task: { title: 'extend the record', status: 'in_progress' }, nextSteps: ['npm test'], ...content, parents: [],
    git: {
      branch: 'main', head: null, upstream: null, ahead: 0, behind: 0, commits: [],
      worktree: { collected: true, total: 0, truncated: false, files: [] }, wip: null, notCollected: [],
    },
    redactions: {},
  } as CheckpointRecord;
}

const contentOf = (c: object) => Object.fromEntries(contentKeys.map((k) => [k, (c as Record<string, unknown>)[k]]));
const names = EXTRA.map((f) => f.name);

describe('a field added to the table', () => {
  it('is part of the content and of the schema, stored after the other fields', () => {
    expect(contentKeys).toEqual(expect.arrayContaining(names));
    for (const name of names) expect((emptyContent() as Record<string, unknown>)[name]).toEqual([]);
    const text = serializeRecord(makeRecord(added));
    const keys = Object.keys(JSON.parse(text) as object);
    expect(keys.slice(keys.indexOf('notes') + 1, keys.indexOf('git'))).toEqual(names);
    const read = parseRecord(text);
    expect(read.ok && serializeRecord(read.value)).toBe(text);
    const { risks: _dropped, ...without } = JSON.parse(text) as Record<string, unknown>;
    expect(parseRecord(JSON.stringify(without))).toMatchObject({ ok: false, error: expect.stringContaining('risks') });
  });

  it('gets its markdown section in its place and reads back exactly', () => {
    const record = makeRecord(added);
    const md = renderMarkdown(record);
    const headings = md.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## Task', '## Next', '## Reviews', '## Trade-offs', '## Risks', '## Checks', '## Sources', '## Sayings']);
    expect(md).toContain('- [x] lint\n- [~] bench\n- [ ] docs');
    const parsed = parseMarkdown(md);
    expect(parsed.ok && contentOf(parsed.content)).toEqual(contentOf(record));
  });

  it('gets its recap lines in their place and reads back exactly', () => {
    const record = makeRecord(added);
    const recap = renderRecap(record);
    const kinds = recap.trimEnd().split('\n').map((l) => l.split('|')[0]);
    expect(kinds).toEqual([
      'SESSION_RECAP/1', 'DATE', 'BRANCH', 'TASK', 'REVIEW', 'REVIEW', 'TRADEOFF', 'CHECKED', 'CHECK', 'CHECK',
      'RISK', 'RISK', 'SOURCE', 'SOURCE', 'SAYING', 'SAYING', 'RESUME_NEXT', 'RESUME_HUMAN',
    ]);
    expect(recap).toContain('RISK|the cache \\| may go stale\n');
    expect(contentOf(parseRecap(recap))).toEqual(contentOf(record));
    // A CHECK line's blocker goes where the table says.
    const doc = ['SESSION_RECAP/1', 'BRANCH|main', 'CHECK|bench|the lab is down', 'RESUME_NEXT|a', 'RESUME_HUMAN|b'].join('\n');
    expect(parseRecap(doc)).toMatchObject({ checks: [{ text: 'bench', status: 'pending' }], risks: ['the lab is down'] });
  });

  it('is accepted in a JSON document and named among the allowed fields', () => {
    const doc = new TextEncoder().encode(JSON.stringify({ task: 't', ...added }));
    expect(parseInputDocument(doc)).toEqual({ task: { title: 't', status: 'in_progress' }, ...added });
    expect(() => parseInputDocument(new TextEncoder().encode('{"risk":[]}'))).toThrow(/unknown field 'risk' \(allowed: .*risks, tradeoffs, reviews, checks, sources, sayings, label/);
    expect(() => parseInputDocument(new TextEncoder().encode('{"checks":[{"text":"a","status":"nope"}]}'))).toThrow(/checks\.0\.status/);
  });

  it('is redacted', () => {
    const withSecret: Record<string, unknown> = {
      risks: [`key ${SECRET}`], tradeoffs: [{ what: SECRET, why: SECRET }], reviews: [{ what: 'a', why: 'b', by: SECRET }],
      checks: [{ text: SECRET, status: 'pending' }], sources: [{ path: SECRET, why: SECRET }], sayings: [{ text: SECRET, by: SECRET, verbatim: true }],
    };
    const record = makeRecord(withSecret);
    const { content, counts } = redactRecordText(contentOf(record) as CheckpointContent, record.git);
    expect(JSON.stringify(content)).not.toContain(SECRET);
    expect(counts).toEqual({ 'aws-key': 9 });
    expect((content as Record<string, unknown>).checks).toEqual([{ text: '[REDACTED:aws-key]', status: 'pending' }]);
  });

  it('is merged by synthesize with the rule the table names', () => {
    const a = makeRecord({ ...added }, '2026-12-01T10:00:00Z', '20261201-100000-aaaa');
    const b = makeRecord({
      risks: ['The cache may go stale', 'a new risk'], tradeoffs: [{ what: 'Speed', why: 'latency' }],
      reviews: [{ what: 'looks fine', why: '', by: 'carol' }], checks: [{ text: 'bench', status: 'completed' }],
      sources: [{ path: 'docs/a.md' }, { path: 'docs/c.md', why: 'new' }], sayings: [{ text: 'ship it', by: 'ada', verbatim: true }],
    }, '2026-12-01T11:00:00Z', '20261201-110000-bbbb');
    const c = planSynthesis([{ record: b, commit: 'b'.repeat(40), ancestors: new Set([a.id]) }, { record: a, commit: 'a'.repeat(40), ancestors: new Set() }])
      .content as unknown as Record<string, unknown>;
    expect(c.risks).toEqual(['the cache | may go stale', 'two — dashes', 'The cache may go stale', 'a new risk']);
    expect(c.tradeoffs).toEqual([{ what: 'speed', why: 'latency' }]);
    expect(c.reviews).toEqual([{ what: 'looks fine', why: 'tests pass', by: 'carol' }, { what: 'nit', why: '' }]);
    expect(c.checks).toEqual([{ text: 'docs', status: 'pending' }]);
    expect(c.sources).toEqual([{ path: 'docs/a.md', why: 'the spec' }, { path: 'b `c`.md' }, { path: 'docs/c.md', why: 'new' }]);
    expect(c.sayings).toEqual(added.sayings);
  });
});
