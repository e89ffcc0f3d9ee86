/**
 * Notes trees in git's fanout layout: what this tool writes, `git notes`
 * reads; what `git notes` writes (any fanout), this tool finds and extends;
 * and adding a note to a large notes tree rewrites only the trees on its path.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openCliRepo } from '../../src/git/cli/cli-repo.js';
import { findNote, FANOUT_AT, setNote, writeNotesTree } from '../../src/checkpoint/store/notes-tree.js';
import type { Repo } from '../../src/git/repo.js';
import { prepareNotes } from '../../src/checkpoint/store/notes.js';
import { makeGitRepo } from '../helpers/git-fixture.js';

const who = { name: 'Ada', email: 'ada@example.com', timestamp: 1_764_000_000, tzOffsetMinutes: 0 };

/** Well-formed object ids (none need exist for git notes) that all start with `prefix`. */
const idsUnder = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${(((i + 1) * 2654435761) % 2 ** 32).toString(16).padStart(8, '0').repeat(5)}`.slice(0, 40));

/** What `git hash-object --stdin` prints for `text` (the id of a blob holding it), without a git process per id. */
const blobId = (text: string) => createHash('sha1').update(`blob ${Buffer.byteLength(text)}\0${text}`).digest('hex');

/** The largest number of entries any tree of the notes tree holds, and how deep it goes. */
async function shapeOf(repo: Repo, tree: string, depth = 0): Promise<{ widest: number; deepest: number }> {
  const entries = (await repo.readTree(tree))!;
  let shape = { widest: entries.length, deepest: depth };
  for (const e of entries.filter((x) => x.type === 'tree')) {
    const inner = await shapeOf(repo, e.oid, depth + 1);
    shape = { widest: Math.max(shape.widest, inner.widest), deepest: Math.max(shape.deepest, inner.deepest) };
  }
  return shape;
}

describe('notes fanout', () => {
  it('git reads the notes we lay out, flat and fanned, and we read the ones git lays out', async () => {
    const g = makeGitRepo({ commits: [{ message: 'one', files: { 'a.txt': 'a\n' } }] });
    const repo = await openCliRepo(g.dir, g.env);
    try {
      // Targets need not exist for git notes to list them: fake but well-formed object ids.
      const targets = Array.from({ length: FANOUT_AT + 40 }, (_, i) => blobId(`t${i}`));
      expect(targets[0]).toBe(g.git(['hash-object', '--stdin'], { input: 't0' }).trim());
      let tree: string | null = null;
      for (const [i, t] of targets.entries()) tree = await setNote(repo, tree, t, await repo.writeBlob(`note ${i}\n`));
      const root = (await repo.readTree(tree!))!;
      expect(root.every((e) => e.type === 'tree' && /^[0-9a-f]{2}$/.test(e.name))).toBe(true);
      const commit = await repo.writeCommit({ tree: tree!, parents: [], author: who, committer: who, message: 'notes\n' });
      g.git(['update-ref', 'refs/notes/ours', commit]);
      const listed = g.git(['notes', '--ref', 'refs/notes/ours', 'list']).trim().split('\n');
      expect(listed).toHaveLength(targets.length);
      expect(g.git(['notes', '--ref', 'refs/notes/ours', 'show', targets[7]!])).toBe('note 7\n');

      // git's own layout (it fans out as it sees fit): found, and extended in place.
      const head = g.git(['rev-parse', 'HEAD']).trim();
      // git fast-import lays notes out as git notes does (notes.c), in one process: 300 commits, a note on each.
      const stream: string[] = [];
      for (let i = 1; i <= 300; i++) stream.push('commit refs/heads/many', `mark :${i}`, 'committer Ada <ada@example.com> 1764000000 +0000', `data ${String(i).length}`, String(i), ...(i > 1 ? [`from :${i - 1}`] : []), '');
      stream.push('commit refs/notes/gits', 'committer Ada <ada@example.com> 1764000000 +0000', 'data 5', 'notes');
      for (let i = 1; i <= 300; i++) stream.push(`N inline :${i}`, `data ${`git ${i}`.length}`, `git ${i}`);
      stream.push(`N inline ${head}`, 'data 7', 'on head', '');
      g.git(['fast-import', '--quiet'], { input: `${stream.join('\n')}\n` });
      const gitsTree = g.git(['rev-parse', 'refs/notes/gits^{tree}']).trim();
      expect((await repo.readTree(gitsTree))!.some((e) => e.type === 'tree')).toBe(true); // git fanned it out
      expect(await findNote(repo, gitsTree, head)).toBe(g.git(['notes', '--ref', 'refs/notes/gits', 'list', head]).trim());
      const prepared = await prepareNotes(repo, 'refs/notes/gits', [{ target: head, lines: ['checkpoint x on main: more'] }], who);
      g.git(['update-ref', 'refs/notes/gits', prepared.commit!, prepared.old!]);
      expect(g.git(['notes', '--ref', 'refs/notes/gits', 'show', head])).toBe('on head\ncheckpoint x on main: more\n');
      expect(g.git(['notes', '--ref', 'refs/notes/gits', 'list']).trim().split('\n')).toHaveLength(301);
      g.git(['fsck', '--strict', '--no-dangling']);
    } finally {
      await repo.close();
      g.cleanup();
    }
  });

  it('adding one note to 5,000 writes a handful of objects, not the whole tree', async () => {
    const g = makeGitRepo({ commits: [{ message: 'one', files: { 'a.txt': 'a\n' } }] });
    const repo = await openCliRepo(g.dir, g.env);
    try {
      const blob = await repo.writeBlob('a note\n');
      const lines = Array.from({ length: 5_000 }, (_, i) => {
        const t = (i * 2654435761 % 2 ** 32).toString(16).padStart(8, '0').repeat(5);
        return `100644 blob ${blob}\t${t.slice(0, 2)}/${t.slice(2)}`;
      });
      // A fanned-out tree built with git's plumbing.
      const byDir = new Map<string, string[]>();
      for (const l of lines) {
        const [meta, path] = l.split('\t') as [string, string];
        const [dir, name] = path.split('/') as [string, string];
        byDir.set(dir, [...(byDir.get(dir) ?? []), `${meta}\t${name}`]);
      }
      // One `git mktree --batch` for all the subtrees (a blank line between trees), one id printed per tree.
      const subIds = g.git(['mktree', '--batch'], { input: [...byDir.values()].map((entries) => `${entries.join('\n')}\n`).join('\n') }).trim().split('\n');
      expect(subIds).toHaveLength(byDir.size);
      const sub = [...byDir.keys()].map((dir, i) => `040000 tree ${subIds[i]}\t${dir}`);
      const tree = g.git(['mktree'], { input: `${sub.join('\n')}\n` }).trim();
      const before = g.git(['count-objects', '-v']);
      const head = g.git(['rev-parse', 'HEAD']).trim();
      const next = await setNote(repo, tree, head, await repo.writeBlob('checkpoint y on main: t\n'));
      const after = g.git(['count-objects', '-v']);
      const loose = (s: string) => Number(/^count: (\d+)/m.exec(s)![1]);
      expect(loose(after) - loose(before)).toBeLessThanOrEqual(3); // the note blob, one subtree, the root
      expect(await findNote(repo, next, head)).not.toBeNull();
    } finally {
      await repo.close();
      g.cleanup();
    }
  });

  it('a level that fills up fans out below it: no tree on a note\'s path grows with the number of notes', async () => {
    const g = makeGitRepo({ commits: [{ message: 'one', files: { 'a.txt': 'a\n' } }] });
    const repo = await openCliRepo(g.dir, g.env);
    try {
      // Every target under one two-digit prefix: its subtree is the level that fills.
      const crowded = idsUnder('ab', FANOUT_AT + 60);
      const spread = Array.from({ length: 40 }, (_, i) => blobId(`spread ${i}`));
      let tree: string | null = null;
      for (const [i, t] of [...crowded, ...spread].entries()) tree = await setNote(repo, tree, t, await repo.writeBlob(`note ${i}\n`));
      const shape = await shapeOf(repo, tree!);
      expect(shape.widest).toBeLessThanOrEqual(FANOUT_AT);
      expect(shape.deepest).toBe(2); // ab/<xx>/<rest>
      const commit = await repo.writeCommit({ tree: tree!, parents: [], author: who, committer: who, message: 'notes\n' });
      g.git(['update-ref', 'refs/notes/ours', commit]);
      expect(g.git(['notes', '--ref', 'refs/notes/ours', 'list']).trim().split('\n')).toHaveLength(crowded.length + spread.length);
      expect(g.git(['notes', '--ref', 'refs/notes/ours', 'show', crowded[FANOUT_AT + 10]!])).toBe(`note ${FANOUT_AT + 10}\n`);
      expect(g.git(['notes', '--ref', 'refs/notes/ours', 'show', spread[3]!])).toBe(`note ${crowded.length + 3}\n`);
      for (const [i, t] of crowded.entries()) expect(await findNote(repo, tree, t), t).toBe(await repo.writeBlob(`note ${i}\n`));

      // A whole notes tree written at once (doctor --fix, prune) is laid out the same way, as deep as it needs.
      const blob = await repo.writeBlob('one line\n');
      const many = new Map(idsUnder('cd', 3 * FANOUT_AT).map((t) => [t, blob]));
      const whole = await writeNotesTree(repo, many);
      expect((await shapeOf(repo, whole)).widest).toBeLessThanOrEqual(FANOUT_AT);
      const wholeCommit = await repo.writeCommit({ tree: whole, parents: [], author: who, committer: who, message: 'notes\n' });
      g.git(['update-ref', 'refs/notes/whole', wholeCommit]);
      expect(g.git(['notes', '--ref', 'refs/notes/whole', 'list']).trim().split('\n')).toHaveLength(many.size);
      const [first] = many.keys();
      expect(g.git(['notes', '--ref', 'refs/notes/whole', 'show', first!])).toBe('one line\n');
      g.git(['fsck', '--strict', '--no-dangling']);
    } finally {
      await repo.close();
      g.cleanup();
    }
  });
});
