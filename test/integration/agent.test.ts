import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKeys } from '../../src/checkpoint/record/schema.js';
import { allObjectText, makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { claudeTranscript, PLANTED, SESSION, USER_TURNS } from '../helpers/transcript.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const contentOf = (rec: Record<string, unknown>) => Object.fromEntries(contentKeys.map((k) => [k, rec[k]]));

/** A repository `name` with a Claude Code session's transcript, and the PreCompact hook input for an automatic compaction. */
function claudeSession(name: string): { dir: string; transcript: string; input: string } {
  const dir = sb.repo(name);
  const transcript = join(sb.root, 'home', '.claude', 'projects', `-${name}`, `${SESSION}.jsonl`);
  mkdirSync(join(transcript, '..'), { recursive: true });
  writeFileSync(transcript, claudeTranscript({ cwd: dir }));
  return { dir, transcript, input: JSON.stringify({ session_id: SESSION, transcript_path: transcript, cwd: dir, hook_event_name: 'PreCompact', trigger: 'auto' }) };
}

describe('agent hooks on real git', () => {
  it('pre-compact saves the harvest with no planted secret in any object; session-start round-trips', async () => {
    const dir = sb.repo('agent');
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'up.ts'), 'export function upload() {}\n');
    const transcript = join(sb.root, 'home', '.claude', 'projects', '-agent', `${SESSION}.jsonl`);
    mkdirSync(join(transcript, '..'), { recursive: true });
    writeFileSync(transcript, claudeTranscript({ cwd: dir }));
    const input = JSON.stringify({ session_id: SESSION, transcript_path: transcript, cwd: dir, hook_event_name: 'PreCompact', trigger: 'manual' });
    const saved = await sb.ckpt(dir, ['hook', 'agent-pre-compact'], { input });
    expect(saved.code).toBe(0);
    const rec = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(rec.compactImminent).toBe(true);
    expect(rec.quotes[0]).toEqual({ text: USER_TURNS[0], by: 'user', verbatim: true });
    expect(rec.quotes[2]).toEqual({ text: USER_TURNS[2], by: 'user', verbatim: true });
    expect(rec.decisions[0]).toEqual({ what: 'exponential backoff', why: 'the API rate-limits bursts', by: 'agent' });
    expect(rec.git.worktree.files.map((f: { path: string }) => f.path)).toEqual(['src/up.ts']);
    const objects = allObjectText(sb, dir);
    expect(objects).toContain('exponential backoff');
    expect(objects).not.toContain(PLANTED.github);
    expect(objects).not.toContain(PLANTED.aws);
    sb.git(dir, 'fsck', '--strict');

    const start = await sb.ckpt(dir, ['hook', 'agent-session-start'], { input: JSON.stringify({ session_id: SESSION, cwd: dir, source: 'compact' }) });
    expect(start.code).toBe(0);
    const recap = JSON.parse(start.stdout).hookSpecificOutput.additionalContext as string;
    expect(recap).toContain('RECONCILE|drift|no|');
    const again = await sb.ckpt(dir, ['save', '--input', '-'], { input: recap });
    expect(again.code).toBe(0);
    const second = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(contentOf(second)).toEqual(contentOf(rec));
  });

  it('a second compaction of the session saves again when the work tree changed; unchanged, it is skipped', async () => {
    const { dir, input } = claudeSession('agent-again');
    const compact = () => sb.ckpt(dir, ['hook', 'agent-pre-compact', 'claude'], { input });
    const count = () => sb.git(dir, 'rev-list', '--count', '--glob=refs/checkpoints/*').trim();
    expect((await compact()).code).toBe(0);
    writeFileSync(join(dir, 'new.txt'), 'new\n');
    writeFileSync(join(dir, 'README.md'), 'edited\n');
    const again = await compact();
    expect([again.code, again.stderr]).toEqual([0, expect.not.stringContaining('nothing changed')]);
    expect(count()).toBe('2');
    const rec = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    expect(rec.git.worktree.files.map((f: { path: string }) => f.path)).toEqual(['README.md', 'new.txt']);
    const third = await compact();
    expect([third.code, third.stderr]).toEqual([0, expect.stringContaining('nothing changed since')]);
    expect(count()).toBe('2');
  });

  it('pre-compact --recap answers with the recap of the checkpoint it saved, once; a problem gets the notice and no recap', async () => {
    const { dir, transcript, input } = claudeSession('agent-recap');
    const saved = await sb.ckpt(dir, ['hook', 'agent-pre-compact', 'claude', '--recap'], { input });
    expect(saved.code, saved.stderr).toBe(0);
    const rec = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
    const recap = JSON.parse(saved.stdout).hookSpecificOutput.additionalContext as string;
    expect(recap.startsWith('SESSION_RECAP/1\n')).toBe(true);
    expect(recap).toContain(`id|${rec.id}|`);
    // The recap was given: the session-start right after the compaction gives it no second time.
    const start = await sb.ckpt(dir, ['hook', 'agent-session-start', 'claude'], { input: JSON.stringify({ session_id: SESSION, cwd: dir, source: 'compact' }) });
    expect(start.stdout).toBe('');
    // Without the flag the save answers nothing.
    writeFileSync(join(dir, 'more.txt'), 'more\n');
    const plain = await sb.ckpt(dir, ['hook', 'agent-pre-compact', 'claude'], { input });
    expect([plain.code, plain.stdout]).toEqual([0, '']);
    // A transcript of another session: nothing saved, the notice only.
    const other = JSON.stringify({ session_id: 'another-session', transcript_path: transcript, cwd: dir, hook_event_name: 'PreCompact', trigger: 'auto' });
    const refused = await sb.ckpt(dir, ['hook', 'agent-pre-compact', 'claude', '--recap'], { input: other });
    expect(refused.code).toBe(0);
    expect(JSON.parse(refused.stdout)).toEqual({ systemMessage: expect.stringContaining('no checkpoint saved before this compaction') });
  });

  it('agent install --user merges into ~/.claude/settings.json and uninstall restores it', async () => {
    const dir = sb.repo('install');
    const file = join(sb.root, 'home', '.claude', 'settings.json');
    mkdirSync(join(file, '..'), { recursive: true });
    const original = '{\n  "theme": "dark",\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]\n  }\n}\n';
    writeFileSync(file, original);
    expect((await sb.ckpt(dir, ['agent', 'install', 'claude', '--user'])).code).toBe(0);
    expect((await sb.ckpt(dir, ['agent', 'install', 'claude', '--user'])).stdout).toMatch(/^already installed/);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(data.hooks)).toEqual(['Stop', 'PreCompact', 'SessionStart']);
    expect((await sb.ckpt(dir, ['agent', 'uninstall', 'claude', '--user'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect((await sb.ckpt(dir, ['agent', 'install', 'codex', '--project'])).code).toBe(0);
    expect(existsSync(join(dir, '.codex', 'hooks.json'))).toBe(true);
  });
});
