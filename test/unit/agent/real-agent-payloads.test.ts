/**
 * Transcripts and hook inputs captured from the agents' own CLIs (by the
 * real-agent suite, `npm run test:agents`; paths shortened to /tmp/sb), and
 * what the hooks do with them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Harvester } from '../../../src/harvest/harvest.js';
import { repoPathMapper } from '../../../src/harvest/harvest-file.js';
import { humanText } from '../../../src/harvest/human-text.js';
import { readCopilotEvents, readGeminiSession } from '../../../src/harvest/transcripts.js';
import { makeMemCli, type MemCli } from '../../helpers/mem-cli.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/agents/${name}`, import.meta.url), 'utf8');
const json = (s: string) => JSON.parse(s);

const CLAUDE = fixture('claude-2.1.332-compacted.jsonl');
const CLAUDE_SESSION = '11111111-2222-4333-8444-555555555555';
/** The file as it stood when the refused /compact fired PreCompact (before the next question). */
const CLAUDE_AT_REFUSAL = CLAUDE.slice(0, CLAUDE.lastIndexOf('\n', CLAUDE.indexOf('"content":"What is next?"')) + 1);
const GEMINI = fixture('gemini-0.61.0-compressed.jsonl');
const GEMINI_SESSION = '8618e483-4e78-480f-8c66-b560ce89f51c';
const TASK = 'Add retries to the uploader. Never retry POST requests.';

async function* linesOf(text: string): AsyncIterable<string> {
  for (const line of text.split('\n')) yield line;
}

async function withTranscript(m: MemCli, path: string, text: string): Promise<void> {
  await m.fs.promises.mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true });
  await m.fs.promises.writeFile(path, text);
}

describe('Claude Code 2.1.332: a compacted session, then a /compact it refused', () => {
  it('harvests across the compaction (its boundary names a parent the file never holds) and sees nothing said since', () => {
    const read = (text: string) => {
      const h = new Harvester(CLAUDE_SESSION, repoPathMapper('/tmp/sb/repo'));
      for (const line of text.split('\n')) h.feed(line);
      return { content: h.content(), facts: h.facts };
    };
    const atRefusal = read(CLAUDE_AT_REFUSAL);
    expect(JSON.stringify(atRefusal.content.task)).toContain(TASK);
    expect(atRefusal.content.quotes?.map((q) => q.text)).toEqual([TASK]);
    expect(atRefusal.facts.saidSinceCompaction).toBe(0);
    const later = read(CLAUDE);
    expect(later.content.quotes?.map((q) => q.text)).toEqual([TASK, 'What is next?']);
    expect(later.facts.saidSinceCompaction).toBe(2);
  });

  it('the pre-compact hook on it saves nothing (Claude Code will not compact) and says why', async () => {
    const m = await makeMemCli();
    const path = `/home/ada/.claude/projects/-repo/${CLAUDE_SESSION}.jsonl`;
    await withTranscript(m, path, CLAUDE_AT_REFUSAL);
    const res = await m.cli(['hook', 'agent-pre-compact', 'claude'], {
      stdin: JSON.stringify({ session_id: CLAUDE_SESSION, transcript_path: path, cwd: '/repo', hook_event_name: 'PreCompact', trigger: 'manual' }),
    });
    expect(res).toMatchObject({ code: 0, stdout: '' });
    expect(res.stderr).toContain('nothing was said since the last compaction');
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(0);
  });

  it('the first compaction of the same session saves the task, with "an automatic compaction" in its notes', async () => {
    const m = await makeMemCli();
    const path = `/home/ada/.claude/projects/-repo/${CLAUDE_SESSION}.jsonl`;
    // The session as it stood before its first /compact: the lines up to the boundary.
    await withTranscript(m, path, CLAUDE.slice(0, CLAUDE.indexOf('{"parentUuid":null,"logicalParentUuid"')));
    const res = await m.cli(['hook', 'agent-pre-compact', 'claude'], {
      stdin: JSON.stringify({ session_id: CLAUDE_SESSION, transcript_path: path, cwd: '/repo', hook_event_name: 'PreCompact', trigger: 'auto' }),
    });
    expect(res.code).toBe(0);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(JSON.stringify(rec.task)).toContain(TASK);
    expect(rec.notes).toContain('Saved automatically before an automatic compaction (Claude Code session');
  });

  it('a /compact with instructions is not the person\'s words about the work; another command\'s arguments are', () => {
    expect(humanText('<command-name>/compact</command-name>\n<command-message>compact</command-message>\n<command-args>keep the retry notes</command-args>')).toBeNull();
    expect(humanText('<command-name>/review</command-name>\n<command-args>the auth module</command-args>')).toBe('/review the auth module');
  });
});

