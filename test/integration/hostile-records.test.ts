/**
 * A teammate's chain is someone else's input (SPEC §4, §9): records planted
 * by hand under refs/checkpoints/remotes/ — oversized, malformed, wrongly
 * typed, huge arrays, deep nesting, escape sequences, lying trailers, unsafe
 * wip paths, refs that are not commits. Every reader warns naming the commit,
 * never crashes, and never sends a raw control character to the terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

/** What must never reach a terminal (newline aside): C0, DEL, C1, bidi, zero-width. */
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;
const EVIL = 'evil\x1b[2J\x1b]0;owned\x07\u202etxt.exe\x00\x9b31m';
/** git refuses NUL in a commit message: trailers and subjects carry the rest. */
const EVIL_MSG = EVIL.replace('\x00', '');

let sb: Sandbox;
let dir: string;
let base: Record<string, any>;
let seq = 0;
const planted: Record<string, { commit: string; id: string }> = {};

const git = (args: string[], input: string | Buffer = '') => sb.gitIn(dir, args, input);

/** Plants one commit on its own fetched chain; `body` is the record, or its text with `@ID@` and `@WRITER@` to fill in. */
function plant(name: string, body: unknown, opts: { message?: (id: string, writer: string) => string; tree?: string } = {}): void {
  const id = `20260101-0000${String(10 + seq).padStart(2, '0')}-${name.slice(0, 4).padEnd(4, 'x').toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
  seq++;
  const writer = `mallory-${String(seq).padStart(6, '0')}`;
  const record = typeof body === 'string' ? body.replaceAll('@ID@', id).replaceAll('@WRITER@', writer) : { ...(body as object), id, writer };
  const bytes = typeof record === 'string' ? record : JSON.stringify(record);
  const blob = git(['hash-object', '-w', '--stdin'], bytes);
  const tree = opts.tree ?? git(['mktree'], `100644 blob ${blob}\tcheckpoint.json\n`);
  const branch = (record as { git?: { branch?: string } }).git?.branch ?? 'main';
  const message = opts.message?.(id, writer) ?? `checkpoint: ${name}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: ${branch}\n`;
  const commit = git(['commit-tree', tree, '-F', '-'], message);
  git(['update-ref', `refs/checkpoints/remotes/origin/${writer}`, commit]);
  planted[name] = { commit, id };
}

beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('hostile');
  expect((await sb.ckpt(dir, ['save', '-m', 'honest work'])).code).toBe(0);
  base = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
  const withGit = (g: object) => ({ ...base, git: { ...base.git, ...g } });
  const text = (r: object) => JSON.stringify({ ...r, id: '@ID@', writer: '@WRITER@' });
  plant('oversized', `${text(base).slice(0, -1)}, "pad": "${'x'.repeat(2 * 1024 * 1024)}"}`);
  plant('badjson', `{"task": "${EVIL}`);
  plant('wrongschema', { ...base, schema: 'git-checkpoint/v0' });
  plant('wrongtype', { ...base, compactImminent: 'yes', task: 42 });
  plant('hugearray', { ...base, nextSteps: Array.from({ length: 100_000 }, () => '') });
  plant('deepnest', text({ ...base, notes: 'DEEP' }).replace('"DEEP"', `${'['.repeat(200_000)}${']'.repeat(200_000)}`));
  plant('escapes', {
    ...withGit({ branch: `b${EVIL_MSG}`, worktree: { ...base.git.worktree, files: [{ path: `a${EVIL_MSG}.txt`, status: '??', staged: false, oid: null }] } }),
    task: { title: EVIL, status: 'in_progress' }, decisions: [{ what: EVIL, why: EVIL, by: EVIL }], notes: `line\n${EVIL}`,
    quotes: [{ text: EVIL, by: EVIL, verbatim: false }], redactions: { [EVIL]: 1 },
  }, { message: (id, writer) => `checkpoint: ${EVIL_MSG}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: b${EVIL_MSG}\n` });
  plant('liar', withGit({ branch: 'other' }), { message: (id, writer) => `checkpoint: liar\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: main\n` });
  plant('dotdot', withGit({ worktree: { ...base.git.worktree, files: [{ path: '../../etc/passwd', status: '.M', staged: false, oid: null }] } }));
  const hi = git(['hash-object', '-w', '--stdin'], 'hi\n');
  const evilTree = git(['mktree'], `100644 blob ${hi}\t..\n100644 blob ${hi}\t.git\n`);
  plant('unsafewip', withGit({ wip: { tree: evilTree, excluded: [] } }));
  git(['update-ref', 'refs/checkpoints/remotes/origin/blob-000000', hi]);
  plant('notree', base, { tree: git(['mktree'], '') });

}, 60_000);
afterAll(() => sb.cleanup());

