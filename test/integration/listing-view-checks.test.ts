/**
 * The head of the last listing answers `list -n` and `latest` while it holds.
 * When a chain moves onto a commit whose record turns out invalid, or whose
 * record dates it older than its commit says, checking that row must neither
 * crash the command nor leave the head in the wrong order for the next one.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

/** A repository with `n` saved checkpoints; its chain ref and tip. */
async function chainOf(name: string, n: number): Promise<{ dir: string; ref: string; tip: string }> {
  const dir = sb.repo(name);
  for (let i = 1; i <= n; i++) expect((await sb.ckpt(dir, ['save', '-m', `step ${i}`])).code).toBe(0);
  const ref = sb.git(dir, 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/').trim();
  return { dir, ref, tip: sb.git(dir, 'rev-parse', ref).trim() };
}

/** A commit on top of `tip` holding `record` (text) under the trailers of `id`, committed now. */
function forge(dir: string, tip: string, record: string, id: string, writer: string): string {
  const blob = sb.gitIn(dir, ['hash-object', '-w', '--stdin'], record);
  const tree = sb.gitIn(dir, ['mktree'], `100644 blob ${blob}\tcheckpoint.json\n`);
  const message = `checkpoint: forged\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: main\n`;
  // Committed a second after the newest save at least: unchecked, it lists first.
  const when = `${Math.floor(Date.now() / 1000) + 1} +0000`;
  const res = spawnSync('git', ['commit-tree', tree, '-p', tip, '-F', '-'], { cwd: dir, input: message, encoding: 'utf8', env: { ...sb.env, GIT_COMMITTER_DATE: when } });
  expect(res.status, res.stderr).toBe(0);
  return res.stdout.trim();
}

describe('the head of the last listing after the chain moved', () => {
  it('a new tip whose record is invalid: list -n 1 warns and lists the rest, then and next time', async () => {
    const { dir, ref, tip } = await chainOf('invalid-tip', 4);
    expect((await sb.ckpt(dir, ['list', '-n', '1'])).code).toBe(0);
    const writer = ref.slice('refs/checkpoints/'.length);
    const bad = forge(dir, tip, '{broken', '20300101-000000-bad1', writer);
    sb.git(dir, 'update-ref', ref, bad);
    for (let run = 0; run < 2; run++) {
      const res = await sb.ckpt(dir, ['list', '-n', '1', '--json']);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toContain(`warning: skipping invalid checkpoint ${bad}`);
      const page = JSON.parse(res.stdout);
      expect(page.checkpoints.map((c: { title: string }) => c.title)).toEqual(['step 4']);
      expect(page.total).toBe(4);
    }
    const latest = await sb.ckpt(dir, ['show', 'latest', '--json']);
    expect(JSON.parse(latest.stdout).task.title).toBe('step 4');
  });

  it('a new tip whose record claims an older date: latest stays the newest, and the page stays in order', async () => {
    const { dir, ref, tip } = await chainOf('older-claim', 4);
    expect((await sb.ckpt(dir, ['list', '-n', '1'])).code).toBe(0);
    const writer = ref.slice('refs/checkpoints/'.length);
    const record = JSON.parse(sb.git(dir, 'show', `${tip}:checkpoint.json`));
    const id = '20260101-000000-old1';
    const older = { ...record, id, createdAt: new Date(Date.parse(record.createdAt) - 3600_000).toISOString(), task: { ...record.task, title: 'claims older' } };
    const forged = forge(dir, tip, `${JSON.stringify(older, null, 2)}\n`, id, writer);
    sb.git(dir, 'update-ref', ref, forged);
    // This listing checks the new tip: its record orders it last.
    const first = JSON.parse((await sb.ckpt(dir, ['list', '-n', '1', '--json'])).stdout);
    expect(first.checkpoints.map((c: { title: string }) => c.title)).toEqual(['step 4']);
    // The next commands read the head it left behind.
    for (const args of [['show', 'latest', '--json'], ['status', '--json']]) {
      const res = await sb.ckpt(dir, args);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toContain('step 4');
      expect(res.stdout).not.toContain('claims older');
    }
    const page = JSON.parse((await sb.ckpt(dir, ['list', '-n', '5', '--json'])).stdout);
    expect(page.checkpoints.map((c: { title: string }) => c.title)).toEqual(['step 4', 'step 3', 'step 2', 'step 1', 'claims older']);
  });
});
