/**
 * `apply` killed at any moment (SIGKILL to its whole process group, git
 * children included) leaves each file either as it was or as the checkpoint
 * has it — never truncated, which would then count as the user's own change —
 * and the temporary index and staging files it leaves behind are removed by
 * the next run.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/mem-cli.js';
import { BUNDLE, makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let dir: string;
const SIZE = 24 << 20;
const KILLS = 12;
const hashOf = (data: Buffer) => createHash('sha1').update(data).digest('hex');
const fileHash = () => {
  try {
    return hashOf(readFileSync(join(dir, 'big.bin')));
  } catch {
    return 'missing';
  }
};
let before: string;
let after: string;

/** Runs `apply latest` as its own process group; kills the group after `delay` ms (never when delay is null). */
function apply(delay: number | null): Promise<void> {
  const child = spawn(process.execPath, [BUNDLE, 'apply', 'latest'], { cwd: dir, env: sb.env, stdio: 'ignore', detached: true });
  const timer = delay === null ? null : setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch { /* already gone */ }
  }, delay);
  return new Promise((resolve) => child.on('close', () => {
    if (timer) clearTimeout(timer);
    resolve();
  }));
}

beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('apply-kill');
  sb.git(dir, 'config', 'checkpoint.maxFileSize', '100m');
  const a = Buffer.alloc(SIZE, 'a');
  writeFileSync(join(dir, 'big.bin'), a);
  sb.git(dir, 'add', 'big.bin');
  sb.git(dir, 'commit', '-q', '-m', 'big');
  const b = Buffer.alloc(SIZE, 'b');
  writeFileSync(join(dir, 'big.bin'), b);
  expect((await sb.ckpt(dir, ['save', '-m', 'big change'])).code).toBe(0);
  [before, after] = [hashOf(a), hashOf(b)];
});
afterAll(() => sb.cleanup());

describe('apply killed at any moment', () => {
  it(`leaves big.bin whole after ${KILLS} kills at random moments`, async () => {
    sb.git(dir, 'checkout', '--', 'big.bin');
    const started = Date.now();
    await apply(null);
    const typical = Date.now() - started;
    expect(fileHash()).toBe(after);
    const random = seededRandom(7);
    const seen: string[] = [];
    for (let i = 0; i < KILLS; i++) {
      sb.git(dir, 'checkout', '--', 'big.bin');
      await apply(Math.floor(typical * (0.3 + random() * 0.8)));
      const now = fileHash();
      seen.push(now === before ? 'before' : now === after ? 'after' : `torn(${now})`);
    }
    expect(seen.filter((s) => s.startsWith('torn')), seen.join(' ')).toEqual([]);
  }, 120_000);

  it('the next run removes the temporary files the killed ones left', async () => {
    sb.git(dir, 'checkout', '--', 'big.bin');
    await apply(null);
    expect(fileHash()).toBe(after);
    const left = readdirSync(join(dir, '.git', 'checkpoint')).filter((n) => /^(tmp-index|apply)-/.test(n));
    expect(left).toEqual([]);
  });
});
