import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex, claimIndexBuild } from '../../../src/checkpoint/listing/branch-checkpoint.js';
import { lastHeadMove } from '../../../src/hook/head-move.js';
import { renderReminder } from '../../../src/hook/reminder.js';
import { planHook, type HookFacts } from '../../../src/install/hook-plan.js';
import { MARKER } from '../../../src/install/hook-scripts.js';
import { detectManager, managerSnippet } from '../../../src/install/managers.js';
import { makeMemCli } from '../../helpers/mem-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'gcp-unit-hooks-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const now = new Date('2026-11-29T12:00:00Z');
const hoursAgo = (h: number) => Math.floor(now.getTime() / 1000) - h * 3600;

describe('the post-checkout reminder', () => {
  it('names what was left, the save command, and what waits', () => {
    const text = renderReminder({
      left: 'feature/login', leftLast: { title: 'old', writer: 'ada-abc123', time: hoursAgo(3) }, uncommitted: 2,
      arrived: 'main', arrivedLast: { title: 'Fix the race', writer: 'bob-xyz789', time: hoursAgo(50) }, complete: true, now,
    });
    expect(text).toBe([
      "checkpoint: left 'feature/login': 2 uncommitted changes came along; last checkpoint 3 hours ago",
      'checkpoint:   save it: git checkpoint save --branch feature/login -m "<what you were doing>"',
      `checkpoint: on 'main': "Fix the race", 2 days ago by bob-xyz789`,
      'checkpoint:   resume:  git checkpoint resume',
      '',
    ].join('\n'));
  });

  it('quotes odd branch names for the shell and escapes stored control characters', () => {
    const text = renderReminder({
      left: "it's$HOME", leftLast: null, uncommitted: 0, arrived: 'main',
      arrivedLast: { title: 'evil \x1b[31mred\x07', writer: 'eve-\x1b]0;x', time: hoursAgo(1) }, complete: true, now,
    });
    expect(text).toContain(`--branch 'it'\\''s$HOME' -m`);
    expect(text).toContain('no uncommitted changes; no checkpoint yet');
    expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(text).toContain('evil \\x1b[31mred\\x07');
  });

  it('says nothing about the arrival when that branch has no checkpoint', () => {
    const text = renderReminder({ left: null, leftLast: null, uncommitted: null, arrived: 'main', arrivedLast: null, complete: true, now });
    expect(text).toBe('');
  });

  it('does not say "no checkpoint yet" when only the newest checkpoints were read', () => {
    const text = renderReminder({ left: 'old-work', leftLast: null, uncommitted: 1, arrived: 'main', arrivedLast: null, complete: false, now });
    expect(text).toContain("left 'old-work': 1 uncommitted change came along\n");
    expect(text).not.toContain('no checkpoint yet');
  });
});

describe('the background build of the branch index', () => {
  /** The git dir's files of one repository with no chain yet, in a map. */
  function store() {
    const files = new Map<string, string>();
    return {
      files,
      listRefs: async () => [],
      walkCommits: async () => [],
      readGitFile: async (name: string) => files.get(name) ?? null,
      writeGitFile: async (name: string, content: string) => { files.set(name, content); },
      deleteGitFile: async (name: string) => { files.delete(name); },
    };
  }
  const t0 = Date.parse('2026-12-01T08:00:00Z');

  it('runs one at a time, is retried two minutes after a build that never finished, and is free again once one did', async () => {
    const s = store();
    expect(await claimIndexBuild(s, t0)).toBe(true);
    expect(await claimIndexBuild(s, t0 + 1000)).toBe(false);
    expect(await claimIndexBuild(s, t0 + 119_000)).toBe(false);
    expect(await claimIndexBuild(s, t0 + 120_000)).toBe(true);
    await buildIndex(s);
    expect(s.files.has('branch-index.json')).toBe(true);
    expect(await claimIndexBuild(s, t0 + 121_000)).toBe(true);
  });

  it('is not claimed when the claim cannot be written (a read-only repository): the hook then starts nothing', async () => {
    const s = { ...store(), writeGitFile: async () => { throw Object.assign(new Error('read-only file system'), { code: 'EROFS' }); } };
    expect(await claimIndexBuild(s, t0)).toBe(false);
  });
});

