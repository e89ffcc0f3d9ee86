import { describe, expect, it } from 'vitest';
import { contentKeys } from '../../../src/checkpoint/record/schema.js';
import { makeMemCli, type MemCli } from '../../helpers/mem-cli.js';
import { claudeTranscript, PLANTED, SESSION, USER_TURNS } from '../../helpers/transcript.js';

const json = (s: string) => JSON.parse(s);
const contentOf = (rec: Record<string, unknown>) => Object.fromEntries(contentKeys.map((k) => [k, rec[k]]));
const TRANSCRIPT = `/home/ada/.claude/projects/-repo/${SESSION}.jsonl`;

async function withTranscript(text = claudeTranscript({ cwd: '/repo' })): Promise<MemCli> {
  const m = await makeMemCli({ files: { 'src/up.ts': 'export function upload() {}\n' } });
  await m.fs.promises.mkdir('/home/ada/.claude/projects/-repo', { recursive: true });
  await m.fs.promises.writeFile(TRANSCRIPT, text);
  return m;
}

const hookInput = (over: Record<string, unknown> = {}) => JSON.stringify({
  session_id: SESSION, transcript_path: TRANSCRIPT, cwd: '/repo', hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '', ...over,
});

describe('hook agent-pre-compact', () => {
  it('saves the harvest: verbatim quotes, trailer decisions, todos, no planted secret', async () => {
    const m = await withTranscript();
    const res = await m.cli(['hook', 'agent-pre-compact'], { stdin: hookInput() });
    expect(res.stderr).toContain('redacted: ');
    expect(res.code).toBe(0);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec).toMatchObject({ compactImminent: true, mode: 'routine', task: { title: 'Add retries to the uploader. Never retry POST requests — they are not idempotent. | Keep it small.', status: 'in_progress' } });
    expect(rec.quotes.map((q: { text: string }) => q.text)).toEqual([
      USER_TURNS[0], USER_TURNS[1]!.replace(PLANTED.github, '[REDACTED:github-token]'), USER_TURNS[2],
    ]);
    expect(rec.quotes.every((q: { by: string; verbatim: boolean }) => q.by === 'user' && q.verbatim)).toBe(true);
    expect(rec.decisions).toEqual([
      { what: 'exponential backoff', why: 'the API rate-limits bursts', by: 'agent' },
      { what: 'keep the v1 API', why: 'clients pin it', by: 'agent' },
    ]);
    expect(rec.rejected).toEqual([{ what: 'fixed 1 s sleep', why: 'still tripped the limit under load' }]);
    expect(rec.constraints).toEqual(['POST requests are never retried']);
    expect(rec.questions).toEqual(['which region hosts staging?']);
    expect(rec.learnings).toEqual(['the staging key [REDACTED:aws-key] has write access']);
    expect(rec.links).toEqual(['https://example.com/docs/limits']);
    expect(rec.files).toEqual([{ path: 'src/up.ts', why: 'edited' }]);
    expect(rec.todos).toEqual([
      { text: 'Write the retry loop', status: 'in_progress' }, { text: 'Add a test for 429 responses', status: 'pending' },
      { text: 'Read the uploader', status: 'completed' },
    ]);
    expect(rec.nextSteps).toEqual(['Write the retry loop', 'Add a test for 429 responses']);
    expect(rec.redactions).toEqual({ 'aws-key': 1, 'github-token': 1 });
    const commit = (await m.repo.readRef(`refs/checkpoints/${rec.writer}`))!;
    for (const path of ['checkpoint.json', 'CHECKPOINT.md']) {
      const blob = Buffer.from((await m.repo.readBlobAt(commit, path))!).toString('utf8');
      expect(blob).not.toContain(PLANTED.github);
      expect(blob).not.toContain(PLANTED.aws);
    }
  });

  it('session-start output fed back through save --input gives the same content', async () => {
    const m = await withTranscript();
    expect((await m.cli(['hook', 'agent-pre-compact'], { stdin: hookInput() })).code).toBe(0);
    const start = await m.cli(['hook', 'agent-session-start'], { stdin: JSON.stringify({ session_id: SESSION, cwd: '/repo', hook_event_name: 'SessionStart', source: 'compact' }) });
    expect(start.code).toBe(0);
    const out = json(start.stdout);
    expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
    const recap: string = out.hookSpecificOutput.additionalContext;
    expect(recap.split('\n')[0]).toBe('SESSION_RECAP/1');
    expect(recap).toContain('RECONCILE|branch|match|\n');
    expect(recap).toContain('RECONCILE|head|same|\n');
    expect(recap).toContain('COMPACT_IMMINENT|true\n');
    const first = json((await m.cli(['show', '--json'])).stdout);
    expect((await m.cli(['save', '--input', '-'], { stdin: recap })).code).toBe(0);
    const second = json((await m.cli(['show', '--json'])).stdout);
    expect(second.id).not.toBe(first.id);
    expect(contentOf(second)).toEqual(contentOf(first));
  });

  it('session-start prints nothing without a checkpoint on this branch, and never fails (a bad input is shown, exit 0)', async () => {
    const m = await makeMemCli();
    expect(await m.cli(['hook', 'agent-session-start'], { stdin: '' })).toEqual({ code: 0, stdout: '', stderr: '' });
    const bad = await m.cli(['hook', 'agent-session-start'], { stdin: '{not json' });
    expect(bad.code).toBe(0);
    expect(json(bad.stdout).systemMessage).toBe('git checkpoint: no checkpoint recap for this session: the hook input is not a JSON object');
    expect(bad.stderr).toMatch(/^warning: /);
  });

  it.each([
    ['another session', { session_id: 'aaaaaaaa-0000-4000-8000-000000000000' }, 'belongs to session 5f0c2a8e'],
    ['a missing transcript', { transcript_path: '/nope.jsonl' }, 'cannot read the transcript'],
  ])('saves nothing for %s, says why in the agent\'s non-blocking shape, exit 0', async (_name, over, why) => {
    const m = await withTranscript();
    const res = await m.cli(['hook', 'agent-pre-compact'], { stdin: hookInput(over) });
    expect(res.code).toBe(0);
    const notice = json(res.stdout).systemMessage as string;
    expect(notice).toContain('git checkpoint: no checkpoint saved before this compaction: ');
    expect(notice).toContain(why);
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(0);
    const doctor = await m.cli(['doctor']);
    expect(doctor.stdout).toMatch(/FAIL {2}agent hooks: last failure .*\(claude pre-compact\): .*/);
  });

  it('keeps the record bounded: huge trailer values are clipped, old items fall off', async () => {
    const turns = Array.from({ length: 120 }, (_, i) => ({
      type: 'assistant' as const, content: [{ type: 'text', text: `<!-- ckpt decision: d${i} ${'x'.repeat(100_000)} | learning: l${i} -->` }],
    }));
    const m = await withTranscript(claudeTranscript({ cwd: '/repo', turns: [{ type: 'user', content: 'go' }, ...turns] }));
    expect((await m.cli(['hook', 'agent-pre-compact'], { stdin: hookInput() })).code).toBe(0);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec.decisions).toHaveLength(50);
    // Cut at a word boundary: a 100,000-character word is dropped whole, never cut into a fragment.
    expect(rec.decisions[0].what).toBe('d70…');
    expect(rec.learnings.at(-1)).toBe('l119');
  });

  it('saves a transcript recorded in a directory that has since moved out of the work tree', async () => {
    const m = await withTranscript(claudeTranscript({ cwd: '/other/project' }));
    const res = await m.cli(['hook', 'agent-pre-compact'], { stdin: hookInput({ cwd: '/other/project' }) });
    expect(res).toMatchObject({ code: 0, stdout: '' });
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(1);
  });
});

