/**
 * Flag parsing alone (gh's Options + runF seam): each command's flags become
 * a typed, checked options object before anything is opened or read, so a
 * bad value is a usage error (exit 129) with nothing done.
 */
import { describe, expect, it } from 'vitest';
import type { ParsedArgs } from '../../../src/io/context.js';
import { listOptions } from '../../../src/commands/list.js';
import { logOptions } from '../../../src/commands/log.js';
import { pruneOptions } from '../../../src/commands/prune.js';
import { dropOptions } from '../../../src/commands/drop.js';
import { pushOptions } from '../../../src/commands/push.js';
import { resumeOptions } from '../../../src/commands/resume.js';
import { showOptions } from '../../../src/commands/show.js';
import { statusOptions } from '../../../src/commands/status.js';
import type { GlobalOptions } from '../../../src/io/context.js';
import { agentOptions } from '../../../src/commands/agent.js';
import { applyOptions } from '../../../src/commands/apply.js';
import { diffOptions } from '../../../src/commands/diff.js';
import { doctorOptions } from '../../../src/commands/doctor.js';
import { fetchOptions } from '../../../src/commands/fetch.js';
import { installOptions } from '../../../src/commands/install.js';
import { synthesizeOptions } from '../../../src/commands/synthesize.js';
import { UsageError } from '../../../src/errors.js';
import { saveOptions } from '../../../src/commands/shared/save-args.js';
import { switchOptions } from '../../../src/commands/switch.js';

const args = (values: ParsedArgs['values'], positionals: string[] = []): ParsedArgs => ({ values, positionals });
const NOW = new Date('2026-11-30T12:00:00Z');

describe('list options', () => {
  it('defaults: the newest 20 of everything', () => {
    expect(listOptions(args({}), NOW)).toEqual({ limit: 20, since: null, branch: undefined, writer: undefined, label: undefined, local: false });
  });

  it('reads every filter, dates relative to now', () => {
    const opts = listOptions(args({ branch: 'topic', writer: 'ada-x1y2z3', label: 'v1', since: 'yesterday', limit: '0', local: true }), NOW);
    expect(opts).toMatchObject({ limit: 0, branch: { name: 'topic' }, writer: 'ada-x1y2z3', label: 'v1', local: true });
    expect(opts.since!.getTime()).toBeLessThan(NOW.getTime());
    expect(listOptions(args({ here: true }), NOW).branch).toBe('here');
  });

  it.each<[ParsedArgs, RegExp]>([
    [args({ here: true, branch: 'x' }), /'--here' and '--branch' cannot be used together/],
    [args({ limit: '-1' }), /invalid value for '--limit': '-1'/],
    [args({ branch: ' ' }), /option '--branch' needs a non-empty value/],
    [args({}, ['extra']), /too many arguments for 'list': extra/],
  ])('refuses %j', (given, message) => {
    expect(() => listOptions(given, NOW)).toThrow(UsageError);
    expect(() => listOptions(given, NOW)).toThrow(message);
  });
});

describe('log options', () => {
  it('starts at latest, 200 steps, unless told', () => {
    expect(logOptions(args({}))).toEqual({ start: 'latest', limit: 200 });
    expect(logOptions(args({ limit: '5' }, ['alpha']))).toEqual({ start: 'alpha', limit: 5 });
  });

  it.each(['0', 'ten', '1000000'])('refuses --limit %s', (limit) => {
    expect(() => logOptions(args({ limit }))).toThrow(UsageError);
  });
});

describe('prune options', () => {
  it('needs a rule, and reads durations and counts', () => {
    expect(() => pruneOptions(args({}))).toThrow("prune needs '--older-than <duration>' and/or '--keep <n>'");
    expect(pruneOptions(args({ 'older-than': '7d', 'dry-run': true }))).toEqual({ olderThanSeconds: 7 * 86_400, keep: undefined, dryRun: true });
    expect(pruneOptions(args({ keep: '3' }))).toEqual({ olderThanSeconds: undefined, keep: 3, dryRun: false });
  });

  it.each<[ParsedArgs, RegExp]>([
    [args({ keep: 'all' }), /invalid value for '--keep': 'all'/],
    [args({ 'older-than': 'soon' }), /--older-than/],
  ])('refuses %j', (given, message) => {
    expect(() => pruneOptions(given)).toThrow(message);
  });
});

const globals = (json = false): GlobalOptions => ({ dir: '/', json, color: undefined, quiet: false, noPager: false, paginate: false });

describe('show, resume and status options', () => {
  it('default to latest and their default format; --json is --format json', () => {
    expect(showOptions(args({}), globals())).toEqual({ spec: 'latest', format: 'md' });
    expect(showOptions(args({}, ['alpha']), globals(true))).toEqual({ spec: 'alpha', format: 'json' });
    expect(resumeOptions(args({ format: 'recap' }), globals())).toEqual({ spec: 'latest', format: 'recap' });
    expect(statusOptions(args({}), globals())).toEqual({ format: 'short' });
  });

  it('refuse --json with another format, an unknown format, and extra arguments', () => {
    expect(() => showOptions(args({ format: 'md' }), globals(true))).toThrow("'--json' and '--format md' cannot be used together");
    expect(() => resumeOptions(args({ format: 'short' }), globals())).toThrow("invalid value for '--format': 'short' (expected md, json, recap)");
    expect(() => statusOptions(args({}, ['alpha']), globals())).toThrow(UsageError);
  });
});

