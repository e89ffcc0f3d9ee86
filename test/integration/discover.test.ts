/**
 * Discovery without `git rev-parse` must find what git finds, in every
 * layout it models — and hand every other layout to git, whose probe then
 * answers (or fails with git's own message).
 */
import { chownSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeRepo } from '../../src/git/cli/cli-open.js';
import { readConfig } from '../../src/git/cli/config-map.js';
import { discoverInProcess } from '../../src/git/cli/discover.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

async function both(dir: string, env: Record<string, string> = sb.env) {
  const opts = { cwd: dir, env };
  const ours = await discoverInProcess(dir, env, readConfig(opts));
  const gits = await probeRepo(dir, opts).catch((err: Error) => err.message);
  return { ours, gits };
}

describe('discovery in-process', () => {
  it('finds what git finds: the top, a subdirectory, a linked worktree, a path through a symlink, sha256', async () => {
    const top = sb.repo('plain');
    mkdirSync(join(top, 'a', 'b'), { recursive: true });
    const wt = join(sb.root, 'linked');
    sb.git(top, 'worktree', 'add', '-q', '-b', 'side', wt);
    symlinkSync(join(top, 'a'), join(sb.root, 'via-link'));
    const sha = join(sb.root, 'sha');
    sb.git(sb.root, 'init', '-q', '--object-format=sha256', sha);
    for (const dir of [top, join(top, 'a', 'b'), wt, join(sb.root, 'via-link', 'b'), sha]) {
      const { ours, gits } = await both(dir);
      expect(ours, dir).not.toBeNull();
      expect(ours, dir).toEqual(gits);
      expect(ours!.info.workTree).toBe(sb.git(dir, 'rev-parse', '--show-toplevel').trim());
    }
  }, 60_000);

  it('leaves to git what it does not model: GIT_DIR, a bare repository, core.worktree (a submodule has it), inside .git, no repository', async () => {
    const top = sb.repo('others');
    const sub = sb.repo('super');
    sb.git(sub, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', top, 'mod');
    expect((await both(join(sub, 'mod'))).gits).toMatchObject({ info: { workTree: join(sub, 'mod') } });
    const bare = join(sb.root, 'bare.git');
    sb.git(sb.root, 'init', '-q', '--bare', bare);
    const moved = sb.repo('moved');
    sb.git(moved, 'config', 'core.worktree', top);
    const outside = join(sb.root, 'home');
    for (const [dir, env] of [
      [top, { ...sb.env, GIT_DIR: join(top, '.git') }], [bare, sb.env], [join(sub, 'mod'), sb.env], [moved, sb.env], [join(top, '.git'), sb.env], [outside, sb.env],
    ] as const) {
      const { ours } = await both(dir, env);
      expect(ours, dir).toBeNull();
    }
    expect((await both(outside)).gits).toMatch(/not a git repository/);
  }, 60_000);

  it.skipIf(process.getuid?.() !== 0)('leaves a repository owned by another user to git (safe.directory)', async () => {
    const dir = sb.repo('not-mine');
    chownSync(dir, 65534, 65534);
    expect((await both(dir)).ours).toBeNull();
    expect((await both(dir)).gits).toMatch(/safe\.directory/);
  });
});
