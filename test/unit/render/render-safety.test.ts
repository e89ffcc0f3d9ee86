/**
 * SPEC §2/§9: nothing prints a raw control character that came from stored
 * data. Properties over arbitrary strings in every field, for every renderer
 * and every message path: markdown, the list table, JSON output, errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckpointSummary } from '../../../src/checkpoint/listing/types.js';
import { resolveCheckpoint } from '../../../src/checkpoint/listing/resolve.js';
import { emptyContent, type CheckpointRecord } from '../../../src/checkpoint/record/schema.js';
import { reportError } from '../../../src/exit-codes.js';
import { renderMarkdown } from '../../../src/checkpoint/record/md.js';
import { escapeJsonText } from '../../../src/text/sanitize.js';
import { renderList } from '../../../src/render/table.js';
import { makeMemCli } from '../../helpers/mem-cli.js';

/** Raw characters a terminal would act on; newline and tab (multi-line notes) are the only controls printed. */
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\p{Cf}\u2028\u2029]/u;

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('\x1b', '[', ']', '\x07', '\x9b', '\x9d', '\x00', '\x7f', '\r', '\n', '\t', '\u202e', '\u2066', '\u200b', '\ufeff', '\u{e0041}', '\ud800', 'a', ' ', '\\', '|', '—'), maxLength: 30 }),
);

function record(s: string): CheckpointRecord {
  return {
    schema: 'git-checkpoint/v1', id: '20240501-120000-ab12', createdAt: '2024-05-01T12:00:00Z', writer: 'alice-x1y2z3',
    author: { name: s, email: s }, parents: [], redactions: { [s]: 1 }, ...emptyContent(),
    task: { title: s, status: 'in_progress' }, label: null, notes: s,
    decisions: [{ what: s, why: s, by: s }], rejected: [{ what: s, why: s }], nextSteps: [s, s], blockers: [s], questions: [s],
    learnings: [s], constraints: [s], assumptions: [s], todos: [{ text: s, status: 'pending' }], files: [{ path: s, why: s }],
    quotes: [{ text: s, by: s, verbatim: false }], links: [s],
    git: {
      branch: s, head: 'a'.repeat(40), upstream: s, ahead: 1, behind: 2, commits: [{ oid: 'b'.repeat(40), subject: s }],
      worktree: { collected: true, total: 1, truncated: false, files: [{ path: `x${s}`, status: '??', staged: false, oid: null }] },
      wip: { tree: 'c'.repeat(40), excluded: [{ path: `y${s}`, reason: s }] }, notCollected: [{ section: s, reason: s }],
    },
  };
}

const summary = (s: string): CheckpointSummary => ({
  id: '20240501-120000-ab12', createdAt: '2024-05-01T12:00:00Z', branch: s, writer: s, label: s, title: s,
  status: 'blocked', commit: 'd'.repeat(40), head: null, remote: s, time: Date.parse('2024-05-01T12:00:00Z'), checked: true,
});

describe('rendering stored strings', () => {
  it('markdown never emits a raw control character, whatever every field holds', () => {
    fc.assert(fc.property(anyText, (s) => {
      expect(renderMarkdown(record(s), { remote: s })).not.toMatch(RAW);
    }), { numRuns: 500 });
  });

  it('the list table never does either', () => {
    fc.assert(fc.property(anyText, anyText, (a, b) => {
      expect(renderList([summary(a), summary(b)], { total: 2 })).not.toMatch(RAW);
      expect(renderList([summary(a), summary(b)], { total: 2 })).not.toContain('\t');
    }), { numRuns: 500 });
  });

  it('JSON output escapes everything unsafe and still decodes to the same value', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const text = escapeJsonText(JSON.stringify(record(s), null, 2));
        expect(text).not.toMatch(RAW);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(record(s))));
      }),
      { numRuns: 500 },
    );
  });

  it('error messages quoting stored titles (ambiguous candidates) print nothing raw', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const listing = { checkpoints: [{ ...summary(s), id: '20240501-120000-aaaa' }, { ...summary(s), id: '20240501-120000-bbbb', commit: 'e'.repeat(40) }], invalid: [], localWriters: new Set<string>(), warnings: [], hasFetched: false };
        let err: unknown;
        try {
          resolveCheckpoint(listing, '20240501', null);
        } catch (e) {
          err = e;
        }
        const report = reportError(err, 'show');
        expect(report.stderr).toContain('is ambiguous');
        expect(report.stderr).not.toMatch(RAW);
        expect(reportError(new Error(s), null).stderr).not.toMatch(RAW);
      }),
      { numRuns: 500 },
    );
  });
});

describe('commands that print JSON', () => {
  it('resume and status --format json escape a stored title like show does', async () => {
    const m = await makeMemCli();
    expect((await m.cli(['save', '-m', 'csi \x9b2J and \u202e flip'])).code).toBe(0);
    for (const args of [['resume', '--format', 'json'], ['status', '--format', 'json'], ['show', '--format', 'json'], ['resume', '--json']]) {
      const res = await m.cli(args);
      expect(res.stdout, args.join(' ')).not.toMatch(RAW);
      expect(res.stdout, args.join(' ')).toContain('\\u009b2J');
      const doc = JSON.parse(res.stdout);
      expect(doc.task?.title ?? doc.checkpoint.task.title).toBe('csi \x9b2J and \u202e flip');
    }
  });
});
