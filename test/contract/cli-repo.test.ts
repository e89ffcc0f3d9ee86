import { describe, expect, it } from 'vitest';
import { CatFileBatch } from '../../src/git/cli/cat-file-batch.js';
import { openCliRepo } from '../../src/git/cli/cli-repo.js';
import { makeGitRepo } from '../helpers/git-fixture.js';
import { describeRepoContract } from './repo-contract.js';

describeRepoContract('git CLI', async (spec) => {
  const g = makeGitRepo(spec);
  const repo = await openCliRepo(g.dir, g.env);
  return {
    repo,
    writeFile: async (p, c) => g.writeFile(p, c),
    cleanup: async () => {
      await repo.close();
      g.cleanup();
    },
  };
});

describe('git CLI reads through one cat-file', () => {
  it('drops contents it was not asked for: a ref at a huge blob, a "commit" that is a blob', async () => {
    const g = makeGitRepo({ commits: [{ message: 'one', files: { 'a.txt': 'a\n' } }] });
    const repo = await openCliRepo(g.dir, g.env);
    try {
      const big = g.git(['hash-object', '-w', '--stdin'], { input: 'x'.repeat(24 << 20) }).trim();
      g.git(['update-ref', 'refs/checkpoints/remotes/origin/evil-aaaaaa', big]);
      const head = g.git(['rev-parse', 'HEAD']).trim();
      const batch = new CatFileBatch(g.dir, g.env);
      const [skipped, kept] = await Promise.all([batch.read(big, 1024), batch.read('HEAD:a.txt', 1024)]);
      batch.close();
      expect(skipped).toMatchObject({ oid: big, type: 'blob', size: 24 << 20, skipped: true });
      expect(skipped!.data.length).toBe(0);
      expect(kept!.data.toString()).toBe('a\n');
      // Interleaved with reads that must still line up after the dropped contents.
      const [ref, asCommit, commit, exists, gone] = await Promise.all([
        repo.readRef('refs/checkpoints/remotes/origin/evil-aaaaaa'), repo.readCommit(big), repo.readCommit(head),
        repo.hasObject(big), repo.hasObject('0'.repeat(40)),
      ]);
      expect([ref, asCommit, commit?.oid, exists, gone]).toEqual([big, null, head, true, false]);
      expect(Buffer.from((await repo.readBlobAt(head, 'a.txt'))!).toString()).toBe('a\n');
    } finally {
      await repo.close();
      g.cleanup();
    }
  });
});

describe('git CLI reads asked together', () => {
  it('answers hundreds of reads asked in one tick, each with its own object, also after the helper stopped', async () => {
    const files = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`d${i}/f.txt`, `file ${i}\n`]));
    const g = makeGitRepo({ commits: [{ message: 'many', files }] });
    const batch = new CatFileBatch(g.dir, g.env);
    try {
      const names = Object.keys(files).flatMap((p) => [`HEAD:${p}`, `HEAD:${p}.missing`]);
      const read = async () => (await Promise.all(names.map((n) => batch.read(n)))).map((o) => o && o.data.toString());
      const expected = Object.values(files).flatMap((c) => [c, null]);
      expect(await read()).toEqual(expected);
      batch.close();
      expect(await read()).toEqual(expected);
      // Asked, then the helper stopped in the same tick: still answered, in order.
      const asked = batch.read('HEAD:d1/f.txt');
      batch.close();
      const after = batch.read('HEAD:d2/f.txt');
      expect([(await asked)?.data.toString(), (await after)?.data.toString()]).toEqual([files['d1/f.txt'], files['d2/f.txt']]);
    } finally {
      batch.close();
      g.cleanup();
    }
  });
});

describe('git CLI writes objects in a shared repository through git itself', () => {
  it('writes byte for byte the objects it writes in-process elsewhere', async () => {
    const written = async (config: Record<string, string>) => {
      const g = makeGitRepo({ config });
      const repo = await openCliRepo(g.dir, g.env);
      try {
        const blob = await repo.writeBlob('body\n');
        const tree = await repo.writeTree([{ mode: '100644', type: 'blob', oid: blob, name: 'checkpoint.json' }]);
        const who = (tz: number) => ({ name: 'Ada L', email: 'ada@example.com', timestamp: 1700000000, tzOffsetMinutes: tz });
        const commit = await repo.writeCommit({ tree, parents: [], author: who(-150), committer: who(345), message: 'checkpoint: x\n\nCheckpoint-Seq: 1\n' });
        return { blob, tree, commit, fsck: g.git(['fsck', '--strict', '--no-dangling'], { allowFailure: true }) };
      } finally {
        await repo.close();
        g.cleanup();
      }
    };
    const [direct, shared] = await Promise.all([written({}), written({ 'core.sharedRepository': 'group' })]);
    expect(shared).toEqual(direct);
  });
});
