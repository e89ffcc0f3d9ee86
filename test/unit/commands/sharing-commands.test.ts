import { describe, expect, it } from 'vitest';
import { parseMessage, withSeq } from '../../../src/checkpoint/record/message.js';
import { makeMemCli } from '../../helpers/mem-cli.js';

const json = (s: string) => JSON.parse(s);

describe('prune and drop on memfs (isomorphic-git backend)', () => {
  it('prune --keep keeps ids, records and the newest checkpoints; --dry-run writes nothing', async () => {
    const m = await makeMemCli();
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++) ids.push((await m.cli(['save', '-m', `task ${i}`])).stdout.trim());
    const dry = await m.cli(['prune', '--keep', '2', '--dry-run', '--json']);
    expect(json(dry.stdout)).toMatchObject({ dryRun: true, kept: 2, dropped: [{ id: ids[0] }, { id: ids[1] }] });
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(4);

    const commits = json(dry.stdout).dropped.map((d: { commit: string }) => d.commit);
    const oldTip = await m.repo.readRef(`refs/checkpoints/${json((await m.cli(['list', '--json'])).stdout).checkpoints[0].writer}`);
    const res = await m.cli(['prune', '--keep', '2']);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`dropped ${ids[0]} (was ${commits[0]})  task 1\ndropped ${ids[1]} (was ${commits[1]})  task 2\ndropped 2 checkpoints, kept 2\n`);
    expect(res.stderr).toContain(`hint: undo with: git update-ref refs/checkpoints/`);
    expect(res.stderr).toContain(` ${oldTip} (the chain before`);
    expect(res.stderr).toContain('hint: share the rewritten chain with: git checkpoint push\n');
    const listed = json((await m.cli(['list', '--json'])).stdout);
    expect(listed.checkpoints.map((c: { id: string }) => c.id)).toEqual([ids[3], ids[2]]);
    const rec = json((await m.cli(['show', ids[2]!, '--json'])).stdout);
    expect(rec).toMatchObject({ id: ids[2], task: { title: 'task 3' }, parents: [ids[1]] });
    expect((await m.cli(['doctor'])).stdout).toContain('notes: consistent with the chain');
  });

  it('drop removes exactly one; unknown ids fail with exit 1', async () => {
    const m = await makeMemCli();
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) ids.push((await m.cli(['save', '-m', `task ${i}`])).stdout.trim());
    expect((await m.cli(['drop', ids[1]!])).code).toBe(0);
    expect(json((await m.cli(['list', '--json'])).stdout).checkpoints.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[0]]);
    const missing = await m.cli(['drop', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no checkpoint matches 'nope'");
    expect((await m.cli(['drop'])).code).toBe(129);
  });

  it('prune needs a rule and valid values', async () => {
    const m = await makeMemCli();
    expect((await m.cli(['prune'])).stderr).toContain("prune needs '--older-than <duration>' and/or '--keep <n>'");
    expect((await m.cli(['prune', '--keep', 'x'])).code).toBe(129);
    expect((await m.cli(['prune', '--older-than', 'soon'])).code).toBe(129);
  });
});

describe('push and fetch on memfs', () => {
  it('a missing remote is exit 1 with a hint', async () => {
    const m = await makeMemCli();
    const res = await m.cli(['fetch', 'nowhere']);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe("error: no such remote 'nowhere'\nhint: add it with: git remote add nowhere <url>, or choose one with: git config checkpoint.remote <name>\n");
    expect((await m.cli(['push'])).stderr).toContain("no such remote 'origin'");
  });

  it('picks checkpoint.remote first, then the branch remote, and refuses transport without git (exit 128)', async () => {
    const m = await makeMemCli({
      config: {
        'user.name': 'Ada', 'user.email': 'ada@example.com', 'remote.team.url': 'https://example.invalid/t.git',
        'remote.up.url': 'https://example.invalid/u.git', 'branch.main.remote': 'up',
      },
    });
    const viaBranch = await m.cli(['fetch']);
    expect(viaBranch.code).toBe(128);
    expect(viaBranch.stderr).toContain("fatal: cannot fetch 'up' with the isomorphic-git backend");
    await m.repo.setConfig('checkpoint.remote', 'team');
    await m.cli(['save', '-m', 'x']);
    expect((await m.cli(['push'])).stderr).toContain("fatal: cannot push 'team' with the isomorphic-git backend");
  });
});

