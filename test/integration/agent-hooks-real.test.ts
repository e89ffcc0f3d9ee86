import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, runProcess, type Sandbox } from '../helpers/sandbox.js';
import { claudeTranscript, SESSION } from '../helpers/transcript.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

/** Runs an installed hook command the way agents do: `sh -c <command>`, the hook JSON on stdin. */
const runHook = (command: string, cwd: string, input: unknown, env: Record<string, string> = {}) =>
  runProcess('sh', ['-c', command], cwd, { ...sb.env, ...env }, JSON.stringify(input));

function withTranscript(dir: string): string {
  const transcript = join(sb.root, 'home', '.claude', 'projects', dir.replace(/\//g, '-'), `${SESSION}.jsonl`);
  mkdirSync(join(transcript, '..'), { recursive: true });
  writeFileSync(transcript, claudeTranscript({ cwd: dir }));
  return transcript;
}

const installed = (dir: string, file = '.claude/settings.local.json') => JSON.parse(readFileSync(join(dir, file), 'utf8')).hooks;

describe('agent hooks never block and never hide (real git)', () => {
  it('a save whose notes link fails exits 0 (Claude Code reads exit 2 as "block compaction"), shows it, and doctor reports it', async () => {
    const dir = sb.repo('locked');
    expect((await sb.ckpt(dir, ['agent', 'install', 'claude'])).code).toBe(0);
    const command = installed(dir).PreCompact[0].hooks[0].command as string;
    expect((await sb.ckpt(dir, ['save', '-m', 'first'])).code).toBe(0);
    const writer = sb.git(dir, 'config', 'checkpoint.writer').trim();
    writeFileSync(join(dir, '.git', 'refs', 'notes', 'checkpoints', `${writer}.lock`), '');
    const transcript = withTranscript(dir);
    const res = await runHook(command, dir, { session_id: SESSION, transcript_path: transcript, cwd: dir, hook_event_name: 'PreCompact', trigger: 'auto' });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout, res.stderr).not.toBe('');
    expect(JSON.parse(res.stdout).systemMessage).toMatch(/^git checkpoint: checkpoint \S+ saved before this compaction, but its notes link failed/);
    const doctor = await sb.ckpt(dir, ['doctor']);
    expect(doctor.stdout).toMatch(/FAIL {2}agent hooks: last failure \S+ \(claude pre-compact\): checkpoint \S+ saved before this compaction, but its notes link failed/);
  });

  it('finds the repository from the input cwd when the process runs elsewhere', async () => {
    const dir = sb.repo('elsewhere');
    const transcript = withTranscript(dir);
    const res = await runHook('git checkpoint hook agent-pre-compact claude', sb.root, { session_id: SESSION, transcript_path: transcript, cwd: dir, hook_event_name: 'PreCompact', trigger: 'auto' });
    expect(res).toMatchObject({ code: 0, stdout: '' });
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(1);
  });

  it('falls back to CLAUDE_PROJECT_DIR when the session\'s cwd moved outside any work tree', async () => {
    const dir = sb.repo('moved');
    const transcript = withTranscript(dir);
    const input = { session_id: SESSION, transcript_path: transcript, cwd: sb.root, hook_event_name: 'PreCompact', trigger: 'auto' };
    const res = await runHook('git checkpoint hook agent-pre-compact claude', sb.root, input, { CLAUDE_PROJECT_DIR: dir });
    expect(res).toMatchObject({ code: 0, stdout: '' });
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(1);
  });

  it('saves next to a nested worktree under .claude/worktrees/ (Claude Code\'s own --worktree)', async () => {
    const dir = sb.repo('nested');
    sb.git(dir, 'worktree', 'add', '-q', join(dir, '.claude', 'worktrees', 'x'), '-b', 'x');
    const transcript = withTranscript(dir);
    const res = await runHook('git checkpoint hook agent-pre-compact claude', dir, { session_id: SESSION, transcript_path: transcript, cwd: dir, hook_event_name: 'PreCompact', trigger: 'auto' });
    expect(res).toMatchObject({ code: 0, stdout: '' });
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(1);
  });

  it('a stdin that never closes ends the hook within 5 s, saving nothing and saying so', async () => {
    const dir = sb.repo('stuck');
    const started = Date.now();
    const res = await new Promise<{ code: number | null; stdout: string }>((resolvePromise) => {
      const child = spawn('git', ['checkpoint', 'hook', 'agent-pre-compact', 'claude'], { cwd: dir, env: sb.env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stdin.write('{"session_id": "abc", ');
      child.on('close', (code) => {
        child.stdin.destroy();
        resolvePromise({ code, stdout });
      });
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).systemMessage).toContain('the hook input did not arrive');
    expect(JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout).total).toBe(0);
  });

  it('the --project command does nothing, and fails nothing, for a teammate without git-checkpoint', async () => {
    const dir = sb.repo('teammate');
    expect((await sb.ckpt(dir, ['agent', 'install', 'claude', '--project'])).code).toBe(0);
    const hooks = installed(dir, '.claude/settings.json');
    const noTool = { PATH: '/usr/bin:/bin' };
    for (const command of [hooks.PreCompact[0].hooks[0].command, hooks.SessionStart[0].hooks[0].command] as string[]) {
      expect(await runHook(command, dir, { session_id: SESSION, cwd: dir }, noTool)).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    expect(hooks.PreCompact[0].hooks[0].timeout).toBeGreaterThan(0);
  });
});
