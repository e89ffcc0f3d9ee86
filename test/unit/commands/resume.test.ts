import { describe, expect, it } from 'vitest';
import { planApply, type TreeChange } from '../../../src/checkpoint/planners/apply-plan.js';
import { makeMemCli } from '../../helpers/mem-cli.js';

const json = (s: string) => JSON.parse(s);

describe('resume / status / apply on memfs (isomorphic-git backend)', () => {
  it('reconciles, exits 3 on drift, and apply restores discarded work without staging it', async () => {
    const m = await makeMemCli({ files: { 'README.md': '# demo, edited\n', 'notes/todo.md': '- [ ] ship\n' } });
    const id = (await m.cli(['save', '-m', 'session'])).stdout.trim();
    const clean = await m.cli(['resume', '--json']);
    expect(clean.code).toBe(0);
    expect(json(clean.stdout).reconcile).toMatchObject({ branch: { verdict: 'match' }, head: { verdict: 'same' }, drift: false });

    await m.writeFile('README.md', '# demo, edited twice\n');
    const drift = await m.cli(['status']);
    expect(drift.code).toBe(3);
    expect(drift.stdout).toContain('changed (dirty in both, content differs):\n      README.md');

    await m.writeFile('README.md', '# demo\n');
    await m.fs.promises.unlink('/repo/notes/todo.md');
    const absent = json((await m.cli(['status', '--format', 'json'])).stdout).reconcile.worktree;
    const md = await m.cli(['status', '--format', 'md']);
    expect(md.stdout).toContain(`# Checkpoint ${id}`);
    expect(md.stdout).toContain('## Reconciliation');
    expect(absent).toMatchObject({ absent: ['README.md', 'notes/todo.md'], fixes: [`git checkpoint apply ${id}`] });

    const applied = await m.cli(['apply', id]);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('applied checkpoint');
    expect(String(await m.fs.promises.readFile('/repo/notes/todo.md', 'utf8'))).toBe('- [ ] ship\n');
    expect(String(await m.fs.promises.readFile('/repo/README.md', 'utf8'))).toBe('# demo, edited\n');
    expect((await m.repo.status()).entries).toEqual([{ path: 'README.md', xy: '.M' }, { path: 'notes/todo.md', xy: '??' }]);
    expect((await m.cli(['apply', id])).stdout).toContain('nothing to apply');
  });

  it('apply refuses every file, writing none, when one local change would be overwritten', async () => {
    const m = await makeMemCli({ files: { 'a.txt': 'checkpoint a\n', 'b.txt': 'checkpoint b\n' } });
    const id = (await m.cli(['save', '-m', 's'])).stdout.trim();
    await m.fs.promises.unlink('/repo/a.txt');
    await m.writeFile('b.txt', 'my b\n');
    const res = await m.cli(['apply', id]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('would be overwritten by apply:\n\tb.txt');
    expect(await m.fs.promises.readFile('/repo/a.txt').catch(() => null)).toBeNull();
    // With no name, apply takes latest: the same checkpoint, the same refusal.
    expect((await m.cli(['apply'])).stderr).toContain('would be overwritten by apply:\n\tb.txt');
  });

  it("continues the resumed checkpoint's lineage, across writers, with its commit as an extra parent", async () => {
    const m = await makeMemCli();
    await m.repo.setConfig('checkpoint.writer', 'bob-bbbbbb');
    const bobs = (await m.cli(['save', '-m', 'bob starts'])).stdout.trim();
    const bobCommit = await m.repo.readRef('refs/checkpoints/bob-bbbbbb');
    await m.repo.setConfig('checkpoint.writer', 'ada-aaaaaa');
    const adas = (await m.cli(['save', '-m', 'ada, unrelated', '--no-parent'])).stdout.trim();
    const adaTip = await m.repo.readRef('refs/checkpoints/ada-aaaaaa');
    expect((await m.cli(['resume', bobs])).code).toBe(0);
    const next = (await m.cli(['save', '-m', 'ada continues bob'])).stdout.trim();
    expect(json((await m.cli(['show', next, '--json'])).stdout).parents).toEqual([bobs]);
    const commit = await m.repo.readCommit((await m.repo.readRef('refs/checkpoints/ada-aaaaaa'))!);
    expect(commit?.parents).toEqual([adaTip, bobCommit]);

    const log = await m.cli(['log', next]);
    expect(log.stdout).toContain(`* ${next}  2026-11-29 10:00  main  ada-aaaaaa  ada continues bob\n* ${bobs}`);
    expect(log.stdout).not.toContain(adas);
    expect(json((await m.cli(['log', next, '--json'])).stdout).checkpoints.map((c: { id: string }) => c.id)).toEqual([next, bobs]);
  });

  it('diff needs the git binary on this backend and says so', async () => {
    const m = await makeMemCli({ files: { 'a.txt': 'x\n' } });
    await m.cli(['save', '-m', 's']);
    const res = await m.cli(['diff', 'latest']);
    expect(res.code).toBe(128);
    expect(res.stderr).toContain('fatal: the isomorphic-git backend cannot show diffs');
  });
});

describe('apply planning', () => {
  const change = (path: string, base: string | null, target: string | null): TreeChange => ({ path, base, target, targetMode: target ? '100644' : null });

  it('writes over the base or clean HEAD content, skips what is already there, and refuses local changes', () => {
    const plan = planApply(
      [change('same', 'b', 't'), change('base', 'b', 't'), change('head', 'b', 't'), change('mine', 'b', 't'), change('new', null, 't'),
        change('untracked', null, 't'), change('del', 'b', null), change('del-edited', 'b', null)],
      new Map([['same', 't'], ['base', 'b'], ['head', 'h'], ['mine', 'm'], ['new', null], ['untracked', 'u'], ['del', 'b'], ['del-edited', 'x']]),
      new Set(['mine', 'untracked', 'del-edited']),
      new Map([['head', 'h'], ['mine', 'h']]),
    );
    expect(plan).toEqual({
      write: ['base', 'head', 'new'], remove: ['del'], unchanged: ['same'], conflicts: ['mine', 'untracked', 'del-edited'], skipped: [],
    });
  });
});
