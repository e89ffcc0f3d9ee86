/**
 * Nothing is lost (SPEC §9): `save` killed after each write step (the
 * GIT_CHECKPOINT_FAULT switch) and with SIGKILL at random moments leaves the
 * repository valid — `git fsck --strict` clean, every listed checkpoint whole
 * and readable — and `doctor --fix` restores every missing note.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/mem-cli.js';
import { BUNDLE, makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let dir: string;
const attempted = new Set<string>();
const KILLS = 16;

/** Runs the bundle with node directly (not through `git`), so SIGKILL hits the tool itself. */
function startSave(title: string, env: Record<string, string> = {}) {
  attempted.add(title);
  const child = spawn(process.execPath, [BUNDLE, 'save', '-m', title, '--decision', `why ${title} :: because`], {
    cwd: dir, env: { ...sb.env, ...env }, stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited };
}

beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('crash');
  expect(await startSave('before the crashes').exited).toBe(0);
});
afterAll(() => sb.cleanup());

describe('save killed at any moment', () => {
  it('dies after each write step without leaving a partial checkpoint', async () => {
    for (const step of ['objects', 'ref', 'note']) {
      const { exited } = startSave(`fault after ${step}`, { GIT_CHECKPOINT_FAULT: step });
      expect(await exited).not.toBe(0);
    }
  });

  it(`is SIGKILLed at ${KILLS} random moments`, async () => {
    const started = Date.now();
    expect(await startSave('timing run').exited).toBe(0);
    const typical = Date.now() - started;
    const random = seededRandom(42);
    for (let i = 0; i < KILLS; i++) {
      const { child, exited } = startSave(`killed ${i}`);
      const delay = Math.floor(random() * typical * 1.2);
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      await exited;
      clearTimeout(timer);
    }
    // git subprocesses of a killed save finish on their own; a save after them must work.
    expect(await startSave('after the crashes').exited).toBe(0);
  }, 60_000);

  it('leaves a repository that git fsck --strict accepts', () => {
    expect(() => sb.git(dir, 'fsck', '--strict', '--no-dangling')).not.toThrow();
  });

  it('lists only whole checkpoints, each readable, each one that was asked for', async () => {
    const list = await sb.ckpt(dir, ['list', '--json', '-n', '0']);
    expect(list.code).toBe(0);
    expect(list.stderr).not.toContain('invalid');
    const listed = JSON.parse(list.stdout).checkpoints as { id: string; title: string; commit: string }[];
    if (process.env.CRASH_DEBUG) console.log('killed saves that landed:', listed.filter((c) => c.title.startsWith('killed')).length, 'of', KILLS);
    expect(listed.map((c) => c.title)).toContain('fault after note');
    expect(listed.map((c) => c.title)).toContain('fault after ref');
    expect(listed.map((c) => c.title)).not.toContain('fault after objects');
    for (const c of listed) {
      expect(attempted.has(c.title), c.title).toBe(true);
      expect(sb.git(dir, 'ls-tree', '--name-only', c.commit).split('\n').filter(Boolean)).toEqual(['CHECKPOINT.md', 'checkpoint.json', 'wip']);
      const shown = await sb.ckpt(dir, ['show', c.id, '--format', 'json']);
      expect(shown.code).toBe(0);
      expect(JSON.parse(shown.stdout).decisions).toEqual([{ what: `why ${c.title}`, why: 'because' }]);
    }
  });

  it('doctor --fix restores a note for every checkpoint', async () => {
    expect((await sb.ckpt(dir, ['doctor', '--fix'])).code).toBe(0);
    expect((await sb.ckpt(dir, ['doctor'])).code).toBe(0);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    const note = sb.git(dir, 'notes', '--ref', `refs/notes/checkpoints/${writer}`, 'show', 'HEAD');
    const listed = JSON.parse((await sb.ckpt(dir, ['list', '--json', '-n', '0'])).stdout).checkpoints as { id: string }[];
    const lines = note.split('\n').filter(Boolean);
    expect(lines).toHaveLength(listed.length);
    for (const c of listed) expect(lines.filter((l) => l.startsWith(`checkpoint ${c.id} on main: `))).toHaveLength(1);
  });
});
