/**
 * Every command's --json document, on real git, in the shape the man page
 * documents (src/schemas/, as JSON Schema checked by a validator that is not
 * zod): on success and on the partial and failed paths that still print one
 * (exit 1 for a refused push, 2 for a failed notes link, 3 for drift).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_OUTPUTS, jsonSchemaFor } from '../../src/schemas/json-outputs.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

type Command = keyof typeof JSON_OUTPUTS;
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validators = new Map(Object.keys(JSON_OUTPUTS).map((c) => [c, ajv.compile(jsonSchemaFor(c as Command))]));
/** Which command documents the tests saw, so that the last test can say none was left out. */
const seen = new Set<string>();
/** What the last command printed on stderr. */
let stderr = '';

let sb: Sandbox;
let dir: string;
let bare: string;
beforeAll(() => {
  sb = makeSandbox();
  dir = sb.repo('work');
  bare = join(sb.root, 'origin.git');
  sb.git(sb.root, 'init', '-q', '--bare', bare);
  sb.git(dir, 'remote', 'add', 'origin', bare);
});
afterAll(() => sb.cleanup());

/** Runs `git checkpoint <args> --json`, expects `code`, validates stdout as `command`'s document and returns it. */
async function json(command: Command, args: string[], code = 0, cwd = dir): Promise<Record<string, any>> {
  const res = await sb.ckpt(cwd, [...args, '--json']);
  expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(code);
  stderr = res.stderr;
  const doc = JSON.parse(res.stdout);
  const validate = validators.get(command)!;
  expect(validate(doc) ? [] : validate.errors, `${args.join(' ')} --json`).toEqual([]);
  seen.add(command);
  return doc;
}

const write = (path: string, text: string) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};

