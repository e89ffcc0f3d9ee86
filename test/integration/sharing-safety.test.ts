/**
 * Nothing is lost when teammates share (SPEC §3, §9): fetches never touch
 * local chains, concurrent pushes all land, prune/drop rewrite only the own
 * chain and push with a lease, a malformed remote checkpoint is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { chainLength, cloneAs, makeTeam, saveMany, writerOf } from '../helpers/teammates.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const fileUrl = (bare: string) => `file://${bare}`;
const ids = async (dir: string, extra: string[] = []) =>
  JSON.parse((await sb.ckpt(dir, ['list', '--json', '-n', '0', ...extra])).stdout).checkpoints as { id: string; writer: string; remote: string | null }[];

async function ok(dir: string, args: string[]) {
  const res = await sb.ckpt(dir, args);
  if (res.code !== 0) throw new Error(`git checkpoint ${args.join(' ')} failed (${res.code}): ${res.stderr}`);
  return res;
}

describe('sharing keeps every checkpoint', () => {
  it("B's unpushed checkpoints survive git fetch --prune and checkpoint fetch in any order", async () => {
    const { a, b } = await makeTeam(sb, 'prune-safe', fileUrl);
    const mine = await saveMany(sb, b, 'bob local', 2);
    const writerB = writerOf(sb, b);
    const tipB = sb.git(b, 'rev-parse', `refs/checkpoints/${writerB}`);
    // As `install` would: plain `git fetch` brings checkpoints too.
    sb.git(b, 'config', '--add', 'remote.origin.fetch', '+refs/checkpoints/*:refs/checkpoints/remotes/origin/*');
    sb.git(b, 'config', '--add', 'remote.origin.fetch', '^refs/checkpoints/remotes/*');
    const steps: (() => Promise<unknown>)[] = [
      () => ok(b, ['fetch']),
      async () => sb.git(b, 'fetch', '--prune', '-q'),
      async () => saveMany(sb, a, 'ada', 1).then(() => ok(a, ['push'])),
      async () => sb.git(b, 'fetch', '--prune', '--force', '-q', 'origin'),
      () => ok(b, ['fetch', 'origin']),
      async () => sb.git(b, 'fetch', '--prune', '-q', 'origin', '+refs/checkpoints/*:refs/checkpoints/remotes/origin/*'),
      async () => saveMany(sb, a, 'ada', 1).then(() => ok(a, ['push'])),
      async () => sb.git(b, 'fetch', '--prune', '-q'),
      () => ok(b, ['fetch']),
    ];
    for (const step of steps) {
      await step();
      expect(sb.git(b, 'rev-parse', `refs/checkpoints/${writerB}`)).toBe(tipB);
      expect((await ids(b, ['--local'])).map((c) => c.id)).toEqual([...mine].reverse());
    }
    expect((await ids(b)).filter((c) => c.writer === writerOf(sb, a))).toHaveLength(2);
  });

  it('lists a checkpoint reached through two remotes once, attributed to a remote', async () => {
    const { bare, a, b } = await makeTeam(sb, 'two-remotes', fileUrl);
    await saveMany(sb, a, 'ada', 3);
    await ok(a, ['push']);
    sb.git(b, 'remote', 'add', 'backup', `file://${bare}`);
    await ok(b, ['fetch', 'origin']);
    const second = await ok(b, ['fetch', 'backup']);
    expect(second.stdout).toBe('no new checkpoints from backup\n');
    await saveMany(sb, b, 'bob', 1);
    const listed = await ids(b);
    expect(listed).toHaveLength(4);
    expect(new Set(listed.map((c) => c.id)).size).toBe(4);
    expect(listed.filter((c) => c.writer === writerOf(sb, b)).map((c) => c.remote)).toEqual([null]);
    for (const c of listed.filter((c) => c.writer === writerOf(sb, a))) expect(['origin', 'backup']).toContain(c.remote);
  });

  it('A and B pushing at the same moment for 16 rounds lose nothing', async () => {
    const { bare, a, b } = await makeTeam(sb, 'race', fileUrl);
    for (let round = 0; round < 16; round++) {
      await Promise.all([saveMany(sb, a, `ada ${round}`, 1), saveMany(sb, b, `bob ${round}`, 1)]);
      const [pa, pb] = await Promise.all([sb.ckpt(a, ['push']), sb.ckpt(b, ['push'])]);
      expect([pa.code, pa.stderr, pb.code, pb.stderr]).toEqual([0, '', 0, '']);
      expect(pa.stdout).toBe('pushed 1 new checkpoint to origin\n');
    }
    for (const dir of [a, b]) {
      const ref = `refs/checkpoints/${writerOf(sb, dir)}`;
      expect(chainLength(sb, dir, ref)).toBe(16);
      expect(chainLength(sb, bare, ref)).toBe(16);
      expect(sb.git(bare, 'rev-parse', ref)).toBe(sb.git(dir, 'rev-parse', ref));
    }
    await ok(a, ['fetch']);
    expect(await ids(a)).toHaveLength(32);
  });
});

describe('prune and drop rewrite the own chain only', () => {
  it("A prunes and pushes; B's copy follows and B's own chain is untouched", async () => {
    const { bare, a, b } = await makeTeam(sb, 'prune', fileUrl);
    const adaIds = await saveMany(sb, a, 'ada', 4);
    await ok(a, ['push']);
    await saveMany(sb, b, 'bob', 2);
    await ok(b, ['fetch']);
    const writerA = writerOf(sb, a);
    const writerB = writerOf(sb, b);
    const tipB = sb.git(b, 'rev-parse', `refs/checkpoints/${writerB}`);

    const dry = await ok(a, ['prune', '--keep', '1', '--dry-run']);
    expect(dry.stdout).toContain('would drop 3 checkpoints, kept 1');
    expect(chainLength(sb, a, `refs/checkpoints/${writerA}`)).toBe(4);
    const pruned = await ok(a, ['prune', '--keep', '1', '--older-than', '0s']);
    expect(pruned.stdout).toContain('dropped 3 checkpoints, kept 1');
    expect((await ids(a)).map((c) => c.id)).toEqual([adaIds[3]]);
    // Ids and records are kept, notes lose the dropped lines.
    expect(JSON.parse((await ok(a, ['show', adaIds[3]!, '--json'])).stdout).task.title).toBe('ada 4');
    const note = sb.git(a, 'notes', '--ref', `refs/notes/checkpoints/${writerA}`, 'show', 'HEAD');
    expect(note.trim().split('\n')).toEqual([`checkpoint ${adaIds[3]} on main: ada 4`]);
    expect((await ok(a, ['doctor'])).stdout).toContain('notes: consistent with the chain');

    const push = await ok(a, ['push']);
    expect(push.stdout).toContain('replaced your rewritten chain on origin');
    expect(chainLength(sb, bare, `refs/checkpoints/${writerA}`)).toBe(1);

    const fetch = await ok(b, ['fetch']);
    expect(fetch.stdout).toContain(`${writerA} rewrote its chain on origin`);
    expect(fetch.stdout).toContain('no new checkpoints from origin');
    expect(sb.git(b, 'rev-parse', `refs/checkpoints/remotes/origin/${writerA}`)).toBe(sb.git(a, 'rev-parse', `refs/checkpoints/${writerA}`));
    expect(sb.git(b, 'rev-parse', `refs/checkpoints/${writerB}`)).toBe(tipB);
    expect((await ids(b)).filter((c) => c.writer === writerA).map((c) => c.id)).toEqual([adaIds[3]]);
    sb.git(a, 'fsck', '--strict');
  });

  it('drop removes one own checkpoint, keeps the rest, and refuses a teammate\'s', async () => {
    const { bare, a, b } = await makeTeam(sb, 'drop', fileUrl);
    const adaIds = await saveMany(sb, a, 'ada', 3);
    await ok(a, ['push']);
    await ok(b, ['fetch']);
    const refused = await sb.ckpt(b, ['drop', adaIds[0]!]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('drop only removes your own checkpoints');

    const dropped = await ok(a, ['drop', adaIds[1]!]);
    expect(dropped.stdout).toContain(`dropped ${adaIds[1]}`);
    expect((await ids(a)).map((c) => c.id)).toEqual([adaIds[2], adaIds[0]]);
    const ref = `refs/checkpoints/${writerOf(sb, a)}`;
    // The checkpoint before the dropped one is reused as it was.
    expect(sb.git(a, 'rev-parse', `${ref}~1`)).toBe(sb.git(a, 'rev-parse', `refs/checkpoints/remotes/origin/${writerOf(sb, a)}~2`));
    expect(JSON.parse(sb.git(a, 'show', `${ref}:checkpoint.json`)).id).toBe(adaIds[2]);
    expect((await ok(a, ['push'])).stdout).toContain('replaced your rewritten chain');
    await ok(b, ['fetch']);
    expect((await ids(b)).map((c) => c.id)).toEqual([adaIds[2], adaIds[0]]);

    // Pruning everything deletes the chain here, and the next push deletes it there.
    expect((await ok(a, ['prune', '--keep', '0'])).stdout).toContain('dropped 2 checkpoints, kept 0');
    expect(sb.git(a, 'for-each-ref', ref)).toBe('');
    expect((await ok(a, ['push'])).stdout).toContain('replaced your rewritten chain');
    expect(sb.git(bare, 'for-each-ref', 'refs/checkpoints/')).toBe('');
    expect(sb.git(bare, 'for-each-ref', '--format=%(refname)', 'refs/notes/').trim()).toBe(`refs/notes/checkpoints/${writerOf(sb, a)}`);
  });

  it('a push that would overwrite checkpoints this clone never had is rejected, not forced', async () => {
    const { bare, a } = await makeTeam(sb, 'reject', fileUrl);
    await saveMany(sb, a, 'ada', 2);
    await ok(a, ['push']);
    const writerA = writerOf(sb, a);
    // Another clone wrongly sharing A's writer id pushes first.
    const twin = await cloneAs(sb, `file://${bare}`, 'reject-twin', 'ada@example.com');
    sb.git(twin, 'config', 'checkpoint.writer', writerA);
    await ok(twin, ['fetch']);
    sb.git(twin, 'update-ref', `refs/checkpoints/${writerA}`, `refs/checkpoints/remotes/origin/${writerA}`);
    sb.git(twin, 'fetch', '-q', 'origin', `refs/notes/checkpoints/${writerA}:refs/notes/checkpoints/${writerA}`);
    await saveMany(sb, twin, 'twin', 1);
    await ok(twin, ['push']);
    const remoteTip = sb.git(bare, 'rev-parse', `refs/checkpoints/${writerA}`);

    await ok(a, ['prune', '--keep', '1']);
    const push = await sb.ckpt(a, ['push']);
    expect(push.code).toBe(1);
    expect(push.stderr).toMatch(/^error: failed to push checkpoints to 'origin': refs\/checkpoints\/\S+ \[rejected\]/);
    expect(push.stderr).toContain('hint: the remote holds checkpoints under your writer id');
    expect(sb.git(bare, 'rev-parse', `refs/checkpoints/${writerA}`)).toBe(remoteTip);
    // Even after fetching them, the lease is not taken: they were never part of this chain.
    await ok(a, ['fetch']);
    expect((await sb.ckpt(a, ['push'])).code).toBe(1);
    expect(sb.git(bare, 'rev-parse', `refs/checkpoints/${writerA}`)).toBe(remoteTip);
  });
});

describe('fetch counts what arrived', () => {
  const traced = async (dir: string, remote = 'origin') => {
    const res = await sb.ckpt(dir, ['fetch', remote], { env: { GIT_CHECKPOINT_TRACE: '1' } });
    expect(res.code).toBe(0);
    // The git processes that walk history: one walk for the new commits, an ancestry check for a chain it cannot place.
    const walks = res.stderr.split('\n').flatMap((l) => /^trace: .* git (rev-list|merge-base) /.exec(l)?.[1] ?? []);
    return { stdout: res.stdout, walks };
  };

  it('with one walk of the new commits, whatever the chains claim in their trailers', async () => {
    const { a, b } = await makeTeam(sb, 'counting', fileUrl);
    await saveMany(sb, a, 'ada', 3);
    const writerA = writerOf(sb, a);
    await ok(a, ['push']);
    expect(await traced(b)).toEqual({ stdout: `fetched 3 new checkpoints from origin: 3 from ${writerA}\n`, walks: ['rev-list'] });
    await saveMany(sb, a, 'ada more', 2);
    await ok(a, ['push']);
    expect(await traced(b)).toEqual({ stdout: `fetched 2 new checkpoints from origin: 2 from ${writerA}\n`, walks: ['rev-list'] });
    // Nothing moved: nothing to walk.
    expect(await traced(b)).toEqual({ stdout: 'no new checkpoints from origin\n', walks: [] });

    // Chains already held under other names (B's own, A's from origin): nothing new.
    await saveMany(sb, b, 'bob', 2);
    await ok(b, ['push']);
    sb.git(b, 'remote', 'add', 'backup', sb.git(b, 'remote', 'get-url', 'origin').trim());
    expect((await traced(b, 'backup')).stdout).toBe('no new checkpoints from backup\n');

    // A chain without trailers (written by hand here) is counted all the same.
    const tree = sb.git(a, 'rev-parse', `refs/checkpoints/${writerA}^{tree}`).trim();
    let prev: string | null = null;
    for (let i = 1; i <= 4; i++) {
      const msg = `checkpoint: old ${i}\n\nCheckpoint-Id: 20260101-00000${i}-old${i}\nCheckpoint-Writer: old-aaaaaa\nCheckpoint-Branch: main\n`;
      prev = sb.git(a, 'commit-tree', tree, ...(prev ? ['-p', prev] : []), '-m', msg).trim();
    }
    sb.git(a, 'push', '-q', 'origin', `${prev}:refs/checkpoints/old-aaaaaa`);
    expect(await traced(b)).toEqual({ stdout: 'fetched 4 new checkpoints from origin: 4 from old-aaaaaa\n', walks: ['rev-list'] });

    // Numbers are not believed, whether they go down or jump ahead: the new commits are counted.
    const liar = (seqs: number[], from: string | null) => seqs.reduce<string | null>((parent, seq, k) => {
      const msg = `checkpoint: liar\n\nCheckpoint-Id: 20260102-00000${k}-l${seq}${k}x\nCheckpoint-Writer: liar-aaaaaa\nCheckpoint-Branch: main\nCheckpoint-Seq: ${seq}\n`;
      return sb.git(a, 'commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', msg).trim();
    }, from);
    const honest = liar([1, 2, 3], null)!;
    sb.git(a, 'push', '-q', 'origin', `${honest}:refs/checkpoints/liar-aaaaaa`);
    expect(await traced(b)).toEqual({ stdout: 'fetched 3 new checkpoints from origin: 3 from liar-aaaaaa\n', walks: ['rev-list'] });
    const down = liar([5, 3], honest)!;
    sb.git(a, 'push', '-q', 'origin', `${down}:refs/checkpoints/liar-aaaaaa`);
    expect(await traced(b)).toEqual({ stdout: 'fetched 2 new checkpoints from origin: 2 from liar-aaaaaa\n', walks: ['rev-list'] });
    // One new commit on the old tip: the listing of the tips with their parents counts it, without a walk.
    sb.git(a, 'push', '-q', 'origin', `${liar([90], down)}:refs/checkpoints/liar-aaaaaa`);
    expect(await traced(b)).toEqual({ stdout: 'fetched 1 new checkpoint from origin: 1 from liar-aaaaaa\n', walks: [] });
  });
});
