import { describe, expect, it } from 'vitest';
import { makeMemCli, type MemCli } from '../../helpers/mem-cli.js';
import { claudeTranscript, type Turn } from '../../helpers/transcript.js';

const json = (s: string) => JSON.parse(s);
const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const path = (s: string) => `/home/ada/.claude/projects/-repo/${s}.jsonl`;

async function transcriptFor(m: MemCli, session: string, turns: Turn[]): Promise<void> {
  await m.fs.promises.mkdir('/home/ada/.claude/projects/-repo', { recursive: true });
  await m.fs.promises.writeFile(path(session), claudeTranscript({ cwd: '/repo', session, turns }));
}

const preCompact = (m: MemCli, session: string, over: Record<string, unknown> = {}) => m.cli(['hook', 'agent-pre-compact', 'claude'], {
  stdin: JSON.stringify({ session_id: session, transcript_path: path(session), cwd: '/repo', hook_event_name: 'PreCompact', trigger: 'auto', ...over }),
});
const sessionStart = async (m: MemCli, session: string, source = 'compact') => {
  const res = await m.cli(['hook', 'agent-session-start', 'claude'], { stdin: JSON.stringify({ session_id: session, cwd: '/repo', hook_event_name: 'SessionStart', source }) });
  expect(res.code).toBe(0);
  return res.stdout ? (json(res.stdout).hookSpecificOutput.additionalContext as string) : '';
};
const ids = async (m: MemCli) => json((await m.cli(['list', '--json'])).stdout).checkpoints.map((c: { id: string }) => c.id) as string[];

describe('the right recap', () => {
  it('two sessions on one branch and another writer: each session start injects its own session\'s checkpoint', async () => {
    const m = await makeMemCli();
    await transcriptFor(m, S1, [{ type: 'user', content: 'Session one: fix the parser' }]);
    await transcriptFor(m, S2, [{ type: 'user', content: 'Session two: write the docs' }]);
    expect((await preCompact(m, S1)).code).toBe(0);
    expect((await preCompact(m, S2)).code).toBe(0);
    const [second, first] = await ids(m);
    // A teammate's (another writer's) checkpoint is now the newest on the branch.
    const me = (await m.repo.getConfig('checkpoint.writer'))!;
    await m.repo.setConfig('checkpoint.writer', 'eve-q1w2e3');
    expect((await m.cli(['save', '-m', 'Eve refactors everything'])).code).toBe(0);
    await m.repo.setConfig('checkpoint.writer', me);
    expect(await sessionStart(m, S1)).toContain(`id|${first}|`);
    expect(await sessionStart(m, S1, 'resume')).toContain('TASK|Session one: fix the parser|');
    expect(await sessionStart(m, S2)).toContain(`id|${second}|`);
    // A session with no record of its own (a fork) gets this writer's newest, never Eve's.
    const fork = await sessionStart(m, '33333333-3333-4333-8333-333333333333', 'fork');
    expect(fork).toContain(`id|${second}|`);
    expect(fork).not.toContain('Eve');
  });

  it('one recap per session start: Codex\'s resume-then-compact pair after a compaction injects once; the next compaction injects again', async () => {
    const m = await makeMemCli();
    await transcriptFor(m, S1, [{ type: 'user', content: 'Session one: fix the parser' }]);
    expect((await preCompact(m, S1)).code).toBe(0);
    const [id] = await ids(m);
    expect(await sessionStart(m, S1, 'resume')).toContain(`id|${id}|`);
    expect(await sessionStart(m, S1, 'compact')).toBe('');
    await transcriptFor(m, S1, [{ type: 'user', content: 'Session one: fix the parser' }, { type: 'user', content: 'and the lexer' }]);
    expect((await preCompact(m, S1)).code).toBe(0);
    expect(await sessionStart(m, S1, 'compact')).toContain('TASK|Session one: fix the parser|');
  });

  it('injects nothing rather than another writer\'s checkpoint', async () => {
    const m = await makeMemCli();
    await m.repo.setConfig('checkpoint.writer', 'eve-q1w2e3');
    await m.cli(['save', '-m', 'Eve was here']);
    await m.repo.setConfig('checkpoint.writer', 'ada-a1s2d3');
    expect(await sessionStart(m, S1)).toBe('');
  });
});

