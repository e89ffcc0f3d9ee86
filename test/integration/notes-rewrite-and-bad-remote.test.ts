/**
 * Notes follow amend and rebase through notes.rewriteRef (SPEC §3, §10), and
 * a remote holding malformed checkpoints is fetched without harm (SPEC §4, §9).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';
import { makeTeam, saveMany, writerOf } from '../helpers/teammates.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const notesOf = (dir: string, rev: string) => sb.git(dir, 'log', '-1', '--notes=refs/notes/checkpoints/*', '--format=%s%n%N', rev);

describe('notes follow rewritten commits', () => {
  it('keeps the checkpoint line visible in git log after commit --amend and rebase -i', async () => {
    const dir = sb.repo('rewrite');
    const commitFile = (name: string, message: string) => {
      writeFileSync(join(dir, name), `${message}\n`);
      sb.git(dir, 'add', name);
      sb.git(dir, 'commit', '-q', '-m', message);
    };
    commitFile('work.txt', 'work');
    const [id] = await saveMany(sb, dir, 'before amend', 1);
    const writer = writerOf(sb, dir);
    sb.git(dir, 'config', 'notes.rewriteRef', `refs/notes/checkpoints/${writer}`);
    const line = `checkpoint ${id} on main: before amend 1`;
    expect(notesOf(dir, 'HEAD')).toContain(line);

    sb.git(dir, 'commit', '-q', '--amend', '-m', 'amended commit');
    expect(notesOf(dir, 'HEAD')).toBe(`amended commit\n${line}\n\n`);

    commitFile('top.txt', 'on top');
    const [id2] = await saveMany(sb, dir, 'on top', 1);
    const res = await runProcess('git', ['rebase', '-q', '-i', 'HEAD~2'], dir, {
      ...sb.env,
      GIT_SEQUENCE_EDITOR: "sed -i -e 's/^pick/reword/'",
      GIT_EDITOR: "sed -i -e '1s/$/ (reworded)/'",
    });
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(notesOf(dir, 'HEAD')).toBe(`on top (reworded)\ncheckpoint ${id2} on main: on top 1\n\n`);
    expect(notesOf(dir, 'HEAD~1')).toBe(`amended commit (reworded)\n${line}\n\n`);
    // Notes that git moved are still consistent for doctor, and the chain is as it was.
    expect((await sb.ckpt(dir, ['doctor'])).stdout).toContain('notes: consistent with the chain');
    sb.git(dir, 'fsck', '--strict');
  });
});

describe('git log shows each checkpoint note once', () => {
  it('after install, push and every kind of fetch, for the own notes and a teammate\'s', async () => {
    const { a, b } = await makeTeam(sb, 'note-once', (p) => `file://${p}`);
    const [idA] = await saveMany(sb, a, 'ada', 1);
    const [idB] = await saveMany(sb, b, 'bob', 1);
    const shown = (dir: string, line: string) => sb.git(dir, 'log', '-1', 'origin/main').split('\n').filter((l) => l.trim() === line).length;
    const lineA = `checkpoint ${idA} on main: ada 1`;
    const lineB = `checkpoint ${idB} on main: bob 1`;
    for (const dir of [a, b]) {
      expect((await sb.ckpt(dir, ['install'])).code).toBe(0);
      expect((await sb.ckpt(dir, ['push'])).code).toBe(0);
    }
    for (const dir of [a, b]) {
      sb.git(dir, 'fetch', '-q');
      expect((await sb.ckpt(dir, ['fetch'])).code).toBe(0);
      sb.git(dir, 'fetch', '-q');
      expect([shown(dir, lineA), shown(dir, lineB)]).toEqual([1, 1]);
    }
  });

  it('a clone set up with the refspecs from before the own notes were left out is told, and cleaned', async () => {
    const { a } = await makeTeam(sb, 'note-upgrade', (p) => `file://${p}`);
    const [id] = await saveMany(sb, a, 'ada', 1);
    const line = `checkpoint ${id} on main: ada 1`;
    const shown = () => sb.git(a, 'log', '-1').split('\n').filter((l) => l.trim() === line).length;
    expect((await sb.ckpt(a, ['install'])).code).toBe(0);
    const writer = writerOf(sb, a);
    sb.git(a, 'config', '--unset', '--fixed-value', 'remote.origin.fetch', `^refs/notes/checkpoints/${writer}`);
    expect((await sb.ckpt(a, ['push'])).code).toBe(0);
    sb.git(a, 'fetch', '-q');
    expect(shown()).toBe(2);
    const doctor = await sb.ckpt(a, ['doctor']);
    expect(doctor.stdout).toContain(`missing remote.origin.fetch=^refs/notes/checkpoints/${writer} (run git checkpoint install)`);
    expect((await sb.ckpt(a, ['fetch'])).code).toBe(0);
    expect(shown()).toBe(1);
    sb.git(a, 'fetch', '-q');
    expect(shown()).toBe(2);
    expect((await sb.ckpt(a, ['push'])).code).toBe(0);
    expect(shown()).toBe(1);

    expect((await sb.ckpt(a, ['install'])).stdout).toContain(`^refs/notes/checkpoints/${writer}`);
    sb.git(a, 'fetch', '-q');
    expect(shown()).toBe(1);
    expect((await sb.ckpt(a, ['doctor'])).stdout).toContain('fetch refspecs, notes.displayRef and notes.rewriteRef in place');
  });
});

describe('a remote with malformed checkpoints', () => {
  it('fetches fine; list warns about each and skips it', async () => {
    const { bare, a, b } = await makeTeam(sb, 'malformed', (p) => `file://${p}`);
    const [good] = await saveMany(sb, a, 'good one', 1);
    await sb.ckpt(a, ['push']);
    // Mallory writes checkpoints by hand: broken JSON and a wrong schema.
    const bad = [
      ['mallory-aaaaaa', '{ not json', '20261101-120000-aaaa'],
      ['mallory-bbbbbb', JSON.stringify({ schema: 'git-checkpoint/v1', id: '20261101-120000-bbbb', task: 42 }), '20261101-120000-bbbb'],
    ] as const;
    for (const [writer, content, id] of bad) {
      const oid = sb.gitIn(bare, ['hash-object', '-w', '--stdin'], content);
      const tree = sb.gitIn(bare, ['mktree'], `100644 blob ${oid}\tcheckpoint.json\n`);
      const msg = `checkpoint: evil\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: main\n`;
      const commit = sb.git(bare, 'commit-tree', tree, '-m', msg).trim();
      sb.git(bare, 'update-ref', `refs/checkpoints/${writer}`, commit);
    }
    const fetch = await sb.ckpt(b, ['fetch']);
    expect(fetch.code).toBe(0);
    expect(fetch.stdout).toContain('fetched 3 new checkpoints from origin');
    const list = await sb.ckpt(b, ['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('good one 1');
    expect(list.stdout).not.toContain('evil');
    const warnings = list.stderr.split('\n').filter((l) => l.startsWith('warning: skipping invalid checkpoint '));
    expect(warnings).toHaveLength(2);
    expect(JSON.parse((await sb.ckpt(b, ['list', '--json'])).stdout).checkpoints.map((c: { id: string }) => c.id)).toEqual([good]);
    const show = await sb.ckpt(b, ['show', '20261101-120000-aaaa']);
    expect(show.code).toBe(1);
    expect(show.stderr).toMatch(/^error: checkpoint [0-9a-f]+ is invalid/);
  });
});
