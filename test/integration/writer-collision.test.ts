/**
 * Two copies of one repository share a writer id (`cp -a` of a clone, a
 * restored backup): the copy fetched from the remote holds the other copy's
 * line of the same chain. Detected and said by push, fetch, list, doctor and
 * the pre-push hook; both lines are listed; `doctor --fix` gives this copy a
 * writer id of its own and moves its checkpoints there, nothing rewritten
 * on the remote and nothing lost on either side (also when killed midway).
 * Through the built bin, with real git and a bare remote over file://.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let bare: string;
let a: string;
let c: string;
let writer: string;
const ids: Record<string, string> = {};

const save = async (dir: string, title: string) => {
  const res = await sb.ckpt(dir, ['save', '-m', title]);
  expect(res.code, res.stderr).toBe(0);
  ids[title] = res.stdout.trim();
};
const remoteTip = (ref: string) => sb.git(bare, 'rev-parse', ref).trim();
const listed = async (dir: string) => (JSON.parse((await sb.ckpt(dir, ['list', '--json', '-n', '0'])).stdout).checkpoints as { id: string; writer: string; remote: string | null; title: string }[]);

beforeAll(async () => {
  sb = makeSandbox();
  const seed = sb.repo('seed');
  bare = join(sb.root, 'shared.git');
  sb.git(sb.root, 'clone', '-q', '--bare', seed, bare);
  a = join(sb.root, 'a');
  sb.git(sb.root, 'clone', '-q', `file://${bare}`, a);
  expect((await sb.ckpt(a, ['install'])).code).toBe(0);
  await save(a, 'one');
  expect((await sb.ckpt(a, ['push'])).code).toBe(0);
  writer = sb.git(a, 'config', 'checkpoint.writer').trim();
  // The copy: the same .git, the same writer id.
  c = join(sb.root, 'c');
  cpSync(a, c, { recursive: true, verbatimSymlinks: true });
  await save(a, 'two by a');
  expect((await sb.ckpt(a, ['push'])).code).toBe(0);
  await save(c, 'three by c');
}, 120_000);
afterAll(() => sb.cleanup());

describe('two copies sharing a writer id', () => {
  it('push is refused, nothing is overwritten, and the hint names the mend', async () => {
    const before = remoteTip(`refs/checkpoints/${writer}`);
    const push = await sb.ckpt(c, ['push']);
    expect(push.code).toBe(1);
    expect(push.stderr).toContain(`hint: the remote holds checkpoints under your writer id (${writer}) that this clone did not save`);
    expect(push.stderr).toContain('git checkpoint doctor --fix');
    expect(remoteTip(`refs/checkpoints/${writer}`)).toBe(before);
  });

  it('fetch says another copy saves under the id', async () => {
    const fetch = await sb.ckpt(c, ['fetch']);
    expect(fetch.code).toBe(0);
    expect(fetch.stdout).toBe(`fetched 1 new checkpoint from origin: 1 from ${writer}\n`);
    expect(fetch.stderr).toBe(
      `warning: another copy of this repository saves under your writer id ${writer}: origin holds 1 checkpoint under it that this clone did not save (listed as '${writer} (origin)')\n` +
      'hint: give this copy a writer id of its own (its checkpoints move there; nothing on the remote changes) with: git checkpoint doctor --fix\n',
    );
  });

  it('list shows both lines of work, and says why', async () => {
    const res = await sb.ckpt(c, ['list']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`${writer} (origin)  two by a`);
    expect(res.stdout).toMatch(new RegExp(`${writer} +three by c`));
    expect(res.stdout).toContain('showing 3 of 3');
    expect(res.stderr).toContain(`warning: another copy of this repository saves under your writer id ${writer}`);
    // `show` finds the other copy's checkpoint by its id.
    expect((await sb.ckpt(c, ['show', ids['two by a']!])).code).toBe(0);
  });

  it('doctor fails on it; the pre-push hook says the same instead of suggesting a push that fails', async () => {
    const doctor = await sb.ckpt(c, ['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(`FAIL  writer: ${writer}: another copy of this repository saves under your writer id ${writer}`);
    sb.git(c, 'commit', '-q', '--allow-empty', '-m', 'code from c');
    const push = await runProcess('git', ['push', '-q', 'origin', 'HEAD:refs/heads/from-c'], c, sb.env);
    expect(push.code).toBe(0);
    expect(push.stderr).toContain('warning: checkpoints not pushed to origin');
    expect(push.stderr).toContain('git checkpoint doctor --fix');
    expect(push.stderr).not.toContain('try: git checkpoint push');
  });

  it('doctor --fix killed midway is finished by the next one', async () => {
    const copy = join(sb.root, 'c-killed');
    cpSync(c, copy, { recursive: true, verbatimSymlinks: true });
    // Stops right after the new chain ref is made: config, notes and the old refs are not yet moved.
    const stopped = await sb.ckpt(copy, ['doctor', '--fix'], { env: { GIT_CHECKPOINT_FAULT: 'ref' } });
    expect(stopped.code).not.toBe(0);
    expect(sb.git(copy, 'config', 'checkpoint.writer').trim()).toBe(writer);
    const fixed = await sb.ckpt(copy, ['doctor', '--fix']);
    expect(fixed.code, fixed.stdout).toBe(0);
    const now = sb.git(copy, 'config', 'checkpoint.writer').trim();
    expect(now).not.toBe(writer);
    expect(sb.git(copy, 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/').trim().split('\n').sort())
      .toEqual([`refs/checkpoints/${now}`, `refs/checkpoints/remotes/origin/${writer}`]);
    expect((await sb.ckpt(copy, ['doctor'])).code).toBe(0);
  });

  it('doctor --fix gives this copy its own id and moves its checkpoints; the remote is untouched', async () => {
    const remoteBefore = remoteTip(`refs/checkpoints/${writer}`);
    const fixed = await sb.ckpt(c, ['doctor', '--fix']);
    expect(fixed.code, fixed.stdout).toBe(0);
    const mine = sb.git(c, 'config', 'checkpoint.writer').trim();
    expect(mine).not.toBe(writer);
    expect(mine).toMatch(/^ada-[a-z0-9]{6}$/);
    expect(fixed.stdout).toContain(`ok    writer: ${writer} was shared with another copy of this repository: this copy is now ${mine}, its 1 own checkpoint(s) moved`);
    expect(remoteTip(`refs/checkpoints/${writer}`)).toBe(remoteBefore);
    // Every checkpoint is still here, each once; this copy's under the new id, with its id and content.
    const rows = await listed(c);
    expect(rows.map((r) => [r.title, r.writer, r.remote]).sort()).toEqual([
      ['one', writer, 'origin'], ['three by c', mine, null], ['two by a', writer, 'origin'],
    ]);
    expect(rows.find((r) => r.title === 'three by c')!.id).toBe(ids['three by c']);
    const record = JSON.parse((await sb.ckpt(c, ['show', ids['three by c']!, '--json'])).stdout);
    expect(record).toMatchObject({ id: ids['three by c'], writer: mine, task: { title: 'three by c' } });
    // The old chain's tip is kept, as prune and drop keep theirs.
    expect(sb.git(c, 'log', '--format=%s', `refs/checkpoint-dropped/${writer}`).trim().split('\n')[0]).toBe('checkpoint: three by c');
    // Config follows: the own notes left out of fetch and followed by rewrites are the new id's.
    expect(sb.git(c, 'config', '--get-all', 'remote.origin.fetch')).toContain(`^refs/notes/checkpoints/${mine}`);
    expect(sb.git(c, 'config', '--get-all', 'remote.origin.fetch')).not.toContain(`^refs/notes/checkpoints/${writer}`);
    expect((await sb.ckpt(c, ['doctor'])).code).toBe(0);
    expect((await sb.ckpt(c, ['list'])).stderr).toBe('');
  });

  it('after it, push sends this copy\'s chain, and the other copy sees both lines', async () => {
    const mine = sb.git(c, 'config', 'checkpoint.writer').trim();
    const push = await sb.ckpt(c, ['push']);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stdout).toContain('pushed 1 new checkpoint to origin');
    expect((await sb.ckpt(a, ['fetch'])).stdout).toBe(`fetched 1 new checkpoint from origin: 1 from ${mine}\n`);
    const rows = await listed(a);
    expect(rows.map((r) => [r.title, r.writer, r.remote]).sort()).toEqual([
      ['one', writer, null], ['three by c', mine, 'origin'], ['two by a', writer, null],
    ]);
    expect((await sb.ckpt(a, ['doctor'])).code).toBe(0);
    expect((await sb.ckpt(c, ['fetch'])).stderr).toBe('');
  });
});

describe('the latest on a branch: one answer for list, resume and the reminder', () => {
  /** The reminder the post-checkout hook prints on arriving at `branch` (the tool answering, and the script from its copy). */
  async function arrive(dir: string, branch: string): Promise<string> {
    const answers: string[] = [];
    for (const env of [{ GIT_CHECKPOINT_HOOK_NODE: '1' }, {}] as Record<string, string>[]) {
      sb.git(dir, '-c', 'core.hooksPath=/dev/null', 'switch', '-q', branch === 'main' ? 'other' : 'main');
      const res = await runProcess('git', ['switch', '-q', branch], dir, { ...sb.env, ...env });
      answers.push(res.stderr.split('\n').find((l) => l.startsWith(`checkpoint: on '${branch}'`)) ?? '');
    }
    expect(answers[1]).toBe(answers[0]);
    return answers[0]!;
  }

  it('after a drop and after its undo command, the reminder names what list and latest name', async () => {
    const dir = sb.repo('rewind');
    const remote = join(sb.root, 'rewind.git');
    sb.git(sb.root, 'init', '-q', '--bare', remote);
    sb.git(dir, 'remote', 'add', 'origin', remote);
    sb.git(dir, 'branch', 'other');
    expect((await sb.ckpt(dir, ['install', '-q'])).code).toBe(0);
    for (const title of ['first', 'second', 'third']) {
      await save(dir, title);
      await new Promise((r) => setTimeout(r, 1100));
    }
    expect((await sb.ckpt(dir, ['push'])).code).toBe(0);
    const drop = await sb.ckpt(dir, ['drop', 'latest']);
    expect(drop.code).toBe(0);
    const undo = /undo with: (git update-ref \S+ [0-9a-f]+)/.exec(drop.stderr)![1]!;
    const latestTitle = async () => JSON.parse((await sb.ckpt(dir, ['show', 'latest', '--json'])).stdout).task.title as string;
    const firstListed = async () => (await listed(dir))[0]!.title;

    expect(await firstListed()).toBe('second');
    expect(await latestTitle()).toBe('second');
    expect(await arrive(dir, 'main')).toMatch(/^checkpoint: on 'main': "second", /);

    const [cmd, ...args] = undo.split(' ');
    expect(cmd).toBe('git');
    sb.git(dir, ...args);
    expect(await firstListed()).toBe('third');
    expect(await latestTitle()).toBe('third');
    expect(await arrive(dir, 'main')).toMatch(/^checkpoint: on 'main': "third", /);
    // The notes were rebuilt for the dropped chain: the hint's second step brings them back.
    expect(drop.stderr).toContain(`${undo} (the chain before; git reflog ${undo.split(' ')[2]} lists earlier ones), then git checkpoint doctor --fix`);
    expect((await sb.ckpt(dir, ['doctor'])).stdout).toMatch(/^FAIL {2}notes: 1 missing/m);
    expect((await sb.ckpt(dir, ['doctor', '--fix'])).code).toBe(0);
    expect((await sb.ckpt(dir, ['doctor'])).code).toBe(0);
  }, 60_000);

  it('names this clone\'s newest on the branch first, as latest does, and anyone\'s where it has none', async () => {
    const mate = join(sb.root, 'mate');
    sb.git(sb.root, 'clone', '-q', `file://${bare}`, mate);
    sb.git(mate, 'config', 'user.email', 'bob@example.com');
    sb.git(mate, 'switch', '-q', '-c', 'other');
    await new Promise((r) => setTimeout(r, 1100));
    await save(mate, 'mate on other');
    sb.git(mate, 'switch', '-q', 'main');
    await save(mate, 'mate on main, newer than a\'s');
    expect((await sb.ckpt(mate, ['push'])).code).toBe(0);
    expect((await sb.ckpt(a, ['fetch'])).code).toBe(0);
    sb.git(a, 'branch', '-f', 'other', 'main');
    const latestOnMain = JSON.parse((await sb.ckpt(a, ['show', 'latest', '--json'])).stdout).task.title;
    expect(latestOnMain).toBe('two by a');
    expect(await arrive(a, 'main')).toMatch(/^checkpoint: on 'main': "two by a", .* by ada-/);
    expect(await arrive(a, 'other')).toMatch(/^checkpoint: on 'other': "mate on other", .* by bob-/);
  }, 60_000);
});
