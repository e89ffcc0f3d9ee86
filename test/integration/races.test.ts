/**
 * Concurrent saves all land (SPEC §3, §9): 16 `save` processes across two
 * worktrees of one clone (one writer, one chain, one notes ref), started
 * together with readers and repairers of the same refs. Every checkpoint must
 * be in the chain and in the notes, exactly once.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type RunResult, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let main: string;
let second: string;
const SAVES = 16;

/** Commands run over and over while the saves are in flight. */
const ALONGSIDE: string[][] = [['doctor', '--fix'], ['list', '--json'], ['fetch', 'origin'], ['prune', '--dry-run', '--keep', '1000']];

beforeAll(() => {
  sb = makeSandbox();
  main = sb.repo('race');
  second = join(sb.root, 'race-second');
  sb.git(main, 'worktree', 'add', '-q', '-b', 'second', second);
  const remote = join(sb.root, 'remote.git');
  sb.git(sb.root, 'init', '-q', '--bare', remote);
  sb.git(main, 'remote', 'add', 'origin', remote);
});
afterAll(() => sb.cleanup());

describe('16 concurrent saves in two worktrees', () => {
  it('every checkpoint lands in the chain and in the notes', async () => {
    const saves = Array.from({ length: SAVES }, (_, i) =>
      sb.ckpt(i % 2 ? second : main, ['save', '-m', `racer ${i}`, '--json']),
    );
    let saving = true;
    const all = Promise.all(saves).finally(() => (saving = false));
    const others: RunResult[] = [];
    // Each repeats until the saves are done (bounded), so some runs meet a chain and notes that are moving.
    const loops = ALONGSIDE.map(async (args) => {
      for (let n = 0; saving && n < 30; n++) others.push(await sb.ckpt(n % 2 ? second : main, args));
    });
    const results: RunResult[] = await all;
    await Promise.all(loops);
    expect(others.length).toBeGreaterThan(ALONGSIDE.length);
    for (const r of others) expect(r.code, r.stderr).toBe(0);
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const saved = results.map((r) => JSON.parse(r.stdout) as { id: string; writer: string; notes: string });
    expect(new Set(saved.map((s) => s.writer)).size).toBe(1);
    expect(saved.every((s) => s.notes === 'ok')).toBe(true);

    const writer = saved[0]!.writer;
    const chain = sb.git(main, 'log', '--first-parent', '--format=%(trailers:key=Checkpoint-Id,valueonly)', `refs/checkpoints/${writer}`);
    const chainIds = chain.split('\n').filter(Boolean);
    expect(chainIds.sort()).toEqual(saved.map((s) => s.id).sort());
    // Each save numbered the tip it finally landed on: positions 16 down to 1, none twice.
    const seqs = sb.git(main, 'log', '--first-parent', '--format=%(trailers:key=Checkpoint-Seq,valueonly)', `refs/checkpoints/${writer}`);
    expect(seqs.split('\n').filter(Boolean).map(Number)).toEqual(Array.from({ length: SAVES }, (_, i) => SAVES - i));

    const note = sb.git(main, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', 'HEAD').split('\n').filter(Boolean);
    expect(note).toHaveLength(SAVES);
    for (const [i, s] of saved.entries()) {
      expect(note).toContain(`checkpoint ${s.id} on ${i % 2 ? 'second' : 'main'}: racer ${i}`);
    }
    expect(() => sb.git(main, 'fsck', '--strict', '--no-dangling')).not.toThrow();
    expect((await sb.ckpt(main, ['doctor'])).code).toBe(0);
  }, 60_000);
});

describe('a chain lock that keeps changing', () => {
  it('save gives up after a set time naming the lock (exit 1, the chain unmoved), and saves once the churn stops', async () => {
    const dir = sb.repo('churn');
    expect((await sb.ckpt(dir, ['save', '-m', 'first'])).code).toBe(0);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const tip = sb.git(dir, 'rev-parse', `refs/checkpoints/${writer}`).trim();
    const lock = join(dir, '.git', 'refs', 'checkpoints', `${writer}.lock`);
    // Another process rewriting the lock every 0.3 s: a live holder each time git looks, never the same one.
    let n = 0;
    writeFileSync(lock, `${n}\n`);
    const churn = setInterval(() => writeFileSync(lock, `${++n}\n`), 300);
    try {
      const started = performance.now();
      const res = await sb.ckpt(dir, ['save', '-m', 'during the churn'], { timeoutMs: 40_000 });
      const ms = performance.now() - started;
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`cannot lock ref 'refs/checkpoints/${writer}': '${lock}' was taken by another process on every try for 10 s`);
      expect(ms).toBeGreaterThan(9_000);
      expect(ms).toBeLessThan(20_000);
    } finally {
      clearInterval(churn);
    }
    expect(sb.git(dir, 'rev-parse', `refs/checkpoints/${writer}`).trim()).toBe(tip);
    rmSync(lock);
    const after = await sb.ckpt(dir, ['save', '-m', 'after the churn']);
    expect(after.code, after.stderr).toBe(0);
  }, 60_000);
});