describe('a recap that fits', () => {
  it('holds a big record to Claude Code\'s 10,000 characters, in priority order, ending with how to see the rest', async () => {
    const m = await makeMemCli();
    const turns: Turn[] = [{ type: 'user', content: 'Build the importer' }];
    for (let i = 0; i < 60; i++) {
      turns.push({ type: 'assistant', content: [{ type: 'text', text: `<!-- ckpt decision: choice ${i} ${'because '.repeat(20)} | open: question ${i} ${'why '.repeat(20)} -->` }] });
      turns.push({ type: 'user', content: `quote ${i} ${'words '.repeat(60)}` });
    }
    await transcriptFor(m, S1, turns);
    await preCompact(m, S1);
    const id = (await ids(m))[0]!;
    const recap = await sessionStart(m, S1);
    expect(recap.length).toBeLessThanOrEqual(10_000);
    expect(recap).toContain('TASK|Build the importer|');
    expect(recap).toContain('RESUME_HUMAN|');
    expect(recap).toMatch(new RegExp(`… \\d+ more: git checkpoint show ${id}\\n$`));
    // Decisions come before questions, questions before quotes: the newest decision is in, quotes are what gave way.
    expect(recap).toContain('DECISION|choice 59');
    expect(recap.split('\n').filter((l) => l.startsWith('QUOTE|')).length).toBeLessThan(10);
    // Still a recap that reads back.
    expect((await m.cli(['save', '--input', '-'], { stdin: recap })).code).toBe(0);
  });

  it('holds Codex\'s recap to its smaller budget', async () => {
    const m = await makeMemCli();
    const turns: Turn[] = [{ type: 'user', content: 'Build the importer' }];
    for (let i = 0; i < 40; i++) turns.push({ type: 'assistant', content: [{ type: 'text', text: `<!-- ckpt decision: choice ${i} ${'because '.repeat(30)} -->` }] });
    await transcriptFor(m, S1, turns);
    await preCompact(m, S1);
    const res = await m.cli(['hook', 'agent-session-start', 'codex'], { stdin: JSON.stringify({ session_id: S1, cwd: '/repo', hook_event_name: 'SessionStart', source: 'compact', transcript_path: null }) });
    const recap = json(res.stdout).hookSpecificOutput.additionalContext as string;
    expect(recap.length).toBeLessThanOrEqual(6_000);
    expect(recap).toMatch(/more: git checkpoint show /);
  });
});

describe('duplicates and hangs', () => {
  it('a compaction that fires the hook three times saves once; a later change saves again', async () => {
    const m = await makeMemCli();
    await transcriptFor(m, S1, [{ type: 'user', content: 'Do the thing' }]);
    for (let i = 0; i < 3; i++) expect((await preCompact(m, S1)).code).toBe(0);
    expect(await ids(m)).toHaveLength(1);
    await transcriptFor(m, S1, [{ type: 'user', content: 'Do the thing' }, { type: 'user', content: 'and the other thing' }]);
    await preCompact(m, S1);
    expect(await ids(m)).toHaveLength(2);
  });

  it('a second compaction with the same transcript saves again when the work tree changed, and only then', async () => {
    const m = await makeMemCli();
    await transcriptFor(m, S1, [{ type: 'user', content: 'Do the thing' }]);
    await preCompact(m, S1);
    await m.writeFile('new.txt', 'new\n');
    await m.writeFile('README.md', '# demo, edited\n');
    const again = await preCompact(m, S1);
    expect(again.stderr).not.toContain('nothing changed');
    expect(await ids(m)).toHaveLength(2);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec.git.worktree.files.map((f: { path: string }) => f.path)).toEqual(['README.md', 'new.txt']);
    await m.writeFile('new.txt', 'new, edited\n');
    await preCompact(m, S1);
    expect(await ids(m)).toHaveLength(3);
    expect((await preCompact(m, S1)).stderr).toContain('nothing changed');
    expect(await ids(m)).toHaveLength(3);
  });

  it('a save by hand between two compactions: the second one saves again', async () => {
    const m = await makeMemCli();
    await transcriptFor(m, S1, [{ type: 'user', content: 'Do the thing' }]);
    await preCompact(m, S1);
    expect((await m.cli(['save', '-m', 'by hand'])).code).toBe(0);
    await preCompact(m, S1);
    expect(await ids(m)).toHaveLength(3);
  });

  it('the same content after the window saves again', async () => {
    const m = await makeMemCli();
    await transcriptFor(m, S1, [{ type: 'user', content: 'Do the thing' }]);
    await preCompact(m, S1);
    m.clock.now = new Date(m.clock.now.getTime() + 10 * 60_000);
    await preCompact(m, S1);
    expect(await ids(m)).toHaveLength(2);
  });

  it('a stdin that never closes ends the hook: nothing saved, and it says so', async () => {
    const m = await makeMemCli();
    const res = await m.cli(['hook', 'agent-pre-compact', 'claude'], { stdin: '{"session_id": "x", "transc', stdinOpen: true });
    expect(res.code).toBe(0);
    expect(json(res.stdout).systemMessage).toMatch(/no checkpoint saved before this compaction: the hook input did not arrive: stdin was still open after 2 s/);
    expect(await ids(m)).toHaveLength(0);
  });

  it('a whole JSON input on a stdin left open still saves', async () => {
    const m = await makeMemCli();
    const res = await m.cli(['hook', 'agent-pre-compact', 'codex'], { stdin: JSON.stringify({ session_id: S1, transcript_path: null, cwd: '/repo', hook_event_name: 'PreCompact', trigger: 'auto' }), stdinOpen: true });
    expect(res).toMatchObject({ code: 0, stdout: '' });
    expect(await ids(m)).toHaveLength(1);
  });
});

