import { describe, expect, it } from 'vitest';
import { emptyContent, SCHEMA_ID, type CheckpointContent, type CheckpointRecord } from '../../../../src/checkpoint/record/schema.js';
import { planSynthesis, type SynthesisInput } from '../../../../src/checkpoint/planners/synthesize.js';
import { makeMemCli } from '../../../helpers/mem-cli.js';

function record(id: string, minute: number, writer: string, content: Partial<CheckpointContent>, parents: string[] = []): CheckpointRecord {
  return {
    schema: SCHEMA_ID, id, createdAt: `2026-11-29T10:${String(minute).padStart(2, '0')}:00.000Z`, writer,
    author: { name: 'Ada', email: 'ada@example.com' }, ...emptyContent(), ...content, parents,
    git: {
      branch: 'main', head: null, upstream: null, ahead: 0, behind: 0, commits: [],
      worktree: { collected: true, total: 0, truncated: false, files: [] }, wip: null, notCollected: [],
    },
    redactions: {},
  };
}

const input = (r: CheckpointRecord, ancestors: string[] = []): SynthesisInput => ({ record: r, commit: `${r.id.slice(-4)}c`.padEnd(40, '0'), ancestors: new Set(ancestors) });

// A → B on one line of work (B descends from A), C on another writer's chain.
const A = record('20261129-100100-aaaa', 1, 'ada-aaaaaa', {
  task: { title: 'Uploader retries', status: 'in_progress' },
  decisions: [{ what: 'retry: fixed 1 s sleep', why: 'simplest' }, { what: 'keep the v1 API', why: 'clients pin it' }],
  questions: ['which region hosts staging?', 'do we need jitter?'],
  nextSteps: ['write the retry loop'],
  todos: [{ text: 'retry loop', status: 'in_progress' }, { text: 'docs', status: 'pending' }],
  files: [{ path: 'src/up.ts', why: 'retry loop' }],
  quotes: [{ text: 'Never retry POSTs.', by: 'user', verbatim: true }],
});
const B = record('20261129-100200-bbbb', 2, 'ada-aaaaaa', {
  task: { title: 'Uploader retries', status: 'in_progress' },
  decisions: [{ what: 'retry: exponential backoff', why: 'the 1 s sleep still tripped the limit' }],
  rejected: [{ what: 'retry: fixed 1 s sleep', why: 'tripped the rate limit' }],
  questions: ['do we need jitter?'],
  nextSteps: ['run npm test -- uploader'],
  todos: [{ text: 'retry loop', status: 'completed' }, { text: 'docs', status: 'pending' }],
  files: [{ path: 'src/up.ts' }, { path: 'test/up.test.ts', why: 'new test' }],
  quotes: [{ text: 'Never retry POSTs.', by: 'user', verbatim: true }],
}, ['20261129-100100-aaaa']);
// B closed two of A's items explicitly (save --done).
B.done = ['which region hosts staging?', 'write the retry loop'];
const C = record('20261129-100300-cccc', 3, 'bob-bbbbbb', {
  task: { title: 'Uploader: region config', status: 'blocked' },
  decisions: [{ what: 'read the region from env', why: 'ops asked' }],
  blockers: ['staging credentials'],
  questions: ['which region hosts staging?'],
  learnings: ['the API caps at 10 requests/s'],
});

