/**
 * `git checkpoint mcp` driven by the MCP SDK's own client over a real stdio
 * pipe: tools/list, then each tool against a real repository, its effects
 * checked with plain git.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, textOf, type McpSession } from '../helpers/mcp-client.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let dir: string;
let mcp: McpSession;
beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('served');
  mcp = await connectMcp(sb, dir);
});
afterAll(async () => {
  await mcp?.close();
  sb.cleanup();
});

const call = (name: string, args: Record<string, unknown> = {}) => mcp.client.callTool({ name, arguments: args });
const data = (result: unknown) => (result as { structuredContent: Record<string, unknown> }).structuredContent;
const record = (commit: string) => JSON.parse(sb.git(dir, 'show', `${commit}:checkpoint.json`));

describe('git checkpoint mcp over stdio', () => {
  it('lists its tools with valid JSON Schemas and honest annotations, and nothing that rewrites', async () => {
    expect(mcp.client.getServerVersion()?.name).toBe('git-checkpoint');
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual([
      'checkpoint_decide', 'checkpoint_diff', 'checkpoint_list', 'checkpoint_log', 'checkpoint_recap',
      'checkpoint_save', 'checkpoint_show', 'checkpoint_status', 'checkpoint_synthesize',
    ]);
    const ajv = new Ajv({ strict: false });
    for (const t of tools) {
      expect(() => ajv.compile(t.inputSchema), t.name).not.toThrow();
      expect(t.description?.length, t.name).toBeGreaterThan(20);
      const writes = ['checkpoint_save', 'checkpoint_decide', 'checkpoint_synthesize'].includes(t.name);
      expect(t.annotations?.readOnlyHint, t.name).toBe(!writes);
      expect(t.annotations?.destructiveHint, t.name).toBe(false);
    }
    const save = tools.find((t) => t.name === 'checkpoint_save')!.inputSchema.properties!;
    expect(Object.keys(save)).toEqual(expect.arrayContaining([
      'task', 'status', 'decisions', 'rejected', 'next', 'blockers', 'questions', 'learnings', 'constraints', 'notes', 'files', 'quotes', 'label', 'wip', 'cwd',
    ]));
  });

  it('checkpoint_save stores the record git shows, through the save path', async () => {
    writeFileSync(join(dir, 'draft.txt'), 'work in progress\n');
    const res = await call('checkpoint_save', {
      task: 'wire the parser', status: 'blocked',
      decisions: [{ what: 'use a state machine', why: 'the grammar is regular' }],
      rejected: [{ what: 'regexes', why: 'unreadable' }],
      next: ['write the lexer'], blockers: ['spec unclear'], questions: ['unicode?'], learnings: ['tabs matter'],
      constraints: ['node 20'], notes: ['first note', 'second note'],
      files: [{ path: 'draft.txt', why: 'the sketch' }], quotes: [{ text: 'keep it small', by: 'user', verbatim: true }],
      label: 'parser-start', wip: true,
    });
    expect(res.isError, textOf(res)).toBeFalsy();
    const out = data(res) as { id: string; writer: string; commit: string; ref: string; notes: string };
    expect(out.notes).toBe('ok');
    expect(sb.git(dir, 'rev-parse', `refs/checkpoints/${out.writer}`).trim()).toBe(out.commit);
    const rec = record(out.commit);
    expect(rec.id).toBe(out.id);
    expect(rec.task).toEqual({ title: 'wire the parser', status: 'blocked' });
    expect(rec.decisions).toEqual([{ what: 'use a state machine', why: 'the grammar is regular' }]);
    expect(rec.rejected).toEqual([{ what: 'regexes', why: 'unreadable' }]);
    expect(rec.nextSteps).toEqual(['write the lexer']);
    expect([rec.blockers, rec.questions, rec.learnings, rec.constraints]).toEqual([['spec unclear'], ['unicode?'], ['tabs matter'], ['node 20']]);
    expect(rec.notes).toBe('first note\n\nsecond note');
    expect(rec.files).toEqual([{ path: 'draft.txt', why: 'the sketch' }]);
    expect(rec.quotes).toEqual([{ text: 'keep it small', by: 'user', verbatim: true }]);
    expect(rec.label).toBe('parser-start');
    expect(sb.git(dir, 'show', `${rec.git.wip.tree}:draft.txt`)).toBe('work in progress\n');
  });

  it('checkpoint_decide records each decision at once, carrying the rest of the latest checkpoint forward', async () => {
    const first = data(await call('checkpoint_decide', { what: 'tokens are structs', why: 'fewer allocations' })) as { commit: string };
    const second = data(await call('checkpoint_decide', { what: 'errors carry spans', why: 'better messages' })) as { id: string; commit: string };
    expect(sb.git(dir, 'rev-parse', `${second.commit}^`).trim()).toBe(first.commit);
    const shown = JSON.parse((await sb.ckpt(dir, ['show', 'latest', '--format', 'json'])).stdout);
    expect(shown.id).toBe(second.id);
    expect(shown.decisions.map((d: { what: string }) => d.what)).toEqual(['use a state machine', 'tokens are structs', 'errors carry spans']);
    expect(shown.task).toEqual({ title: 'wire the parser', status: 'blocked' });
    expect(shown.nextSteps).toEqual(['write the lexer']);
    expect(shown.quotes).toHaveLength(1);
    // A label names one checkpoint: it stays with the one it was given to.
    expect(shown.label).toBeNull();
  });

  it('the read tools answer what the CLI answers', async () => {
    const list = data(await call('checkpoint_list', {})) as { total: number; checkpoints: { id: string; commit: string }[] };
    const cli = JSON.parse((await sb.ckpt(dir, ['list', '--json'])).stdout);
    expect(list.checkpoints.map((c) => c.id)).toEqual(cli.checkpoints.map((c: { id: string }) => c.id));
    expect(list.total).toBe(3);

    const recap = textOf(await call('checkpoint_recap', {}));
    expect(recap).toMatch(/^SESSION_RECAP\/1\n/);
    expect(recap).toContain('TASK|wire the parser|blocked|write the lexer');
    expect(recap).toContain('DECISION|errors carry spans|better messages|');
    expect(recap).toContain('RECONCILE|drift|no|');

    const json = data(await call('checkpoint_show', { checkpoint: 'parser-start', format: 'json' })) as { id: string };
    expect(json).toEqual(record(list.checkpoints[2]!.commit));
    const md = textOf(await call('checkpoint_show', { checkpoint: 'parser-start' }));
    expect(md).toBe((await sb.ckpt(dir, ['show', 'parser-start', '--no-color'])).stdout);

    const log = data(await call('checkpoint_log', {})) as { root: string; checkpoints: { id: string }[] };
    expect(log.root).toBe(list.checkpoints[0]!.id);
    expect(log.checkpoints.map((c) => c.id)).toEqual(list.checkpoints.map((c) => c.id));
  });

  it('status reports drift as data and diff shows the commits and changes since', async () => {
    writeFileSync(join(dir, 'draft.txt'), 'rewritten\n');
    sb.git(dir, 'add', 'README.md');
    writeFileSync(join(dir, 'README.md'), '# demo\nmore\n');
    sb.git(dir, 'commit', '-qam', 'a commit after the checkpoint');
    const status = await call('checkpoint_status', {});
    expect(status.isError).toBeFalsy();
    const s = data(status) as { drift: boolean; reconcile: { head: { verdict: string; count: number } }; verdicts: { aspect: string; verdict: string }[] };
    expect(s.drift).toBe(true);
    expect(s.reconcile.head).toMatchObject({ verdict: 'ahead', count: 1 });
    expect(s.verdicts).toContainEqual(expect.objectContaining({ aspect: 'drift', verdict: 'yes' }));

    const diff = data(await call('checkpoint_diff', { checkpoint: 'latest' })) as { commits: { subject: string }[]; diff: string };
    expect(diff.commits.map((c) => c.subject)).toEqual(['a commit after the checkpoint']);
    expect(diff.diff).toContain('+rewritten');
  });

  it('checkpoint_synthesize merges checkpoints into a new one with them as lineage parents', async () => {
    const before = data(await call('checkpoint_list', {})) as { checkpoints: { id: string }[] };
    const res = await call('checkpoint_synthesize', { checkpoints: ['parser-start', 'latest'], label: 'merged' });
    expect(res.isError, textOf(res)).toBeFalsy();
    const out = data(res) as { id: string; commit: string; synthesized: { inputs: number } };
    expect(out.synthesized.inputs).toBe(2);
    const rec = record(out.commit);
    expect(rec.label).toBe('merged');
    expect(rec.parents).toEqual(expect.arrayContaining([before.checkpoints[0]!.id, before.checkpoints[2]!.id]));
  });

  it('serves checkpoint://latest, checkpoint://{id} and the resume prompt', async () => {
    const latest = await mcp.client.readResource({ uri: 'checkpoint://latest' });
    const text = (latest.contents[0] as { text: string }).text;
    expect(text).toMatch(/^SESSION_RECAP\/1\n/);
    expect(text).toContain('label|merged|');
    const byLabel = await mcp.client.readResource({ uri: 'checkpoint://parser-start' });
    expect((byLabel.contents[0] as { text: string }).text).toContain('label|parser-start|');
    const listed = await mcp.client.listResources();
    expect(listed.resources.map((r) => r.uri)).toContain('checkpoint://latest');
    const prompt = await mcp.client.getPrompt({ name: 'resume', arguments: {} });
    const body = (prompt.messages[0]!.content as { text: string }).text;
    expect(body).toContain('SESSION_RECAP/1');
    expect(body).toContain('RECONCILE|drift|');
  });

  it('fits the recap into a small budget and follows a branch switch between calls', async () => {
    const recap = textOf(await call('checkpoint_recap', { budget: 400 }));
    expect(recap.length).toBeLessThanOrEqual(400);
    expect(recap).toMatch(/^SESSION_RECAP\/1\n/);
    sb.git(dir, 'switch', '-q', '-c', 'elsewhere');
    const s = data(await call('checkpoint_status', {})) as { reconcile: { branch: { verdict: string; current: string } } };
    expect(s.reconcile.branch).toMatchObject({ verdict: 'mismatch', current: 'elsewhere' });
    sb.git(dir, 'switch', '-q', 'main');
  });
});
