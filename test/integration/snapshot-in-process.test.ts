/**
 * The wip snapshot built in-process (HEAD's tree rewritten on the changed
 * paths) must be the very tree git builds through a temporary index —
 * modified, added in new directories, deleted, a file become a directory and
 * back, symlinks, executable bits, excluded paths kept at HEAD — and when git
 * would convert content (attributes, autocrlf, filters) git builds it.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotWorktree as snapshotThroughIndex } from '../../src/git/cli/cli-worktree.js';
import { snapshotInProcess } from '../../src/git/snapshot-in-process.js';
import { storesBytesAsIs } from '../../src/git/cli/plain-content.js';
import { CliConfig } from '../../src/git/cli/cli-config.js';
import { openCliRepo } from '../../src/git/cli/cli-repo.js';
import { blobHasher } from '../../src/git/worktree-read.js';
import { makeGitRepo, type GitFixture } from '../helpers/git-fixture.js';

const source = async (top: string) => ({ fs, top, start: await blobHasher('sha1') });

let fx: GitFixture | null = null;
afterEach(() => {
  fx?.cleanup();
  fx = null;
});

const base = {
  commits: [{
    message: 'base',
    files: { 'README.md': '# r\n', 'src/a.ts': 'a\n', 'src/deep/b.ts': 'b\n', 'gone/only.txt': 'x\n', 'flip': 'was a file\n', 'dir/x.txt': 'x\n', 'run.sh': 'echo\n' },
  }],
};

/** Changes every kind a save meets; returns the changed paths as status lists them. */
function changeEverything(f: GitFixture): string[] {
  f.writeFile('src/a.ts', 'a changed\n');
  f.writeFile('src/new/deeper/c.ts', 'new\n');
  rmSync(join(f.dir, 'gone'), { recursive: true });
  rmSync(join(f.dir, 'flip'));
  f.writeFile('flip/inside.txt', 'now a directory\n');
  rmSync(join(f.dir, 'dir'), { recursive: true });
  f.writeFile('dir', 'now a file\n');
  symlinkSync('src/a.ts', join(f.dir, 'link'));
  chmodSync(join(f.dir, 'run.sh'), 0o755);
  f.writeFile('secret.env', 'kept out\n');
  f.writeFile('src/deep/b.ts', 'b changed, then excluded\n');
  return ['src/a.ts', 'src/new/deeper/c.ts', 'gone/only.txt', 'flip', 'flip/inside.txt', 'dir/x.txt', 'dir', 'link', 'run.sh', 'secret.env', 'src/deep/b.ts'];
}

describe('the wip snapshot built in-process', () => {
  it('is the tree git builds through an index, for every kind of change', async () => {
    fx = makeGitRepo(base);
    const changed = changeEverything(fx);
    const keep = ['secret.env', 'src/deep/b.ts'];
    const repo = await openCliRepo(fx.dir, fx.env);
    const update = changed.filter((p) => !keep.includes(p));
    expect(await storesBytesAsIs({ workTree: fx.dir, commonDir: join(fx.dir, '.git'), env: fx.env, config: new CliConfig({ cwd: fx.dir, env: fx.env }) }, update)).toBe(true);
    const ours = await snapshotInProcess(repo, await source(fx.dir), update, headTree(fx));
    const gits = await snapshotThroughIndex({ cwd: fx.dir, env: fx.env }, join(fx.dir, '.git'), changed, keep);
    expect(ours).toBe(gits);
    expect(await repo.snapshotWorktree(changed, keep)).toBe(gits);
    await repo.close();
  });

  it('on an unborn branch holds just the new files', async () => {
    fx = makeGitRepo({});
    fx.writeFile('a/b.txt', 'first\n');
    fx.writeFile('c.txt', 'second\n');
    const repo = await openCliRepo(fx.dir, fx.env);
    const gits = await snapshotThroughIndex({ cwd: fx.dir, env: fx.env }, join(fx.dir, '.git'), ['a/b.txt', 'c.txt'], []);
    expect(await snapshotInProcess(repo, await source(fx.dir), ['a/b.txt', 'c.txt'], null)).toBe(gits);
    await repo.close();
  });

  it('leaves conversion to git: attributes, autocrlf, a filter', async () => {
    for (const setup of [
      (f: GitFixture) => f.writeFile('.gitattributes', '*.txt text eol=crlf\n'),
      (f: GitFixture) => f.writeFile('src/.gitattributes', '*.ts ident\n'),
      (f: GitFixture) => f.git(['config', 'core.autocrlf', 'true']),
      (f: GitFixture) => f.git(['config', 'filter.upper.clean', 'tr a-z A-Z']),
    ]) {
      fx = makeGitRepo(base);
      setup(fx);
      fx.writeFile('src/a.ts', 'a\nchanged\n');
      const repo = await openCliRepo(fx.dir, fx.env);
      expect(await storesBytesAsIs({ workTree: fx.dir, commonDir: join(fx.dir, '.git'), env: fx.env, config: new CliConfig({ cwd: fx.dir, env: fx.env }) }, ['src/a.ts'])).toBe(false);
      const gits = await snapshotThroughIndex({ cwd: fx.dir, env: fx.env }, join(fx.dir, '.git'), ['src/a.ts'], []);
      expect(await repo.snapshotWorktree(['src/a.ts'], [])).toBe(gits);
      await repo.close();
      fx.cleanup();
      fx = null;
    }
  });

  it('hands a submodule or a name that is not UTF-8 back to git', async () => {
    fx = makeGitRepo(base);
    const head = fx.git(['rev-parse', 'HEAD']).trim();
    fx.git(['update-index', '--add', '--cacheinfo', `160000,${head},sub`]);
    const blob = fx.git(['hash-object', '-w', '--stdin'], { input: 'latin1\n' }).trim();
    const info = spawnSync('git', ['update-index', '--index-info'], { cwd: fx.dir, env: fx.env, input: Buffer.from(`100644 ${blob}\tdir/caf\xe9.txt\n`, 'latin1') });
    expect(info.status).toBe(0);
    fx.git(['commit', '-q', '-m', 'a submodule entry and a latin-1 name']);
    mkdirSync(join(fx.dir, 'sub'), { recursive: true });
    writeFileSync(join(fx.dir, 'sub', 'file'), 'inside\n');
    fx.writeFile('dir/x.txt', 'changed next to a latin-1 name\n');
    const repo = await openCliRepo(fx.dir, fx.env);
    expect(await snapshotInProcess(repo, await source(fx.dir), ['sub/file'], headTree(fx))).toBeNull();
    expect(await snapshotInProcess(repo, await source(fx.dir), ['dir/x.txt'], headTree(fx))).toBeNull();
    const gits = await snapshotThroughIndex({ cwd: fx.dir, env: fx.env }, join(fx.dir, '.git'), ['dir/x.txt'], []);
    expect(await repo.snapshotWorktree(['dir/x.txt'], [])).toBe(gits);
    await repo.close();
  });
});

const headTree = (f: GitFixture) => f.git(['rev-parse', 'HEAD^{tree}']).trim();