describe('planSynthesis', () => {
  it('merges three checkpoints: superseded decision marked, answered question dropped, dead ends kept', () => {
    const plan = planSynthesis([input(C), input(A), input(B, [A.id])], { label: 'merged' });
    const c = plan.content;
    expect(c.task).toEqual({ title: 'Uploader: region config', status: 'blocked' });
    expect(c.decisions).toEqual([
      { what: '[superseded] retry: fixed 1 s sleep', why: 'simplest (superseded by "retry: exponential backoff" in 20261129-100200-bbbb)' },
      { what: 'keep the v1 API', why: 'clients pin it' },
      { what: 'retry: exponential backoff', why: 'the 1 s sleep still tripped the limit' },
      { what: 'read the region from env', why: 'ops asked' },
    ]);
    expect(c.rejected).toEqual([{ what: 'retry: fixed 1 s sleep', why: 'tripped the rate limit' }]);
    // "which region" was answered on A's line (B no longer lists it) but C, independent, still asks it.
    expect(c.questions).toEqual(['which region hosts staging?', 'do we need jitter?']);
    expect(c.nextSteps).toEqual(['run npm test -- uploader']);
    expect(c.todos).toEqual([{ text: 'docs', status: 'pending' }]);
    expect(c.blockers).toEqual(['staging credentials']);
    expect(c.files).toEqual([{ path: 'src/up.ts', why: 'retry loop' }, { path: 'test/up.test.ts', why: 'new test' }]);
    expect(c.quotes).toEqual([{ text: 'Never retry POSTs.', by: 'user', verbatim: true }]);
    expect(c.learnings).toEqual(['the API caps at 10 requests/s']);
    expect(c.label).toBe('merged');
    expect(c.notes).toContain('| 20261129-100100-aaaa | 2026-11-29T10:01:00.000Z | ada-aaaaaa | main | Uploader retries |');
    expect(c.notes).toContain('| 20261129-100300-cccc |');
    expect(plan.parents.map((p) => p.id)).toEqual([A.id, B.id, C.id]);
    expect(plan.stats).toEqual({ superseded: 1, contradictions: 0, closed: 2 });
  });

  it('drops a question closed with --done on the same line of work, and keeps one merely not repeated', () => {
    const plan = planSynthesis([input(A), input(B, [A.id])]);
    expect(plan.content.questions).toEqual(['do we need jitter?']);
    const quiet = { ...B, done: [] };
    expect(planSynthesis([input(A), input(quiet, [A.id])]).content.questions).toEqual(['do we need jitter?', 'which region hosts staging?']);
  });

  it('flags a decision that retries an earlier dead end as a contradiction', () => {
    const D = record('20261129-100400-dddd', 4, 'eve-eeeeee', { decisions: [{ what: 'retry: fixed 1 s sleep', why: 'cheap' }] });
    const plan = planSynthesis([input(B), input(D)]);
    expect(plan.content.questions).toContain(
      'contradiction: "retry: fixed 1 s sleep" was decided in 20261129-100400-dddd but rejected as a dead end in 20261129-100200-bbbb (tripped the rate limit)',
    );
    expect(plan.stats.contradictions).toBe(1);
  });

  it('is deterministic whatever the order of the inputs', () => {
    const one = planSynthesis([input(A), input(B, [A.id]), input(C)]);
    const two = planSynthesis([input(C), input(B, [A.id]), input(A)]);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  });
});

describe('git checkpoint synthesize', () => {
  it('saves one checkpoint whose lineage parents are the inputs', async () => {
    const m = await makeMemCli();
    const a = (await m.cli(['save', '-m', 'one', '--decision', 'db: sqlite :: simple', '--question', 'q1?'])).stdout.trim();
    const b = (await m.cli(['save', '-m', 'two', '--decision', 'db: postgres :: concurrency', '--question', 'q2?'])).stdout.trim();
    const x = (await m.cli(['save', '-m', 'noise'])).stdout.trim();
    const res = await m.cli(['synthesize', a, b, x, '--exclude', x, '--label', 'syn']);
    expect(res.code).toBe(0);
    const rec = JSON.parse((await m.cli(['show', 'syn', '--json'])).stdout);
    expect(rec.parents).toEqual([a, b]);
    expect(rec.decisions.map((d: { what: string }) => d.what)).toEqual(['[superseded] db: sqlite', 'db: postgres']);
    // q1? was never closed: "two" carried it forward, and synthesize keeps it open.
    expect(rec.questions).toEqual(['q2?', 'q1?']);
    expect(rec.notes).toContain(`Excluded: ${x}.`);
    expect((await m.cli(['synthesize', x, '--exclude', x])).code).toBe(129);
  });

  it("keeps another writer's input reachable: its commit becomes an extra parent", async () => {
    const m = await makeMemCli();
    const mine = (await m.cli(['save', '-m', 'mine'])).stdout.trim();
    const me = (await m.repo.getConfig('checkpoint.writer'))!;
    await m.repo.setConfig('checkpoint.writer', 'bob-b0b0b0');
    const theirs = (await m.cli(['save', '-m', 'theirs', '--no-parent'])).stdout.trim();
    const bobTip = (await m.repo.readRef('refs/checkpoints/bob-b0b0b0'))!;
    await m.repo.setConfig('checkpoint.writer', me);
    expect((await m.cli(['synthesize', mine, theirs])).code).toBe(0);
    const tip = (await m.repo.readRef(`refs/checkpoints/${me}`))!;
    const commit = (await m.repo.readCommit(tip))!;
    expect(commit.parents).toHaveLength(2);
    expect(commit.parents[1]).toBe(bobTip);
    const rec = JSON.parse((await m.cli(['show', '--json'])).stdout);
    expect(rec.parents).toEqual([mine, theirs]);
  });
});
