/**
 * A rewriting command finishes what an interrupted run of itself left: prune
 * or drop stopped between moving the chain and rebuilding the notes leaves
 * notes that name dropped checkpoints; the next prune (or drop) rebuilds them
 * first and says so, and doctor is clean after it. Through the built bin:
 * stopped by the fault switch right after the chain moved, and SIGKILLed
 * (with its git children) at moments spread over a run and right as the chain
 * ref moves.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let template: string;
let writer: string;
const SAVES = 14;
const KEEP = 4;

beforeAll(async () => {
  sb = makeSandbox();
  template = sb.repo('template');
  for (let i = 1; i <= SAVES; i++) expect((await sb.ckpt(template, ['save', '-m', `step ${i}`])).code).toBe(0);
  writer = sb.git(template, 'config', 'checkpoint.writer').trim();
}, 120_000);
afterAll(() => sb.cleanup());

let copies = 0;
/** A fresh copy of the template repository (SAVES checkpoints, notes whole). */
function copy(): string {
  const dir = join(sb.root, `copy-${++copies}`);
  cpSync(template, dir, { recursive: true });
  return dir;
}

const notesOk = async (dir: string) => {
  const doctor = await sb.ckpt(dir, ['doctor']);
  return { ok: doctor.code === 0, out: doctor.stdout };
};

describe('prune and drop stopped right after the chain moved', () => {
  it.each([
    ['prune', ['prune', '--keep', String(KEEP)]],
    ['drop', ['drop', 'latest~2']],
  ])('%s: doctor fails, the next run finishes the notes and says so, doctor is clean', async (_name, args) => {
    const dir = copy();
    const stopped = await sb.ckpt(dir, args, { env: { GIT_CHECKPOINT_FAULT: 'ref' } });
    expect(stopped.code).not.toBe(0);
    const broken = await notesOk(dir);
    expect(broken.ok).toBe(false);
    expect(broken.out).toMatch(/FAIL {2}notes: 0 missing, \d+ stale line\(s\), left by an interrupted prune or drop/);
    // The same command again (nothing left to drop for prune; another one for drop) finishes the notes first.
    const again = await sb.ckpt(dir, args);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.split('\n')[0]).toMatch(/^finished an interrupted prune or drop: notes rebuilt \(\d+ stale lines?, 0 missing\)$/);
    const healed = await notesOk(dir);
    expect(healed.ok, healed.out).toBe(true);
    // Finished once: a third run has nothing to finish.
    expect((await sb.ckpt(dir, args)).stdout).not.toContain('interrupted');
  });

  it('prune --dry-run says what was left and changes nothing', async () => {
    const dir = copy();
    await sb.ckpt(dir, ['prune', '--keep', String(KEEP)], { env: { GIT_CHECKPOINT_FAULT: 'ref' } });
    const dry = await sb.ckpt(dir, ['prune', '--keep', String(KEEP), '--dry-run', '--json']);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, dropped: [], notes: 'unchanged' });
    expect((await notesOk(dir)).ok).toBe(false);
  });
});

/** Starts prune as git starts the tool, in its own process group, so a SIGKILL takes its git children too. */
function startPrune(dir: string) {
  const child = spawn(process.execPath, [BUNDLE, 'prune', '--keep', String(KEEP)], { cwd: dir, env: sb.env, stdio: 'ignore', detached: true });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  return { exited, kill };
}

describe('prune SIGKILLed', () => {
  it('at moments spread over a run, and as the chain moves: the next prune leaves doctor clean', async () => {
    const timing = copy();
    const started = Date.now();
    const first = startPrune(timing);
    await first.exited;
    const typical = Date.now() - started;
    const chainFile = (dir: string) => join(dir, '.git', 'refs', 'checkpoints', writer);
    let caughtBetween = 0;
    const moments = [0.1, 0.3, 0.5, 0.7, 0.85, 1].map((f) => Math.floor(f * typical));
    for (const at of [...moments, 'chain moved' as const, 'chain moved' as const]) {
      const dir = copy();
      const before = readFileSync(chainFile(dir), 'utf8');
      const run = startPrune(dir);
      if (at === 'chain moved') {
        // Polls the loose ref as git rewrites it; bounded by the run itself.
        let done = false;
        void run.exited.then(() => (done = true));
        while (!done) {
          if (!existsSync(chainFile(dir)) || readFileSync(chainFile(dir), 'utf8') !== before) {
            run.kill();
            break;
          }
          await new Promise((r) => setImmediate(r));
        }
      } else {
        setTimeout(run.kill, at);
      }
      await run.exited;
      if (!(await notesOk(dir)).ok) caughtBetween++;
      let again = await sb.ckpt(dir, ['prune', '--keep', String(KEEP)]);
      // A git child killed while it held a ref lock leaves the lock, as git itself does: the run names
      // the file and says to remove it; done as told, the next prune finishes.
      const stale = /Unable to create '([^']+\.lock)': File exists/.exec(again.stderr);
      if (again.code !== 0 && stale) {
        expect(again.stderr, `${at}`).toContain(`remove the file manually to continue (rm -- ${stale[1]})`);
        rmSync(stale[1]!);
        again = await sb.ckpt(dir, ['prune', '--keep', String(KEEP)]);
      }
      expect(again.code, `${at}: ${again.stderr}`).toBe(0);
      const after = await notesOk(dir);
      expect(after.ok, `${at}: ${after.out}`).toBe(true);
      expect(sb.git(dir, 'rev-list', '--count', `refs/checkpoints/${writer}`).trim()).toBe(String(KEEP));
    }
    if (process.env.CRASH_DEBUG) console.log(`runs killed between the chain and its notes: ${caughtBetween}`);
  }, 180_000);
});
