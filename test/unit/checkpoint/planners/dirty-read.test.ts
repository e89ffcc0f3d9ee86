/**
 * A save reads each dirty file once: the blob id it records, the secret scan
 * and the blob the wip snapshot stores all come from the same bytes. A file
 * that changes in the middle of a save can therefore never be recorded under
 * one id and stored as another.
 */
import { describe, expect, it } from 'vitest';
import { saveCheckpoint } from '../../../../src/checkpoint/planners/save.js';
import type { Repo } from '../../../../src/git/repo.js';
import { makeMemRepo, type MemRepo } from '../../../helpers/iso-fixture.js';
import { seededRandom } from '../../../helpers/mem-cli.js';

const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(4)}`;

/** The repository, but `after` runs once every changed file has been read for the record. */
function changingAfterRead(repo: Repo, after: () => Promise<void>): { repo: Repo; reads: string[][] } {
  const reads: string[][] = [];
  const proxy = new Proxy(repo, {
    get(target, prop) {
      if (prop === 'readWorktreeFiles') {
        const read: Repo['readWorktreeFiles'] = async (paths, maxBytes, visit) => {
          reads.push(paths);
          await target.readWorktreeFiles(paths, maxBytes, visit);
          await after();
        };
        return read;
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { repo: proxy, reads };
}

async function save(repo: Repo) {
  const deps = { env: {}, now: () => new Date('2026-11-29T10:00:00Z'), random: seededRandom(7) };
  return saveCheckpoint(repo, deps, { layers: [{ task: { title: 'work in progress', status: 'in_progress' } }], lineage: { kind: 'default' } });
}

async function blobAt(repo: Repo, tree: string, path: string): Promise<string | null> {
  const [name, ...rest] = path.split('/');
  const entry = ((await repo.readTree(tree)) ?? []).find((e) => e.name === name);
  if (!entry) return null;
  return rest.length ? blobAt(repo, entry.oid, rest.join('/')) : entry.oid;
}

async function repoWithWork(): Promise<MemRepo> {
  return makeMemRepo({
    commits: [{ message: 'init', files: { 'src/a.ts': 'a\n', 'notes.txt': 'n\n' } }],
    config: { 'user.name': 'Ada Lovelace', 'user.email': 'ada@example.com' },
    files: { 'src/a.ts': 'a, edited\n', 'src/new.ts': 'new\n', 'notes.txt': `deploy with ${TOKEN}\n` },
  });
}

describe('the dirty files of a save', () => {
  it('stores in the snapshot the very bytes whose id the record lists, even when a file changes meanwhile', async () => {
    const mem = await repoWithWork();
    const { repo, reads } = changingAfterRead(mem.repo, async () => {
      await mem.writeFile('src/a.ts', 'rewritten while the checkpoint was made\n');
      await mem.writeFile('src/new.ts', 'also rewritten\n');
    });
    const { record } = await save(repo);
    const listed = new Map(record.git.worktree.files.map((f) => [f.path, f.oid]));
    expect(listed.get('src/a.ts')).toBe(await mem.repo.writeBlob('a, edited\n'));
    expect(listed.get('src/new.ts')).toBe(await mem.repo.writeBlob('new\n'));
    for (const path of ['src/a.ts', 'src/new.ts']) expect(await blobAt(mem.repo, record.git.wip!.tree, path)).toBe(listed.get(path));
    // One read of the changed files for the whole save.
    expect(reads).toEqual([['notes.txt', 'src/a.ts', 'src/new.ts']]);
  });

  it('leaves a secret-looking file out of the snapshot with its path and reason, and records no blob id for it', async () => {
    const mem = await repoWithWork();
    const { record } = await save(mem.repo);
    expect(record.git.wip?.excluded).toEqual([{ path: 'notes.txt', reason: 'secret' }]);
    expect(record.git.worktree.files.find((f) => f.path === 'notes.txt')).toMatchObject({ oid: null, withheld: 'secret' });
    // The snapshot keeps HEAD's version of it.
    expect(await blobAt(mem.repo, record.git.wip!.tree, 'notes.txt')).toBe(await mem.repo.writeBlob('n\n'));
  });

  it('records a removed file as gone, in the list and in the snapshot', async () => {
    const mem = await makeMemRepo({
      commits: [{ message: 'init', files: { 'gone.txt': 'g\n', 'kept.txt': 'k\n' } }],
      config: { 'user.name': 'Ada Lovelace', 'user.email': 'ada@example.com' },
      removed: ['gone.txt'],
    });
    const { record } = await save(mem.repo);
    expect(record.git.worktree.files).toMatchObject([{ path: 'gone.txt', oid: null }]);
    expect(await blobAt(mem.repo, record.git.wip!.tree, 'gone.txt')).toBeNull();
    expect(await blobAt(mem.repo, record.git.wip!.tree, 'kept.txt')).toBe(await mem.repo.writeBlob('k\n'));
  });
});