describe('Codex without a transcript', () => {
  it('transcript_path null still saves the git state, recorded as the session\'s checkpoint', async () => {
    const m = await makeMemCli({ files: { 'src/a.ts': 'x\n' } });
    const res = await m.cli(['hook', 'agent-pre-compact', 'codex'], { stdin: JSON.stringify({ session_id: S1, transcript_path: null, cwd: '/repo', hook_event_name: 'PreCompact', trigger: 'manual' }) });
    expect(res).toMatchObject({ code: 0, stdout: '' });
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec.compactImminent).toBe(true);
    expect(rec.notes).toContain('No transcript was read.');
    const start = await m.cli(['hook', 'agent-session-start', 'codex'], { stdin: JSON.stringify({ session_id: S1, cwd: '/repo', hook_event_name: 'SessionStart', source: 'compact' }) });
    expect(json(start.stdout).hookSpecificOutput.additionalContext).toContain(`id|${rec.id}|`);
  });
});

describe('Gemini CLI re-injects through BeforeAgent once after a compression', () => {
  it('the first turn after PreCompress gets the recap, the turns before and after it get nothing', async () => {
    const m = await makeMemCli();
    const gemini = (event: string) => m.cli(['hook', event === 'PreCompress' ? 'agent-pre-compact' : 'agent-session-start', 'gemini'], {
      stdin: JSON.stringify({ session_id: S1, transcript_path: null, cwd: '/repo', hook_event_name: event, timestamp: '2026-11-30T09:00:00Z', prompt: 'go on', trigger: 'auto' }),
    });
    expect((await gemini('BeforeAgent')).stdout).toBe('');
    expect((await gemini('PreCompress')).code).toBe(0);
    const first = await gemini('BeforeAgent');
    expect(json(first.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'BeforeAgent' });
    expect(json(first.stdout).hookSpecificOutput.additionalContext).toMatch(/^SESSION_RECAP\/1\n/);
    expect((await gemini('BeforeAgent')).stdout).toBe('');
  });
});

describe('doctor and the last agent-hook failure', () => {
  it('reports it until a later save succeeds', async () => {
    const m = await makeMemCli();
    const bad = await m.cli(['hook', 'agent-pre-compact', 'claude'], { stdin: JSON.stringify({ session_id: S1, transcript_path: '/missing.jsonl', cwd: '/repo' }) });
    expect(json(bad.stdout).systemMessage).toContain('cannot read the transcript /missing.jsonl');
    expect((await m.cli(['doctor'])).stdout).toContain('FAIL  agent hooks: last failure');
    await transcriptFor(m, S1, [{ type: 'user', content: 'Try again' }]);
    expect((await preCompact(m, S1)).stdout).toBe('');
    expect((await m.cli(['doctor'])).stdout).not.toContain('agent hooks');
  });
});