describe('install plans', () => {
  const facts = (content: string | null, keptExists = false): HookFacts => ({
    name: 'post-checkout', path: '/h/post-checkout', content: content === null ? null : Buffer.from(content), keptExists,
    script: `#!/bin/sh\n${MARKER}\nours v2\n`,
  });
  it.each([
    [null, false, false, 'create'],
    [`#!/bin/sh\n${MARKER}\nours v2\n`, false, false, 'unchanged'],
    [`#!/bin/sh\n${MARKER}\nours v1\n`, false, false, 'update'],
    ['#!/bin/sh\necho mine\n', false, false, 'chain'],
    ['#!/bin/sh\necho mine\n', false, true, 'replace'],
    ['#!/bin/sh\necho mine\n', true, false, 'blocked'],
  ] as const)('%j (kept copy %s, --force %s) → %s', (content, kept, force, kind) => {
    expect(planHook(facts(content, kept), force).kind).toBe(kind);
  });

  it('detects hook managers from their configuration', async () => {
    const dir = join(tmp, 'managers');
    mkdirSync(dir);
    expect(await detectManager(dir, null)).toBeNull();
    expect((await detectManager(dir, '.husky/_'))?.name).toBe('husky');
    writeFileSync(join(dir, 'package.json'), '{"name": "x", "simple-git-hooks": {}}');
    expect((await detectManager(dir, null))?.name).toBe('simple-git-hooks');
    writeFileSync(join(dir, '.pre-commit-config.yaml'), 'repos: []\n');
    expect((await detectManager(dir, null))?.name).toBe('pre-commit');
    writeFileSync(join(dir, 'lefthook.yml'), '{}\n');
    const lefthook = await detectManager(dir, null);
    expect(lefthook).toEqual({ name: 'lefthook', evidence: 'lefthook.yml' });
    expect(managerSnippet(lefthook!)).toContain('run: git checkpoint hook pre-push -- {0}');
  });
});

describe('the HEAD reflog', () => {
  it('tells a branch switch from other moves', async () => {
    const gitDir = join(tmp, 'git');
    mkdirSync(join(gitDir, 'logs'), { recursive: true });
    const oid = 'a'.repeat(40);
    const entry = (msg: string) => `${oid} ${oid} A <a@b> 1700000000 +0000\t${msg}\n`;
    writeFileSync(join(gitDir, 'logs', 'HEAD'), entry('commit: x') + entry('checkout: moving from feature/x to main'));
    expect(await lastHeadMove(gitDir)).toEqual({ message: 'checkout: moving from feature/x to main', from: 'feature/x' });
    writeFileSync(join(gitDir, 'logs', 'HEAD'), entry(`checkout: moving from ${oid} to main`));
    expect((await lastHeadMove(gitDir)).from).toBeNull();
    writeFileSync(join(gitDir, 'logs', 'HEAD'), entry('rebase (start): checkout main'));
    expect(await lastHeadMove(gitDir)).toEqual({ message: 'rebase (start): checkout main', from: null });
    expect(await lastHeadMove(join(tmp, 'none'))).toEqual({ message: null, from: null });
  });
});

describe('hook, install and help commands on the embedded backend', () => {
  it('the hook command always exits 0', async () => {
    const mem = await makeMemCli();
    expect(await mem.cli(['hook', 'no-such-hook'])).toMatchObject({ code: 0, stdout: '' });
    const clone = await mem.cli(['hook', 'post-checkout', '0'.repeat(40), 'b'.repeat(40), '1']);
    expect(clone).toEqual({ code: 0, stdout: '', stderr: '' });
    const fault = await mem.cli(['hook', 'pre-push', 'origin', 'url'], { env: { GIT_CHECKPOINT_HOOK_FAULT: 'pre-push' } });
    expect(fault).toEqual({ code: 0, stdout: '', stderr: 'warning: git-checkpoint pre-push hook failed: injected fault\n' });
  });

  it('install needs the git binary (exit 128); help falls back to text off a terminal', async () => {
    const mem = await makeMemCli();
    const install = await mem.cli(['install']);
    expect(install.code).toBe(128);
    expect(install.stderr).toContain("fatal: 'install' needs the git binary");
    const help = await mem.cli(['help']);
    expect(help.code).toBe(0);
    for (const cmd of ['install', 'uninstall', 'switch', 'hook']) expect(help.stdout).toContain(`   ${cmd} `);
    expect((await mem.cli(['help', 'switch'])).stdout).toContain('-c, --create <new-branch>');
    expect((await mem.cli(['help', 'nope'])).code).toBe(129);
  });
});
