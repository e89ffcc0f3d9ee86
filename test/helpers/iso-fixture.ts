/**
 * Builds repositories on a fresh in-memory volume for unit tests: no disk, no
 * git binary, deterministic commit ids (same identity and times as
 * git-fixture.ts, so both builders make the same commits from one spec).
 */
import { posix } from 'node:path';
import git from 'isomorphic-git';
import { memfs } from 'memfs';
import { openIsoRepo } from '../../src/git/iso/iso-repo.js';
import type { Repo } from '../../src/git/repo.js';
import { FIXTURE_AUTHOR, fixtureTime, type FixtureSpec } from '../contract/repo-contract.js';

/** A FixtureSpec, plus the name of the initial branch (default `main`). */
export interface MemRepoSpec extends FixtureSpec {
  branch?: string;
}

type MemFs = ReturnType<typeof memfs>['fs'];

export interface MemRepo {
  repo: Repo;
  fs: MemFs;
  /** The working tree; its git dir is `${dir}/.git`. */
  dir: string;
  /** Writes a working-tree file, creating its directories. */
  writeFile(path: string, content: string): Promise<void>;
}

/**
 * Makes a repository on a new memfs volume from `spec`, applied in the order
 * FixtureSpec documents (commits, config, staged, files, removed, detached).
 */
export async function makeMemRepo(spec: MemRepoSpec = {}): Promise<MemRepo> {
  const { fs } = memfs();
  const dir = '/repo';
  const writeFile = (path: string, content: string) => writeMemFile(fs, posix.join(dir, path), content);
  await git.init({ fs, dir, defaultBranch: spec.branch ?? 'main' });
  for (const [i, commit] of (spec.commits ?? []).entries()) {
    await writeAndAdd(fs, dir, commit.files);
    const who = { ...FIXTURE_AUTHOR, timestamp: fixtureTime(i), timezoneOffset: 0 };
    await git.commit({ fs, dir, message: commit.message, author: who, committer: who });
  }
  await setConfigEntries(fs, dir, spec.config ?? {});
  await writeAndAdd(fs, dir, spec.staged ?? {});
  for (const [path, content] of Object.entries(spec.files ?? {})) await writeFile(path, content);
  for (const [path, target] of Object.entries(spec.symlinks ?? {})) await fs.promises.symlink(target, posix.join(dir, path));
  for (const path of spec.removed ?? []) await fs.promises.unlink(posix.join(dir, path));
  if (spec.detached) {
    const head = await git.resolveRef({ fs, dir, ref: 'HEAD' });
    await git.writeRef({ fs, dir, ref: 'HEAD', value: head, force: true });
  }
  return { repo: await openIsoRepo({ fs, dir }), fs, dir, writeFile };
}

async function writeMemFile(fs: MemFs, path: string, content: string): Promise<void> {
  await fs.promises.mkdir(posix.dirname(path), { recursive: true });
  await fs.promises.writeFile(path, content);
}

async function writeAndAdd(fs: MemFs, dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await writeMemFile(fs, posix.join(dir, path), content);
    await git.add({ fs, dir, filepath: path });
  }
}

async function setConfigEntries(fs: MemFs, dir: string, config: Record<string, string | string[]>): Promise<void> {
  for (const [path, value] of Object.entries(config)) {
    for (const [i, one] of [value].flat().entries()) {
      await git.setConfig({ fs, dir, path, value: one, append: i > 0 });
    }
  }
}
