/**
 * Every way text reaches an object goes through the same redaction (SPEC §9):
 * an agent transcript harvested by the pre-compact hook and a save's own
 * flags (branch names, paths, wip files and MCP arguments: the integration
 * suites redaction-corpus and mcp-robustness). One sample of every family of the corpus (providers,
 * assignment forms, command lines, netrc, hashes, context-named values) is
 * planted in each, and no value may reach the checkpoint's blobs or its
 * commit message.
 */
import { describe, expect, it } from 'vitest';
import { makeMemCli, type MemCli } from '../../../helpers/mem-cli.js';
import { secretSamples, type SecretSample } from '../../../helpers/secret-corpus.js';
import { claudeTranscript, SESSION, type Turn } from '../../../helpers/transcript.js';

/** One sample per family (provider, form or reason), personal data left out (the author's own address is kept by design). */
function onePerFamily(): SecretSample[] {
  const seen = new Map<string, SecretSample>();
  for (const s of secretSamples(3)) {
    const family = s.provider ?? s.cls ?? s.reason;
    if (!['email', 'phone', 'internal-host', 'private-ip'].includes(s.reason) && !seen.has(family)) seen.set(family, s);
  }
  return [...seen.values()];
}

/** The texts of the newest checkpoint's blobs and its commit message. */
async function checkpointText(m: MemCli): Promise<string> {
  const rec = JSON.parse((await m.cli(['show', '--json'])).stdout);
  const commit = (await m.repo.readRef(`refs/checkpoints/${rec.writer}`))!;
  const blobs = await Promise.all(['checkpoint.json', 'CHECKPOINT.md'].map(async (p) => Buffer.from((await m.repo.readBlobAt(commit, p))!).toString('utf8')));
  return [...blobs, (await m.repo.readCommit(commit))!.message].join('\n');
}

const leaks = (samples: SecretSample[], text: string) =>
  samples.filter((s) => s.secrets.some((v) => text.includes(v))).map((s) => `${s.provider ?? s.cls ?? s.reason}: ${s.text}`);

describe('every path to an object is redacted with the same rules', () => {
  const samples = onePerFamily();

  it('covers every family of the corpus', () => {
    expect(samples.length).toBeGreaterThanOrEqual(200);
  });

  it('an agent transcript: user turns and tool output quoted by the pre-compact save', async () => {
    const m = await makeMemCli({ files: { 'src/up.ts': 'export {}\n' } });
    const path = `/home/ada/.claude/projects/-repo/${SESSION}.jsonl`;
    // The harvest quotes a handful of user turns: the samples are planted in that many turns, several to a turn.
    const chunks = Array.from({ length: 8 }, (_, i) => samples.filter((_, k) => k % 8 === i));
    const turns: Turn[] = chunks.map((chunk) => ({ type: 'user', content: `please keep this:\n${chunk.map((s) => s.text).join('\n')}` }));
    await m.fs.promises.mkdir('/home/ada/.claude/projects/-repo', { recursive: true });
    await m.fs.promises.writeFile(path, claudeTranscript({ cwd: '/repo', turns }));
    const input = JSON.stringify({ session_id: SESSION, transcript_path: path, cwd: '/repo', hook_event_name: 'PreCompact', trigger: 'auto' });
    const res = await m.cli(['hook', 'agent-pre-compact'], { stdin: input });
    expect(res.code, res.stderr).toBe(0);
    const text = await checkpointText(m);
    // Every planted turn reaches the record (quoted), so each value was looked at.
    const rec = JSON.parse((await m.cli(['show', '--json'])).stdout);
    const quoted = rec.quotes.filter((q: { text: string }) => q.text.startsWith('please keep this')).map((q: { text: string }) => q.text).join('\n');
    const reached = samples.filter((s) => quoted.includes(s.text.split(s.secrets[0]!)[0]!.slice(-12)));
    console.log(`transcript: ${reached.length} of ${samples.length} planted samples reached the record`);
    expect(reached.length).toBeGreaterThanOrEqual(samples.length * 0.9);
    expect(leaks(samples, text)).toEqual([]);
  });

  it('a save: the title and the next steps given on the command line', async () => {
    const m = await makeMemCli();
    const args = samples.flatMap((s) => ['--next', s.text]);
    const res = await m.cli(['save', '-m', `rotate ${samples[0]!.text}`, ...args, '--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(leaks(samples, await checkpointText(m))).toEqual([]);
  });
});
