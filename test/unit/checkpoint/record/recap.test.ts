import { describe, expect, it } from 'vitest';
import { contentKeys } from '../../../../src/checkpoint/record/schema.js';
import { parseRecap } from '../../../../src/checkpoint/record/parse-recap.js';
import { makeMemCli } from '../../../helpers/mem-cli.js';

const json = (s: string) => JSON.parse(s);
const contentOf = (rec: Record<string, unknown>) => Object.fromEntries(contentKeys.map((k) => [k, rec[k]]));

const tricky = 'pipe | back\\slash \\| \\x1b literal, real \x1b[31m esc, tab\there';

describe('SESSION_RECAP/1', () => {
  it('renders one fact per line and reads every content field back exactly', async () => {
    const m = await makeMemCli({ files: { 'README.md': 'changed\n' } });
    const doc = {
      task: { title: `Ship ${tricky}`, status: 'blocked' },
      decisions: [{ what: 'retry: backoff', why: 'bursts | limits', by: 'ada' }, { what: 'no jitter', why: '' }],
      rejected: [{ what: 'sleep 1s', why: 'still\ntripped' }],
      nextSteps: ['npm test -- uploader', 'open the PR'], blockers: ['creds'], questions: ['which region?'],
      learnings: ['API caps at 10/s'], constraints: ['no new deps'], assumptions: ['staging mirrors prod'],
      todos: [{ text: 'write test', status: 'completed' }, { text: 'wire CLI', status: 'in_progress' }, { text: 'docs', status: 'pending' }],
      files: [{ path: 'README.md', why: 'hot' }, { path: 'src/a|b.ts' }, { path: 'src/c.ts', why: '' }],
      quotes: [{ text: 'Do NOT touch\nthe schema', by: 'user', verbatim: true }, { text: 'roughly this', by: 'bob', verbatim: false }],
      links: ['https://example.com/x?a=1|2'], notes: 'line one\nline two\n', label: 'v1', mode: 'salient', compactImminent: true,
    };
    expect((await m.cli(['save', '--input', '-'], { stdin: JSON.stringify(doc) })).code).toBe(0);
    const recap = (await m.cli(['show', '--format', 'recap'])).stdout;
    const lines = recap.trimEnd().split('\n');
    expect(lines[0]).toBe('SESSION_RECAP/1');
    expect(lines).toContain('BRANCH|main|tracking|none');
    expect(lines).toContain('TASK|Ship pipe \\| back\\\\slash \\\\\\| \\\\x1b literal, real \\x1b[31m esc, tab\\there|blocked|npm test -- uploader');
    expect(lines).toContain('UNCOMMITTED|README.md|.M|hot');
    expect(lines).toContain('DECISION|retry: backoff|bursts \\| limits||ada');
    expect(lines).toContain('PENDING|wire CLI|NONE|in_progress');
    expect(lines).toContain('COMPACT_IMMINENT|true');
    expect(lines.at(-2)).toBe('RESUME_NEXT|npm test -- uploader');
    expect(lines.at(-1)).toMatch(/^RESUME_HUMAN\|resume "Ship /);
    expect(recap).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
    const again = await m.cli(['save', '--input', '-'], { stdin: recap });
    expect(again.code).toBe(0);
    const ids = json((await m.cli(['list', '--json'])).stdout).checkpoints.map((c: { id: string }) => c.id);
    const first = json((await m.cli(['show', ids[1], '--json'])).stdout);
    const second = json((await m.cli(['show', ids[0], '--json'])).stdout);
    expect(contentOf(second)).toEqual(contentOf(first));
  });

  it.each([
    ['no header', 'BRANCH|main\nRESUME_NEXT|x\nRESUME_HUMAN|y\n', 'line 1: expected "SESSION_RECAP/1"'],
    ['unknown kind', 'SESSION_RECAP/1\nBRANCH|main\nWHAT|x\nRESUME_NEXT|x\nRESUME_HUMAN|y\n', "line 3: unknown line kind 'WHAT'"],
    ['missing RESUME_HUMAN', 'SESSION_RECAP/1\nBRANCH|main\nRESUME_NEXT|x\n', 'missing required RESUME_HUMAN line'],
    ['missing BRANCH', 'SESSION_RECAP/1\nRESUME_NEXT|x\nRESUME_HUMAN|y', 'missing required BRANCH line'],
    ['too many fields', 'SESSION_RECAP/1\nBRANCH|main\nREJECTED|a|b|c\nRESUME_NEXT|x\nRESUME_HUMAN|y', 'line 3: REJECTED takes 1 to 2 fields, found 3'],
    ['bad status', 'SESSION_RECAP/1\nBRANCH|main\nTASK|t|finished\nRESUME_NEXT|x\nRESUME_HUMAN|y', "line 3: invalid task status 'finished'"],
    ['bad escape', 'SESSION_RECAP/1\nBRANCH|main\nLEARNING|C:\\temp\\q\nRESUME_NEXT|x\nRESUME_HUMAN|y', "line 3: unknown escape '\\q'"],
    ['twice', 'SESSION_RECAP/1\nBRANCH|main\nBRANCH|dev\nRESUME_NEXT|x\nRESUME_HUMAN|y', 'line 3: BRANCH given twice'],
  ])('refuses a malformed recap (%s) naming the line', (_name, text, message) => {
    expect(() => parseRecap(text, 'stdin')).toThrow(message);
  });

  it('exits 129 and writes nothing for a malformed recap on save --input', async () => {
    const m = await makeMemCli();
    const res = await m.cli(['save', '--input', '-'], { stdin: 'SESSION_RECAP/1\nBRANCH|main\nTASK|x|nope\nRESUME_NEXT|a\nRESUME_HUMAN|b\n' });
    expect(res.code).toBe(129);
    expect(res.stderr).toContain("error: stdin: line 3: invalid task status 'nope'");
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(0);
  });

  it('takes a hand-written recap with the next step only in RESUME_NEXT', () => {
    const c = parseRecap('SESSION_RECAP/1\nBRANCH|main|tracking|none\nTASK|Fix login|in_progress\nPENDING|add test|CI is red\nRESUME_NEXT|npm test\nRESUME_HUMAN|fix login\n');
    expect(c).toMatchObject({
      task: { title: 'Fix login', status: 'in_progress' }, nextSteps: ['npm test'],
      todos: [{ text: 'add test', status: 'pending' }], blockers: ['CI is red'],
    });
  });
});
