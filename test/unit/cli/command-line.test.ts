/** The command line a git user expects: usage, suggestions, values read as git reads them. */
import { describe, expect, it } from 'vitest';
import { AGENT_NAMES, HOOK_NAMES } from '../../../src/cli/commands-admin.js';
import { COMMANDS } from '../../../src/cli/commands.js';
import { COMMAND_MODULES } from '../../../src/cli/dispatch.js';
import { ADAPTERS } from '../../../src/agent/adapters/index.js';
import { HOOKS } from '../../../src/commands/hook.js';
import { nearest } from '../../../src/cli/suggest.js';
import { makeMemCli } from '../../helpers/mem-cli.js';

describe('usage errors name the nearest command, option or value (exit 129)', () => {
  it.each([
    { args: ['sav'], message: "error: 'sav' is not a git checkpoint command\nhint: the most similar command is 'save'\n" },
    { args: ['lsit'], message: "error: 'lsit' is not a git checkpoint command\nhint: the most similar command is 'list'\n" },
    { args: ['frobnicate'], message: "error: 'frobnicate' is not a git checkpoint command\nhint: see 'git checkpoint -h'\n" },
    { args: ['save', '--stauts', 'done'], message: "error: unknown option '--stauts'\nhint: did you mean '--status'?\n" },
    { args: ['list', '--sinse', 'yesterday'], message: "error: unknown option '--sinse'\nhint: did you mean '--since'?\n" },
    { args: ['--josn', 'list'], message: "error: unknown option '--josn'\nhint: did you mean '--json'?\n" },
    { args: ['list', '-z'], message: "error: unknown option '-z'\nhint: see 'git checkpoint list -h'\n" },
    { args: ['save', '-m'], message: "error: option '-m' requires a value\nhint: give it as -m <title>\n" },
    { args: ['save', '-m', 'x', '--status'], message: "error: option '--status' requires a value\nhint: give it as --status <status> (one of in_progress, blocked, done, deferred)\n" },
    { args: ['list', '-n', '-1'], message: "error: invalid value for '--limit': '-1' (expected a whole number)\nhint: see 'git checkpoint list -h'\n" },
    { args: ['save', '-m', 'x', '--status', 'don'], message: "error: invalid value for '--status': 'don' (expected in_progress, blocked, done, deferred)\nhint: did you mean 'done'?\n" },
    { args: ['show', '--format', 'xml'], message: "error: invalid value for '--format': 'xml' (expected md, recap, json)\nhint: see 'git checkpoint show -h'\n" },
    { args: ['list', '--here=yes'], message: "error: option '--here' takes no value\nhint: see 'git checkpoint list -h'\n" },
  ])('$args', async ({ args, message }) => {
    const m = await makeMemCli();
    const res = await m.cli(args);
    expect(res.stderr).toBe(message);
    expect(res.code).toBe(129);
    expect(res.stdout).toBe('');
  });
});

describe('-h', () => {
  it("prints git-style usage with each option's description, allowed values and default, and exits 129", async () => {
    const m = await makeMemCli();
    const res = await m.cli(['save', '-h']);
    expect(res.code).toBe(129);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatch(/^usage: git checkpoint save \[<label>\]/);
    expect(res.stdout).toContain('    -m, --task <title>    the task title\n');
    expect(res.stdout).toContain('    --status <status>     the task status (one of in_progress, blocked, done, deferred; default: in_progress)\n');
    expect(res.stdout).toMatch(/--decision <what :: why>\n {26}a decision and its reason \(repeatable\)\n/);
    expect(res.stdout).toContain('examples:\n    git checkpoint save -m');
    // -h wins wherever it stands, and over a command's own errors.
    expect((await m.cli(['list', '--bogus', '-h'])).code).toBe(129);
    expect((await m.cli(['-h', 'list'])).stdout).toContain('usage: git checkpoint list');
    const top = await m.cli(['-h']);
    expect(top.code).toBe(129);
    expect(top.stdout).toMatch(/^ {3}synthesize +merge several checkpoints into one new checkpoint$/m);
    // `help` is not an error.
    expect((await m.cli(['help', 'list'])).code).toBe(0);
    expect((await m.cli(['help', 'lst'])).stderr).toContain("the most similar command is 'list'");
  });

  it('documents every option of every command, with a description', () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      expect(entry.summary, name).not.toBe('');
      expect(entry.examples.length, name).toBeGreaterThan(0);
      for (const o of entry.options) expect(o.description.length, `${name} --${o.name}`).toBeGreaterThan(5);
    }
  });

  it('names the same agents and hooks as their own tables', () => {
    expect([...AGENT_NAMES]).toEqual(ADAPTERS.map((a) => a.name));
    expect([...HOOK_NAMES]).toEqual(Object.keys(HOOKS));
  });

  it('has a module for every command of the table, and none for a command it does not list', async () => {
    expect(Object.keys(COMMAND_MODULES).sort()).toEqual(Object.keys(COMMANDS).sort());
    for (const [name, load] of Object.entries(COMMAND_MODULES)) expect(typeof (await load()).run, name).toBe('function');
  });
});

describe('values are read as git reads them', () => {
  it('takes a value attached, after =, or next whatever it looks like; repeated options in order; -- ends options', async () => {
    const m = await makeMemCli();
    const ids = [];
    for (const args of [['-mattached'], ['--task=equals'], ['-m', '-dash'], ['-m', 'first', '-m', 'last']]) {
      const res = await m.cli(['save', ...args, '--next', 'one', '--next=two', '--no-carry']);
      expect(res.stderr).toBe('');
      ids.push(res.stdout.trim());
    }
    const titles = [];
    for (const id of ids) {
      const rec = JSON.parse((await m.cli(['show', id, '--json'])).stdout);
      expect(rec.nextSteps).toEqual(['one', 'two']);
      titles.push(rec.task.title);
    }
    expect(titles).toEqual(['attached', 'equals', '-dash', 'last']);
    const res = await m.cli(['save', '-m', 'x', '--', '--odd-label']);
    expect(res.code).toBe(0);
    expect(JSON.parse((await m.cli(['show', 'latest', '--json'])).stdout).label).toBe('--odd-label');
    // Grouped short flags, globals after the command.
    expect(JSON.parse((await m.cli(['list', '-qn1', '--json'])).stdout).shown).toBe(1);
  });
});

describe('nearest', () => {
  it('suggests within a small edit distance or a unique prefix, and nothing when far', () => {
    expect(nearest('stauts', ['status', 'since'])).toEqual(['status']);
    expect(nearest('syn', ['synthesize', 'save', 'show'])).toEqual(['synthesize']);
    expect(nearest('xml', ['md', 'recap', 'json'])).toEqual([]);
    expect(nearest('shw', ['show', 'save'])).toEqual(['show']);
  });
});