const invalid = ['oversized', 'badjson', 'wrongschema', 'wrongtype', 'hugearray', 'deepnest', 'liar', 'dotdot', 'notree'];

describe('hostile records', () => {
  it('list shows the good ones, warns about each bad one by commit, and prints nothing raw', async () => {
    const res = await sb.ckpt(dir, ['list']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('honest work');
    expect(res.stdout).toContain('evil\\x1b[2J\\x1b]0;owned\\x07\\u202etxt.exe\\x00\\x9b31m');
    for (const name of invalid) expect(res.stderr).toContain(`warning: skipping invalid checkpoint ${planted[name]!.commit}: `);
    expect(res.stderr).toMatch(/refs\/checkpoints\/remotes\/origin\/blob-000000: does not point at a checkpoint commit/);

    expect(res.stderr).toContain('over the 1 MiB limit');
    expect(res.stderr).toContain('nextSteps: ');
    expect(res.stderr).toContain('trailers: Checkpoint-Branch disagrees');
    expect(res.stderr).toContain('git.worktree.files.0.path: expected a path inside the working tree');
    expect(res.stderr).toMatch(/not valid JSON/);
    expect(res.stdout).not.toMatch(RAW);
    expect(res.stderr).not.toMatch(RAW);
    // The listing cache does not hide the broken ref next time.
    const again = await sb.ckpt(dir, ['list']);
    expect(again.stderr).toMatch(/refs\/checkpoints\/remotes\/origin\/blob-000000: does not point at a checkpoint commit/);
  });

  it('list --json is one valid document with every unsafe character escaped', async () => {
    const res = await sb.ckpt(dir, ['list', '--json', '-n', '0']);
    expect(res.code).toBe(0);
    expect(res.stdout).not.toMatch(RAW);
    const titles = JSON.parse(res.stdout).checkpoints.map((c: { title: string }) => c.title);
    expect(titles).toContain(EVIL);
  });

  it('show of an invalid record fails with exit 1 naming the commit', async () => {
    for (const name of invalid) {
      const res = await sb.ckpt(dir, ['show', planted[name]!.commit]);
      expect(res.code, name).toBe(1);
      expect(res.stderr, name).toContain(`checkpoint ${planted[name]!.commit} is invalid`);
      expect(res.stderr).not.toMatch(RAW);
    }
  });

  it('show renders escape sequences visibly in md and json, and json still decodes to the record', async () => {
    const md = await sb.ckpt(dir, ['show', planted.escapes!.id]);
    expect(md.code).toBe(0);
    expect(md.stdout).not.toMatch(RAW);
    expect(md.stdout).toContain('\\x1b[2J');
    const json = await sb.ckpt(dir, ['show', planted.escapes!.id, '--format', 'json']);
    expect(json.stdout).not.toMatch(RAW);
    expect(JSON.parse(json.stdout).task.title).toBe(EVIL);
  });

  it('show warns about a wip tree whose paths would leave the working tree', async () => {
    const res = await sb.ckpt(dir, ['show', planted.unsafewip!.id]);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(`warning: checkpoint ${planted.unsafewip!.commit}: its wip tree has paths outside the working tree: .., .git`);
  });

  it('an ambiguous prefix lists candidates with their titles escaped', async () => {
    const res = await sb.ckpt(dir, ['show', '20260101-']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is ambiguous');
    expect(res.stderr).not.toMatch(RAW);
  });

  it('doctor reports every invalid record and the unsafe wip paths, and does not crash', async () => {
    const res = await sb.ckpt(dir, ['doctor']);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(`invalid ${planted.oversized!.commit}`);
    expect(res.stdout).toMatch(/unsafe paths \.\., \.git/);
    expect(res.stdout).not.toMatch(RAW);
  });
});

describe('a giant commit message', () => {
  it('stops the walk instead of being buffered, and hides no other chain', async () => {
    const before = dir;
    dir = sb.repo('giant');
    try {
      expect((await sb.ckpt(dir, ['save', '-m', 'still listed'])).code).toBe(0);
      plant('giant', base, {
        message: (id, writer) => `checkpoint: giant\n\n${'x'.repeat(66 * 1024 * 1024)}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: main\n`,
      });
      const res = await sb.ckpt(dir, ['list']);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('still listed');
      expect(res.stderr).toMatch(/origin\/mallory-\d+: its history cannot be read \(git log failed: output over 67108864 bytes\)/);
    } finally {
      dir = before;
    }
  }, 30_000);
});