describe('Checkpoint-Seq: the position on the chain, so fetch can count without a walk', () => {
  const seqs = async (m: Awaited<ReturnType<typeof makeMemCli>>) => {
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    const tip = (await m.repo.readRef(`refs/checkpoints/${writer}`))!;
    const chain = await m.repo.walkCommits([tip], { firstParent: true });
    return chain.map((c) => parseMessage(c.message).seq).reverse();
  };

  it('save numbers 1, 2, 3; drop and prune renumber what they rewrite', async () => {
    const m = await makeMemCli();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await m.cli(['save', '-m', `task ${i}`])).stdout.trim());
    expect(await seqs(m)).toEqual([1, 2, 3, 4, 5]);
    expect((await m.cli(['drop', ids[1]!])).code).toBe(0);
    expect(await seqs(m)).toEqual([1, 2, 3, 4]);
    expect((await m.cli(['prune', '--keep', '2'])).code).toBe(0);
    expect(await seqs(m)).toEqual([1, 2]);
    expect((await m.cli(['save', '-m', 'task 6'])).code).toBe(0);
    expect(await seqs(m)).toEqual([1, 2, 3]);
    // Ids and records are untouched by the renumbering.
    expect(json((await m.cli(['list', '--json'])).stdout).checkpoints.map((c: { title: string }) => c.title)).toEqual(['task 6', 'task 5', 'task 4']);
  });

  it('a save on a chain written without the trailer counts the chain once', async () => {
    const m = await makeMemCli();
    for (let i = 1; i <= 3; i++) await m.cli(['save', '-m', `task ${i}`]);
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    const ref = `refs/checkpoints/${writer}`;
    // Rewrite the chain as an older writer would have left it: no Checkpoint-Seq lines.
    let prev: string | null = null;
    for (const c of (await m.repo.walkCommits([(await m.repo.readRef(ref))!], { firstParent: true })).reverse()) {
      const message = c.message.replace(/^Checkpoint-Seq: .*\n/m, '');
      prev = await m.repo.writeCommit({ tree: c.tree, parents: prev ? [prev] : [], author: c.author, committer: c.committer, message });
    }
    expect(await m.repo.updateRef(ref, prev!, await m.repo.readRef(ref), 'test: legacy chain')).toBe(true);
    expect(await seqs(m)).toEqual([null, null, null]);
    await m.cli(['save', '-m', 'task 4']);
    await m.cli(['save', '-m', 'task 5']);
    expect(await seqs(m)).toEqual([null, null, null, 4, 5]);
  });

  it('reads only plain positive numbers', () => {
    const seq = (v: string) => parseMessage(`checkpoint: t\n\nCheckpoint-Id: x\nCheckpoint-Seq: ${v}\n`).seq;
    expect(seq('1')).toBe(1);
    expect(seq('5000')).toBe(5000);
    for (const bad of ['0', '-1', '007', '1e3', '1.5', ' 2', '9'.repeat(16), '']) expect(seq(bad)).toBeNull();
    expect(withSeq('checkpoint: t\n\nCheckpoint-Id: x\nCheckpoint-Seq: 9\n', 2)).toBe('checkpoint: t\n\nCheckpoint-Id: x\nCheckpoint-Seq: 2\n');
    expect(withSeq('checkpoint: t\n\nCheckpoint-Id: x\n', 3)).toBe('checkpoint: t\n\nCheckpoint-Id: x\nCheckpoint-Seq: 3\n');
    const twice = withSeq('checkpoint: t\n\nCheckpoint-Seq: 7\nCheckpoint-Id: x\nCheckpoint-Seq: 8', 4);
    expect(twice).toBe('checkpoint: t\n\nCheckpoint-Id: x\nCheckpoint-Seq: 4\n');
    expect(parseMessage(twice).seq).toBe(4);
  });
});

describe('the fetch report line', () => {
  const arrived = (n: number) => Array.from({ length: n }, (_, i) => ({ writer: `w${String(i).padStart(4, '0')}-aaaaaa`, count: n - i }));
  it('names every writer while there are a few', async () => {
    const { renderFetch } = await import('../../../src/commands/fetch.js');
    expect(renderFetch({ remote: 'origin', arrived: arrived(2), rewritten: [], failed: [] }, 3))
      .toBe('fetched 3 new checkpoints from origin: 2 from w0000-aaaaaa, 1 from w0001-aaaaaa\n');
    expect(renderFetch({ remote: 'origin', arrived: arrived(6), rewritten: [], failed: [] }, 21).split(', ')).toHaveLength(6);
  });
  it('names the five that brought most and counts the rest: one short line for 1,000 writers', async () => {
    const { renderFetch } = await import('../../../src/commands/fetch.js');
    const out = renderFetch({ remote: 'origin', arrived: arrived(1000), rewritten: [], failed: [] }, 500_500);
    expect(out).toBe('fetched 500500 new checkpoints from origin: 1000 from w0000-aaaaaa, 999 from w0001-aaaaaa, 998 from w0002-aaaaaa, '
      + '997 from w0003-aaaaaa, 996 from w0004-aaaaaa, and 495510 from 995 more writers\n');
    const rewritten = arrived(30).map((a) => a.writer);
    const lines = renderFetch({ remote: 'origin', arrived: [], rewritten, failed: [] }, 0).trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines.at(-1)).toBe('and 20 more writers rewrote their chain on origin; your copies follow');
  });
});