describe('push and drop options', () => {
  it('read the remote, the checkpoint and --dry-run', () => {
    expect(pushOptions(args({}))).toEqual({ remote: undefined, dryRun: false });
    expect(pushOptions(args({ 'dry-run': true }, ['origin']))).toEqual({ remote: 'origin', dryRun: true });
    expect(dropOptions(args({ 'dry-run': true }, ['latest']))).toEqual({ spec: 'latest', dryRun: true });
  });

  it('drop needs a checkpoint; neither takes two', () => {
    expect(() => dropOptions(args({}))).toThrow('drop needs the checkpoint to remove');
    expect(() => pushOptions(args({}, ['a', 'b']))).toThrow("too many arguments for 'push': b");
  });
});

describe('diff, apply, fetch, doctor, install and synthesize options', () => {
  it('read what each takes, with its defaults', () => {
    expect(diffOptions(args({}))).toEqual({ spec: 'latest' });
    expect(applyOptions(args({}, ['alpha']))).toEqual({ spec: 'alpha', dryRun: false });
    expect(applyOptions(args({ 'dry-run': true }, []))).toEqual({ spec: 'latest', dryRun: true });
    expect(fetchOptions(args({}))).toEqual({ remote: undefined });
    expect(doctorOptions(args({ fix: true }))).toEqual({ fix: true });
    expect(installOptions(args({ manual: true }))).toEqual({ manual: true, force: false });
    expect(synthesizeOptions(args({ exclude: ['b'], label: 'merged' }, ['a', 'b', 'c']))).toEqual({ inputs: ['a', 'b', 'c'], exclude: ['b'], label: 'merged' });
    expect(synthesizeOptions(args({}, ['a'])).label).toBeNull();
  });

  it.each<[string, () => unknown, string]>([
    ['diff', () => diffOptions(args({}, ['a', 'b'])), "too many arguments for 'diff': b"],
    ['apply', () => applyOptions(args({}, ['a', 'b'])), "too many arguments for 'apply': b"],
    ['fetch', () => fetchOptions(args({}, ['a', 'b'])), "too many arguments for 'fetch': b"],
    ['doctor', () => doctorOptions(args({}, ['x'])), "too many arguments for 'doctor': x"],
    ['install', () => installOptions(args({}, ['x'])), "too many arguments for 'install': x"],
    ['synthesize', () => synthesizeOptions(args({})), 'name at least one checkpoint to synthesize'],
    ['synthesize --label', () => synthesizeOptions(args({ label: '' }, ['a'])), "option '--label' needs a non-empty value"],
  ])('%s refuses bad arguments', (_, parse, message) => {
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });
});

describe('agent options', () => {
  it('personal scope unless told; the adapter by name', () => {
    const opts = agentOptions(args({ mcp: true }, ['install', 'claude']));
    expect({ ...opts, adapter: opts.adapter.name }).toEqual({ action: 'install', adapter: 'claude', scope: 'personal', mcp: true });
    expect(agentOptions(args({ user: true }, ['uninstall', 'codex'])).scope).toBe('user');
  });

  it.each<[ParsedArgs, string]>([
    [args({}, ['add', 'claude']), "expected 'install' or 'uninstall', got 'add'"],
    [args({}, ['install', 'emacs']), 'expected an agent: claude, codex'],
    [args({ project: true, user: true }, ['install', 'claude']), "'--project' and '--user' cannot be used together"],
  ])('refuses %j', (given, message) => {
    expect(() => agentOptions(given)).toThrow(message);
  });
});

describe('save options', () => {
  it('defaults: content from flags only, the default lineage, wip from config, carry on', () => {
    expect(saveOptions(args({ task: 'Wire the retry loop' }))).toEqual({
      content: expect.objectContaining({ task: expect.objectContaining({ title: 'Wire the retry loop' }) }),
      input: null, transcript: undefined, branch: undefined, parents: undefined, noParent: false,
      wip: undefined, edit: false, carry: true, done: [],
    });
  });

  it('reads lineage, snapshot, carry and input flags', () => {
    const opts = saveOptions(args({ parent: ['latest~1'], 'no-wip': true, 'no-carry': true, done: ['1'], input: '-', 'input-format': 'md', branch: 'topic', edit: true }));
    expect(opts).toMatchObject({ parents: ['latest~1'], wip: false, carry: false, done: ['1'], input: { source: '-', format: 'md' }, branch: 'topic', edit: true });
  });

  it('refuses what cannot go together before anything is read', () => {
    expect(() => saveOptions(args({ parent: ['x'], 'no-parent': true }))).toThrow(UsageError);
    expect(() => saveOptions(args({ wip: true, 'no-wip': true }))).toThrow(UsageError);
    expect(() => saveOptions(args({ 'input-format': 'md' }))).toThrow(/needs '--input'/);
    expect(() => saveOptions(args({ input: 'x', 'input-format': 'yaml' }))).toThrow(/expected json, md, recap/);
  });
});

describe('switch options', () => {
  it("git switch's arguments, and save options that never take a positional as a label", () => {
    expect(switchOptions(args({ task: 'half done' }, ['topic']))).toMatchObject({
      create: undefined, target: ['--', 'topic'], startPoint: undefined,
      save: { content: expect.not.objectContaining({ label: expect.anything() }) },
    });
    expect(switchOptions(args({ create: 'new-topic' }, ['main']))).toMatchObject({ create: 'new-topic', target: ['-c', 'new-topic', 'main'], startPoint: 'main' });
    expect(() => switchOptions(args({}, []))).toThrow(/switch needs a branch/);
    expect(() => switchOptions(args({ wip: true, 'no-wip': true }, ['topic']))).toThrow(UsageError);
  });
});
