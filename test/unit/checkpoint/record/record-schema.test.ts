/**
 * parseRecord checks the working-tree file list by hand when every entry is
 * valid: what it returns, and what it refuses, must be zod's answer.
 */
import { describe, expect, it } from 'vitest';
import { emptyContent, parseRecord, recordSchema, safeParseRecord } from '../../../../src/checkpoint/record/schema.js';

const OID = 'a'.repeat(40);

function record(files: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schema: 'git-checkpoint/v1',
    id: '20261201-101500-ab12',
    createdAt: '2026-12-01T10:15:00Z',
    writer: 'ada-1234',
    author: { name: 'Ada', email: 'ada@example.com' },
    ...emptyContent(),
    task: { title: 'a task', status: 'in_progress' },
    parents: [],
    git: {
      branch: 'main', head: OID, upstream: null, ahead: 0, behind: 0, commits: [],
      worktree: { collected: true, total: files.length, truncated: false, files },
      wip: null, notCollected: [],
    },
    redactions: {},
    ...extra,
  };
}

const valid = [
  { path: 'src/a.ts', status: '.M', staged: false, oid: OID },
  { path: 'new file.txt', status: '??', staged: false, oid: null, extraKey: 'dropped as zod drops it' },
  { path: 'secret.env', status: 'A.', staged: true, oid: null, withheld: 'looks like a secret' },
  { path: 'ü/ß.md', status: 'D.', staged: true, oid: 'b'.repeat(64) },
];

const invalid: unknown[] = [
  null, 'src/a.ts', [], { path: '', status: '.M', staged: false, oid: OID },
  { path: '../out', status: '.M', staged: false, oid: OID },
  { path: '/etc/passwd', status: '.M', staged: false, oid: OID },
  { path: '.git/config', status: '.M', staged: false, oid: OID },
  { path: 'a', status: 'M', staged: false, oid: OID },
  { path: 'a', status: 'XY', staged: false, oid: OID },
  { path: 'a', status: '.M', staged: 'no', oid: OID },
  { path: 'a', status: '.M', staged: false, oid: 'A'.repeat(40) },
  { path: 'a', status: '.M', staged: false },
  { path: 'a', status: '.M', staged: false, oid: null, withheld: 7 },
  { path: 'a', status: '.M', staged: false, oid: null, withheld: 'x'.repeat(64 * 1024 + 1) },
  { path: 'a'.repeat(4097), status: '.M', staged: false, oid: OID },
];

describe('the record check', () => {
  it('gives back what zod gives back for valid file lists, key order included', () => {
    for (const files of [[], valid, Array.from({ length: 2000 }, (_, i) => ({ ...valid[i % valid.length]!, path: `d${i}/f` }))]) {
      const data = record(files);
      const mine = safeParseRecord(structuredClone(data));
      const zods = recordSchema.safeParse(structuredClone(data));
      expect(mine.success).toBe(true);
      expect(JSON.stringify(mine.data)).toBe(JSON.stringify(zods.data));
      expect(parseRecord(JSON.stringify(data))).toEqual({ ok: true, value: zods.data });
    }
  });

  it("refuses every invalid entry with zod's wording", () => {
    for (const bad of invalid) {
      const data = record([valid[0], bad]);
      const mine = parseRecord(JSON.stringify(data));
      const zods = recordSchema.safeParse(structuredClone(data));
      expect(zods.success, JSON.stringify(bad).slice(0, 80)).toBe(false);
      expect(mine.ok).toBe(false);
      if (!mine.ok) expect(mine.error).toMatch(/git\.worktree\.files\.1/);
    }
    const tooMany = record(Array.from({ length: 10_001 }, (_, i) => ({ ...valid[0]!, path: `f${i}` })));
    expect(safeParseRecord(tooMany).success).toBe(false);
  });

  it('still checks the rest of the record when the files are valid', () => {
    expect(safeParseRecord(record(valid, { writer: 'UPPER' })).success).toBe(false);
    expect(safeParseRecord({ ...record(valid), git: { ...(record(valid).git as object), worktree: { collected: true, total: 1, files: valid } } }).success).toBe(false);
    expect(safeParseRecord(null).success).toBe(false);
  });
});