describe('Codex rollout transcripts', () => {
  it('harvests user turns, update_plan and trailers from a Codex session', async () => {
    const m = await makeMemCli();
    const id = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const file = `/home/ada/.codex/sessions/2026/11/29/rollout-2026-11-29T09-00-00-${id}.jsonl`;
    const item = (payload: unknown) => JSON.stringify({ timestamp: '2026-11-29T09:00:00.000Z', type: 'response_item', payload });
    const text = [
      JSON.stringify({ timestamp: '2026-11-29T09:00:00.000Z', type: 'session_meta', payload: { id, cwd: '/repo', originator: 'codex_cli_rs', cli_version: '0.64.0' } }),
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>' }] }),
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Fix the login redirect; keep the cookie name.' }] }),
      item({ type: 'function_call', name: 'update_plan', arguments: JSON.stringify({ plan: [{ step: 'find the redirect', status: 'completed' }, { step: 'patch it', status: 'in_progress' }] }), call_id: 'call_1' }),
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Found it.\n<!-- ckpt decision: redirect after the session is written | reasoning: the race lost the cookie -->' }] }),
    ].join('\n');
    await m.fs.promises.mkdir(file.replace(/\/[^/]+$/, ''), { recursive: true });
    await m.fs.promises.writeFile(file, `${text}\n`);
    const res = await m.cli(['hook', 'agent-pre-compact'], { stdin: JSON.stringify({ session_id: id, transcript_path: file, cwd: '/repo', hook_event_name: 'PreCompact', trigger: 'auto' }) });
    expect(res.code).toBe(0);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec.task.title).toBe('Fix the login redirect; keep the cookie name.');
    expect(rec.quotes).toEqual([{ text: 'Fix the login redirect; keep the cookie name.', by: 'user', verbatim: true }]);
    expect(rec.todos).toEqual([{ text: 'find the redirect', status: 'completed' }, { text: 'patch it', status: 'in_progress' }]);
    expect(rec.decisions).toEqual([{ what: 'redirect after the session is written', why: 'the race lost the cookie', by: 'agent' }]);
  });
});

describe('save --transcript', () => {
  it('harvests on demand; flags still win', async () => {
    const m = await withTranscript();
    const res = await m.cli(['save', '--transcript', TRANSCRIPT, '-m', 'Retry work']);
    expect(res.code).toBe(0);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec.task.title).toBe('Retry work');
    expect(rec.compactImminent).toBe(false);
    expect(rec.decisions).toHaveLength(2);
    expect(rec.quotes).toHaveLength(3);
  });

  it('refuses a file that is not a transcript with exit 129', async () => {
    const m = await withTranscript('hello\nworld\n');
    expect((await m.cli(['save', '--transcript', TRANSCRIPT])).code).toBe(129);
  });
});
