/**
 * Two `git checkpoint switch` at once in one worktree: each checkpoint is
 * recorded for the branch that was checked out when it was saved (SPEC §5),
 * never for a branch another switch left meanwhile.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

describe('concurrent switches', () => {
  it('record every checkpoint for the branch it was saved on', async () => {
    const dir = sb.repo('race');
    for (const b of ['a', 'b']) {
      sb.git(dir, 'switch', '-q', '-c', b, 'main');
      writeFileSync(join(dir, `${b}.txt`), `${b}\n`);
      sb.git(dir, 'add', '.');
      sb.git(dir, 'commit', '-q', '-m', `on ${b}`);
    }
    for (let round = 0; round < 6; round++) {
      sb.git(dir, 'switch', '-q', 'main');
      writeFileSync(join(dir, 'notes.md'), `round ${round}\n`);
      const [one, two] = await Promise.all([
        sb.ckpt(dir, ['switch', 'a', '-m', `round ${round} to a`]),
        sb.ckpt(dir, ['switch', 'b', '-m', `round ${round} to b`]),
      ]);
      expect([one.code, two.code], one.stderr + two.stderr).toEqual([0, 0]);
      const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
      const log = sb.git(dir, 'log', '-2', '--format=%H', `refs/checkpoints/${writer}`).trim().split('\n').reverse();
      const records = log.map((c) => JSON.parse(sb.git(dir, 'show', `${c}:checkpoint.json`)));
      // The first saved left main; the second left where the first arrived.
      const first = records[0].task.title.endsWith('to a') ? 'a' : 'b';
      expect(records.map((r) => r.git.branch)).toEqual(['main', first]);
      for (const r of records) expect(r.git.head).toBe(sb.git(dir, 'rev-parse', `refs/heads/${r.git.branch}`).trim());
      expect(sb.git(dir, 'branch', '--show-current').trim()).toBe(first === 'a' ? 'b' : 'a');
    }
  }, 240_000);

  it('takes over the lock a switch that died left behind', async () => {
    const dir = sb.repo('dead-lock');
    sb.git(dir, 'branch', 'side');
    writeFileSync(join(dir, 'notes.md'), 'work\n');
    const dead = spawnSync('true').pid!;
    mkdirSync(join(dir, '.git', 'checkpoint'), { recursive: true });
    writeFileSync(join(dir, '.git', 'checkpoint', 'switch.lock'), `${dead} ${Date.now()}`);
    const res = await sb.ckpt(dir, ['switch', 'side', '-m', 'after a crash']);
    expect(res.code, res.stderr).toBe(0);
    expect(sb.git(dir, 'branch', '--show-current').trim()).toBe('side');
    expect(existsSync(join(dir, '.git', 'checkpoint', 'switch.lock'))).toBe(false);
  }, 60_000);
});