describe('--json documents match their schemas (real git)', () => {
  it('install, save, synthesize, list, show, log, config, --version', async () => {
    expect((await json('install', ['install', '--manual'])).manual).toBe(true);
    expect((await json('install', ['install'])).hooks.map((h: { action: string }) => h.action)).toEqual(['create', 'create']);
    write('src/a.ts', 'export const a = 1;\n');
    const first = await json('save', ['save', 'alpha', '-m', 'first', '--decision', 'state machine :: the grammar is regular']);
    expect(first.notes).toBe('ok');
    const second = await json('save', ['save', 'beta', '-m', 'second', '--next', 'run the tests']);
    const merged = await json('synthesize', ['synthesize', 'alpha', 'beta', '--label', 'merged']);
    expect(merged.id).not.toBe(second.id);
    expect((await json('list', ['list'])).total).toBe(3);
    expect((await json('list', ['list', '--label', 'nope'])).checkpoints).toEqual([]);
    expect((await json('show', ['show', 'alpha'])).task.title).toBe('first');
    const asFormat = await sb.ckpt(dir, ['show', 'beta', '--format', 'json']);
    expect(validators.get('show')!(JSON.parse(asFormat.stdout))).toBe(true);
    expect((await json('log', ['log'])).checkpoints.length).toBeGreaterThanOrEqual(3);
    sb.git(dir, 'config', 'checkpoint.wip', 'perhaps');
    sb.git(dir, 'config', 'checkpoint.remot', 'origin');
    const config = await json('config', ['config']);
    expect(config.unknown).toEqual(['checkpoint.remot']);
    expect(config.settings.find((s: { key: string }) => s.key === 'checkpoint.wip').values[0].error).not.toBeNull();
    sb.git(dir, 'config', '--unset', 'checkpoint.wip');
    sb.git(dir, 'config', '--unset', 'checkpoint.remot');
    expect((await json('--version', ['--version'])).version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('resume and status, in step and drifted (exit 3); diff; apply', async () => {
    expect((await json('resume', ['resume'])).reconcile.drift).toBe(false);
    expect((await json('status', ['status'])).reconcile.drift).toBe(false);
    sb.git(dir, 'add', '.');
    sb.git(dir, 'commit', '-q', '-m', 'commit the work');
    write('src/b.ts', 'export const b = 2;\n');
    const drifted = await json('status', ['status'], 3);
    expect(drifted.reconcile.worktree.unrecorded).toEqual(['src/b.ts']);
    expect((await json('diff', ['diff'])).commits.map((c: { subject: string }) => c.subject)).toEqual(['commit the work']);
    const saved = await json('save', ['save', '-m', 'b in progress']);
    sb.git(dir, 'clean', '-qfd');
    const applied = await json('apply', ['apply', saved.id]);
    expect(applied.restored).toEqual(['src/b.ts']);
  });

  it('push and fetch share count and rewritten; a refused push still prints its document (exit 1)', async () => {
    const dry = await json('push', ['push', '-n']);
    expect(dry).toMatchObject({ dryRun: true, ok: true, rewritten: [] });
    expect(dry.count).toBeGreaterThan(0);
    const pushed = await json('push', ['push']);
    expect(pushed.count).toBe(dry.count);
    sb.git(dir, 'remote', 'add', 'gone', join(sb.root, 'no-such-remote.git'));
    const refused = await json('push', ['push', 'gone'], 1);
    expect(refused.ok).toBe(false);
    expect(refused.error).not.toBeNull();
    expect(stderr).toMatch(/^error: failed to push checkpoints to 'gone': .+\nhint: check the remote with: git ls-remote gone\n$/);

    const clone = join(sb.root, 'clone');
    sb.git(sb.root, 'clone', '-q', bare, clone);
    const fetched = await json('fetch', ['fetch'], 0, clone);
    expect(fetched.count).toBe(pushed.count);
    expect(fetched.arrived).toEqual([{ writer: sb.git(dir, 'config', 'checkpoint.writer').trim(), count: pushed.count }]);
    expect(await json('fetch', ['fetch'], 0, clone)).toMatchObject({ count: 0, arrived: [], rewritten: [], failed: [] });

    await json('drop', ['drop', 'alpha']);
    expect((await json('push', ['push'])).rewritten).toEqual([sb.git(dir, 'config', 'checkpoint.writer').trim()]);
    expect((await json('fetch', ['fetch'], 0, clone)).rewritten).toEqual([sb.git(dir, 'config', 'checkpoint.writer').trim()]);
  });

  it('prune and drop: a dry run reports notes unchanged; a failed notes rebuild is exit 2 with notes failed', async () => {
    const dry = await json('prune', ['prune', '--keep', '1', '-n']);
    expect(dry).toMatchObject({ dryRun: true, oldTip: null, notes: 'unchanged' });
    expect(dry.dropped.length).toBeGreaterThan(0);
    expect((await json('drop', ['drop', 'beta', '-n'])).notes).toBe('unchanged');
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const lock = join(dir, '.git', 'refs', 'notes', 'checkpoints', `${writer}.lock`);
    writeFileSync(lock, '');
    try {
      const partial = await json('prune', ['prune', '--keep', '1'], 2);
      expect(partial).toMatchObject({ dryRun: false, notes: 'failed', kept: 1 });
      expect(partial.oldTip).not.toBeNull();
      expect(stderr).toContain('error: the chain was rewritten, but the notes could not be rebuilt\nhint: repair them with: git checkpoint doctor --fix\n');
      const saved = await json('save', ['save', '-m', 'notes locked'], 2);
      expect(saved.notes).toBe('failed');
      expect(stderr).toMatch(/error: checkpoint \S+ saved, but the notes link failed: .+\nhint: repair it with: git checkpoint doctor --fix\n$/);
    } finally {
      rmSync(lock);
    }
  });

  it('switch saves then switches, or reports the failed switch (exit 1)', async () => {
    sb.git(dir, 'branch', 'topic');
    write('src/c.ts', 'export const c = 3;\n');
    const moved = await json('switch', ['switch', 'topic', '-m', 'c started']);
    expect(moved).toMatchObject({ switched: true, notes: 'ok', gitExitCode: 0 });
    expect(moved.saved).not.toBeNull();
    const refused = await json('switch', ['switch', 'no-such-branch'], 1);
    expect(refused).toMatchObject({ saved: null, notes: 'unchanged', switched: false });
  });

  it('doctor failing (exit 1) and fixing, agent, uninstall that cannot finish (exit 1) and then can', async () => {
    // The notes rebuild that failed above left them stale.
    const stale = await json('doctor', ['doctor'], 1);
    expect(stale.findings.filter((f: { ok: boolean }) => !f.ok).map((f: { check: string }) => f.check)).toEqual(['notes']);
    expect(await json('doctor', ['doctor', '--fix'])).toMatchObject({ ok: true, fixed: true });
    expect((await json('doctor', ['doctor'])).ok).toBe(true);
    const installed = await json('agent', ['agent', 'install', 'claude']);
    expect(installed.changes.length).toBeGreaterThan(0);
    expect((await json('agent', ['agent', 'uninstall', 'claude'])).action).toBe('uninstall');
    writeFileSync(join(dir, '.git', 'hooks', 'post-checkout'), '#!/bin/sh\n# managed-by: git-checkpoint\nexit 0\n');
    const failing = await json('doctor', ['doctor'], 1);
    expect(failing.findings.some((f: { check: string; ok: boolean }) => f.check === 'hooks' && !f.ok)).toBe(true);
    writeFileSync(join(dir, '.git', 'config.lock'), '');
    try {
      const stuck = await json('uninstall', ['uninstall'], 1);
      expect(stuck.failed.length).toBeGreaterThan(0);
      expect(stderr).toMatch(/^(error: could not remove .+\n)+hint: fix the cause .+ and run git checkpoint uninstall again\n$/);
    } finally {
      rmSync(join(dir, '.git', 'config.lock'));
    }
    const done = await json('uninstall', ['uninstall']);
    expect(done.failed).toEqual([]);
    expect(done.config.filter((c: { action: string }) => c.action === 'removed').length).toBeGreaterThan(0);
    expect(done.config.find((c: { key: string }) => c.key === 'checkpoint.writer')).toMatchObject({ action: 'kept', why: expect.any(String) });
  });

  it('covered every command that has a JSON document', () => {
    expect(Object.keys(JSON_OUTPUTS).filter((c) => !seen.has(c))).toEqual([]);
  });
});