describe('Gemini CLI 0.61.0: a JSONL session that was resumed and compressed', () => {
  it('is read line by line: the person\'s turns (no session or hook context), the compression, the live prompt size', async () => {
    const h = new Harvester(GEMINI_SESSION, repoPathMapper('/tmp/sb/repo'));
    await readGeminiSession(linesOf(GEMINI), h);
    const content = h.content();
    expect(h.facts.unreadable).toBeUndefined();
    expect(h.facts.sessionSeen).toBe(true);
    expect(h.facts.compressed).toBe(true);
    // Counted anew after the compression rewrote the live history: the last model turn's prompt.
    expect(h.facts.promptTokens).toBe(2000);
    const quotes = content.quotes!.map((q) => q.text);
    expect(quotes[0]).toBe(TASK);
    expect(quotes).toContain('Read the README please.');
    expect(quotes.join('\n')).not.toMatch(/SESSION_RECAP|session_context|hook_context/);
  });

  it('PreCompress before a turn that does not compress saves nothing; /compress (manual) saves the session', async () => {
    const m = await makeMemCli();
    const path = '/home/ada/.gemini/tmp/repo/chats/session-2026-12-04T04-37-8618e483.jsonl';
    await withTranscript(m, path, GEMINI);
    const pre = (trigger: string) => m.cli(['hook', 'agent-pre-compact', 'gemini'], {
      stdin: JSON.stringify({ session_id: GEMINI_SESSION, transcript_path: path, cwd: '/repo', hook_event_name: 'PreCompress', trigger }),
    });
    const auto = await pre('auto');
    expect(auto).toMatchObject({ code: 0, stdout: '' });
    expect(auto.stderr).toContain('its last prompt was 2000 tokens, it compresses at 524288');
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(0);
    expect((await pre('manual')).code).toBe(0);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(JSON.stringify(rec.task)).toContain(TASK);
    expect(rec.notes).toContain('before a manual compaction');
  });

  it('a transcript it cannot read is said: a warning, and a note in the record', async () => {
    const m = await makeMemCli();
    const path = '/home/ada/.gemini/tmp/repo/chats/session-broken.jsonl';
    await withTranscript(m, path, 'this is not JSON\nnor is this\n');
    const res = await m.cli(['hook', 'agent-pre-compact', 'gemini'], {
      stdin: JSON.stringify({ session_id: GEMINI_SESSION, transcript_path: path, cwd: '/repo', hook_event_name: 'PreCompress', trigger: 'auto' }),
    });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(`cannot read the transcript ${path} (not a Gemini CLI session`);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec.notes).toContain('The transcript could not be read (not a Gemini CLI session');
  });
});

describe('GitHub Copilot CLI 1.0.102: a session compacted with /compact, then a /compact it refused, then resumed', () => {
  const COPILOT = fixture('copilot-1.0.102-compacted.jsonl');
  const SESSION = '12f31b62-b459-43d7-9951-726f4390a4ca';
  const path = `/home/ada/.copilot/session-state/${SESSION}/events.jsonl`;
  /** The events file as it stood when the n-th preCompact hook started (Copilot writes hook.start first). */
  const atPreCompact = (n: number) => {
    const lines = COPILOT.split('\n');
    const starts = lines.flatMap((l, i) => (l.startsWith('{"type":"hook.start"') && l.includes('"hookType":"preCompact"') ? [i] : []));
    return lines.slice(0, starts[n - 1]! + 1).join('\n') + '\n';
  };
  const preCompact = (m: MemCli) => m.cli(['hook', 'agent-pre-compact', 'copilot'], {
    // The input Copilot wrote on the hook's stdin.
    stdin: JSON.stringify({ sessionId: SESSION, timestamp: 1796367051265, cwd: '/repo', transcriptPath: path, trigger: 'manual', customInstructions: '' }),
  });

  it('is read: the task, the person\'s words, and whether anything was said since the last applied compaction', async () => {
    const read = async (text: string) => {
      const h = new Harvester(SESSION, repoPathMapper('/tmp/sb/repo'));
      await readCopilotEvents(linesOf(text), h);
      return { content: h.content(), facts: h.facts };
    };
    const first = await read(atPreCompact(1));
    expect(first.facts.sessionSeen).toBe(true);
    expect(first.facts.saidSinceCompaction).toBeNull();
    expect(first.content.quotes?.map((q) => q.text)).toEqual([TASK]);
    expect((await read(atPreCompact(2))).facts.saidSinceCompaction).toBe(0);
    const whole = await read(COPILOT);
    expect(whole.content.quotes?.map((q) => q.text)).toEqual([TASK, 'Continue.']);
    expect(whole.facts.saidSinceCompaction).toBe(2);
  });

  it('the first preCompact saves the task; the one before the refused /compact saves nothing and says why', async () => {
    const m = await makeMemCli();
    await withTranscript(m, path, atPreCompact(1));
    expect((await preCompact(m)).code).toBe(0);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(JSON.stringify(rec.task)).toContain(TASK);
    expect(rec.notes).toContain(`Saved automatically before a manual compaction (GitHub Copilot CLI session ${SESSION})`);
    await withTranscript(m, path, atPreCompact(2));
    const refused = await preCompact(m);
    expect(refused).toMatchObject({ code: 0, stdout: '' });
    expect(refused.stderr).toContain('nothing was said since the last compaction');
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(1);
  });

  it('sessionStart on resume answers the recap as additionalContext', async () => {
    const m = await makeMemCli();
    await withTranscript(m, path, atPreCompact(1));
    await preCompact(m);
    const id = json((await m.cli(['show', '--json'])).stdout).id;
    const res = await m.cli(['hook', 'agent-session-start', 'copilot'], {
      stdin: JSON.stringify({ source: 'resume', initialPrompt: 'Continue.', sessionId: SESSION, timestamp: 1796367053023, cwd: '/repo' }),
    });
    expect(res.code).toBe(0);
    const out = json(res.stdout);
    expect(Object.keys(out)).toEqual(['additionalContext']);
    expect(out.additionalContext).toContain(`SESSION_RECAP/1\nDATE|`);
    expect(out.additionalContext).toContain(`|id|${id}|`);
  });

  it('sessionStart for a new session gives no recap, as no other agent gives one to a fresh session', async () => {
    const m = await makeMemCli();
    await withTranscript(m, path, atPreCompact(1));
    await preCompact(m);
    const res = await m.cli(['hook', 'agent-session-start', 'copilot'], {
      stdin: JSON.stringify({ sessionId: '595c708b-7e7c-484e-8ef2-ab0c63fdcbb4', timestamp: 1796366983868, cwd: '/repo', source: 'new', initialPrompt: TASK }),
    });
    expect(res).toMatchObject({ code: 0, stdout: '' });
  });
});
