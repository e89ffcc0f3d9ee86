import { describe, expect, it } from 'vitest';
import { contentKeys } from '../../src/checkpoint/schema.js';
import { makeMemCli, type MemCli } from '../helpers/mem-cli.js';
import { claudeTranscript, PLANTED, SESSION, USER_TURNS } from '../helpers/transcript.js';

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

  it('session-start prints nothing without a checkpoint on this branch, and never fails', async () => {
    const m = await makeMemCli();
    expect(await m.cli(['hook', 'agent-session-start'], { stdin: '' })).toEqual({ code: 0, stdout: '', stderr: '' });
    const bad = await m.cli(['hook', 'agent-session-start'], { stdin: '{not json' });
    expect(bad.code).toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^warning: /);
  });

  it.each([
    ['another session', { session_id: 'aaaaaaaa-0000-4000-8000-000000000000' }, 'belongs to session 5f0c2a8e'],
    ['a session outside the repository', { cwd: '/elsewhere' }, 'outside this repository'],
    ['a missing transcript', { transcript_path: '/nope.jsonl' }, 'cannot read the transcript'],
  ])('saves nothing for %s and says why', async (_name, over, why) => {
    const m = await withTranscript();
    const res = await m.cli(['hook', 'agent-pre-compact'], { stdin: hookInput(over) });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error: not saving a checkpoint before compaction: ');
    expect(res.stderr).toContain(why);
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(0);
  });

  it('refuses a transcript recorded in another directory', async () => {
    const m = await withTranscript(claudeTranscript({ cwd: '/other/project' }));
    const res = await m.cli(['hook', 'agent-pre-compact'], { stdin: hookInput() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('recorded in /other/project');
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
