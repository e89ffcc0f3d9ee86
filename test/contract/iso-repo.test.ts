import git from 'isomorphic-git';
import { memfs } from 'memfs';
import { describe, expect, it } from 'vitest';
import { FatalError, UnsupportedError } from '../../src/errors.js';
import { openIsoRepo, porcelainCodes } from '../../src/git/iso/iso-repo.js';
import { makeMemRepo } from '../helpers/iso-fixture.js';
import { describeRepoContract } from './repo-contract.js';

describeRepoContract('isomorphic-git on memfs', async (spec) => {
  const { repo, writeFile } = await makeMemRepo(spec);
  return { repo, writeFile, cleanup: () => repo.close() };
});

describe('openIsoRepo', () => {
  it('refuses a directory that is not in a repository', async () => {
    const { fs } = memfs({ '/plain/file.txt': 'x' });
    const opening = openIsoRepo({ fs, dir: '/plain' });
    await expect(opening).rejects.toBeInstanceOf(FatalError);
    await expect(opening).rejects.toThrow('not a git repository (or any of the parent directories): .git');
  });

  it('finds the repository from a subdirectory', async () => {
    const { fs } = await makeMemRepo({ commits: [{ message: 'init', files: { 'src/a.ts': 'a\n' } }] });
    const repo = await openIsoRepo({ fs, dir: '/repo/src' });
    expect(repo.info).toEqual({ gitDir: '/repo/.git', commonDir: '/repo/.git', workTree: '/repo', objectFormat: 'sha1' });
  });

  it('refuses a linked worktree, naming it', async () => {
    const { fs } = await makeMemRepo({ commits: [{ message: 'init', files: { 'a.txt': 'a\n' } }] });
    await fs.promises.mkdir('/repo/.git/worktrees/wt', { recursive: true });
    await fs.promises.writeFile('/repo/.git/worktrees/wt/commondir', '../..\n');
    await fs.promises.writeFile('/repo/.git/worktrees/wt/HEAD', 'ref: refs/heads/main\n');
    await fs.promises.mkdir('/wt');
    await fs.promises.writeFile('/wt/.git', 'gitdir: /repo/.git/worktrees/wt\n');
    const opening = openIsoRepo({ fs, dir: '/wt' });
    await expect(opening).rejects.toBeInstanceOf(UnsupportedError);
    await expect(opening).rejects.toThrow(/linked worktrees/);
  });

  it('follows a submodule-style .git file to a full git dir', async () => {
    const { fs } = await makeMemRepo({ commits: [{ message: 'init', files: { 'a.txt': 'a\n' } }] });
    await fs.promises.rename('/repo/.git', '/modules-x');
    await fs.promises.writeFile('/repo/.git', 'gitdir: ../modules-x\n');
    const repo = await openIsoRepo({ fs, dir: '/repo' });
    expect(repo.info.gitDir).toBe('/modules-x');
    expect((await repo.status()).entries).toEqual([]);
  });

  it('refuses SHA-256 repositories', async () => {
    const { fs, dir } = await makeMemRepo();
    await git.setConfig({ fs, dir, path: 'extensions.objectFormat', value: 'sha256' });
    await expect(openIsoRepo({ fs, dir })).rejects.toThrow(/sha256 object format/);
  });
});

describe('isomorphic-git refs', () => {
  it('lists, reads and deletes packed refs', async () => {
    const { fs, repo } = await makeMemRepo({ commits: [{ message: 'init', files: { 'a.txt': 'a\n' } }] });
    const head = (await repo.readRef('refs/heads/main'))!;
    const packed = `# pack-refs with: peeled fully-peeled sorted \n${head} refs/checkpoints/packed-aaaaaa\n`;
    await fs.promises.writeFile('/repo/.git/packed-refs', packed);
    await repo.updateRef('refs/checkpoints/loose-bbbbbb', head, null, 'test');
    expect((await repo.listRefs('refs/checkpoints/')).map((r) => r.name)).toEqual([
      'refs/checkpoints/loose-bbbbbb', 'refs/checkpoints/packed-aaaaaa',
    ]);
    expect(await repo.deleteRef('refs/checkpoints/packed-aaaaaa', head)).toBe(true);
    expect(await repo.readRef('refs/checkpoints/packed-aaaaaa')).toBeNull();
  });

  it('treats a ref locked by another process as a lost race', async () => {
    const { fs, repo } = await makeMemRepo({ commits: [{ message: 'init', files: { 'a.txt': 'a\n' } }] });
    const head = (await repo.readRef('refs/heads/main'))!;
    await fs.promises.mkdir('/repo/.git/refs/checkpoints', { recursive: true });
    await fs.promises.writeFile('/repo/.git/refs/checkpoints/w-cccccc.lock', '');
    expect(await repo.updateRef('refs/checkpoints/w-cccccc', head, null, 'test')).toBe(false);
    expect(await repo.listRefs('refs/checkpoints/')).toEqual([]);
  });

  it('rejects ref names git would reject', async () => {
    const { repo } = await makeMemRepo({ commits: [{ message: 'init', files: { 'a.txt': 'a\n' } }] });
    const head = (await repo.readRef('refs/heads/main'))!;
    for (const bad of ['refs/a..b', 'refs/x.lock', 'refs/has space', 'HEAD', 'refs/a/']) {
      await expect(repo.updateRef(bad, head, null, 'test')).rejects.toThrow(/invalid ref name/);
    }
  });
});

describe('porcelainCodes', () => {
  it.each([
    [[1, 1, 1], []], [[1, 2, 1], ['.M']], [[1, 0, 1], ['.D']], [[1, 2, 2], ['M.']], [[1, 2, 3], ['MM']],
    [[1, 0, 3], ['MD']], [[1, 0, 0], ['D.']], [[1, 1, 0], ['D.', '??']], [[0, 2, 0], ['??']],
    [[0, 2, 2], ['A.']], [[0, 2, 3], ['AM']], [[0, 0, 3], ['AD']],
  ] as [number[], string[]][])('maps statusMatrix row %j to %j', ([head, workdir, stage], codes) => {
    expect(porcelainCodes(head!, workdir!, stage!)).toEqual(codes);
  });
});
