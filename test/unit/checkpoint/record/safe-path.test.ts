import { describe, expect, it } from 'vitest';
import type { Repo, TreeEntry } from '../../../../src/git/repo.js';
import { findUnsafeEntries, isSafeName, isSafeRelativePath } from '../../../../src/checkpoint/record/safe-path.js';

describe('safe paths', () => {
  it.each(['a.txt', 'src/app.ts', '.github/workflows/ci.yml', '.gitignore', 'docs/.git-notes', 'a..b', '...'])('accepts %j', (p) => {
    expect(isSafeRelativePath(p)).toBe(true);
  });

  it.each(['/etc/passwd', '../x', 'a/../../x', 'a/./b', 'a//b', '', '.git/config', 'sub/.git/hooks/pre-push', '.GIT/config', '.git./x', 'git~1/config', 'C:/x', 'a\0b'])(
    'refuses %j',
    (p) => expect(isSafeRelativePath(p)).toBe(false),
  );

  it('refuses names that are not one plain component', () => {
    for (const n of ['..', '.', '', 'a/b', 'a\\b', '.git', '.Git ']) expect(isSafeName(n)).toBe(false);
    expect(isSafeName('.gitattributes')).toBe(true);
  });
});

describe('findUnsafeEntries', () => {
  const entry = (name: string, type: 'blob' | 'tree', oid: string): TreeEntry => ({ name, type, oid, mode: type === 'tree' ? '040000' : '100644' });
  /** A repo holding only trees, keyed by made-up ids. */
  const treesRepo = (trees: Record<string, TreeEntry[]>) => ({ readTree: async (oid: string) => trees[oid] ?? null }) as unknown as Repo;

  it('names every unsafe entry with its path', async () => {
    const repo = treesRepo({
      root: [entry('..', 'blob', 'b'), entry('src', 'tree', 'src'), entry('.git', 'tree', 'g')],
      src: [entry('ok.ts', 'blob', 'b'), entry('.GIT', 'blob', 'b')],
    });
    expect(await findUnsafeEntries(repo, 'root')).toEqual({ unsafe: ['..', '.git', 'src/.GIT'], truncated: false });
  });

  it('stays bounded on a tree that repeats one subtree a huge number of times', async () => {
    const trees: Record<string, TreeEntry[]> = {};
    for (let level = 0; level < 10; level++) {
      trees[`t${level}`] = Array.from({ length: 100 }, (_, i) => entry(`d${i}`, 'tree', `t${level + 1}`));
    }
    trees.t10 = [entry('..', 'blob', 'b')];
    let reads = 0;
    const repo = { readTree: async (oid: string) => (reads++, trees[oid] ?? null) } as unknown as Repo;
    const check = await findUnsafeEntries(repo, 't0', 10_000);
    expect(reads).toBeLessThanOrEqual(11);
    expect(check.unsafe).toHaveLength(1);
    expect(check.truncated).toBe(false);
    const capped = await findUnsafeEntries(repo, 't0', 150);
    expect(capped.truncated).toBe(true);
  });
});
