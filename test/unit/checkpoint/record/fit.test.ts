import { describe, expect, it } from 'vitest';
import { fitRecord } from '../../../../src/checkpoint/record/fit.js';
import { emptyContent, MAX_RECORD_BYTES, parseRecord, SCHEMA_ID, serializeRecord, type CheckpointRecord } from '../../../../src/checkpoint/record/schema.js';

function bigRecord(n: number): CheckpointRecord {
  const files = Array.from({ length: n }, (_, i) => ({ path: `generated/dir-${i % 50}/file-${String(i).padStart(5, '0')}.txt`, status: '??', staged: false, oid: 'a'.repeat(40) }));
  return {
    schema: SCHEMA_ID, id: '20261129-100000-abcd', createdAt: '2026-11-29T10:00:00Z', writer: 'ada-abc123',
    author: { name: 'Ada', email: 'ada@example.com' }, parents: [], ...emptyContent(),
    git: {
      branch: 'main', head: null, upstream: null, ahead: 0, behind: 0, commits: [],
      worktree: { collected: true, total: n + 5, truncated: true, files }, wip: { tree: 'b'.repeat(40), excluded: [] }, notCollected: [],
    },
    redactions: {},
  };
}

describe('fitRecord', () => {
  it('leaves a record that fits alone', () => {
    const small = bigRecord(10);
    expect(fitRecord(small)).toBe(small);
  });

  it('cuts the listed paths of 10,000 to what a reader accepts, keeping the total', () => {
    const fitted = fitRecord(bigRecord(10_000));
    const bytes = Buffer.byteLength(serializeRecord(fitted));
    expect(bytes).toBeLessThanOrEqual(MAX_RECORD_BYTES);
    expect(fitted.git.worktree).toMatchObject({ total: 10_005, truncated: true });
    expect(fitted.git.worktree.files.length).toBeGreaterThan(5000);
    // As many as fit: one more would not.
    const oneMore = { ...fitted, git: { ...fitted.git, worktree: { ...fitted.git.worktree, files: bigRecord(10_000).git.worktree.files.slice(0, fitted.git.worktree.files.length + 1) } } };
    expect(Buffer.byteLength(serializeRecord(oneMore))).toBeGreaterThan(MAX_RECORD_BYTES);
    expect(parseRecord(serializeRecord(fitted)).ok).toBe(true);
  });
});
