import { describe, expect, it } from 'vitest';
import { readNotesMap } from '../../../src/checkpoint/store/notes.js';
import { makeMemCli } from '../../helpers/mem-cli.js';

const json = (s: string) => JSON.parse(s);

describe('save / list / show on memfs (isomorphic-git backend)', () => {
  it('saves a record from flags and reads it back', async () => {
    const m = await makeMemCli({ commits: [{ message: 'initial commit', files: { 'README.md': '# demo\n', 'src/up.ts': 'up\n', 'src/b.ts': 'b\n' } }] });
    const res = await m.cli([
      'save', '-m', 'Add retry', '--decision', 'backoff :: rate limits', '--decision', 'no jitter',
      '--rejected', 'sleep 1s :: still tripped', '--next', 'npm test', '--next', 'open PR',
      '--blocker', 'creds', '--question', 'which region?', '--learning', 'API caps at 10/s',
      '--file', 'src/up.ts :: the retry loop', '--file', 'src/b.ts', '--status', 'blocked', '--salient', 'v1',
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const id = res.stdout.trim();
    expect(id).toMatch(/^20261129-100001-[a-z0-9]{4}$/);
    const rec = json((await m.cli(['show', id, '--json'])).stdout);
    expect(rec).toMatchObject({
      id, createdAt: '2026-11-29T10:00:01.000Z', label: 'v1', mode: 'salient', compactImminent: false, parents: [],
      author: { name: 'Ada Lovelace', email: 'ada@example.com' },
      task: { title: 'Add retry', status: 'blocked' },
      decisions: [{ what: 'backoff', why: 'rate limits' }, { what: 'no jitter', why: '' }],
      rejected: [{ what: 'sleep 1s', why: 'still tripped' }],
      nextSteps: ['npm test', 'open PR'], blockers: ['creds'], questions: ['which region?'],
      learnings: ['API caps at 10/s'], files: [{ path: 'src/up.ts', why: 'the retry loop' }, { path: 'src/b.ts' }],
      git: { branch: 'main', upstream: null, ahead: 0, behind: 0, notCollected: [] },
    });
    // A clean working tree: the wip snapshot is HEAD's tree itself.
    expect(rec.git.wip).toEqual({ tree: (await m.repo.readCommit(rec.git.head))!.tree, excluded: [] });
    expect(rec.writer).toMatch(/^ada-[a-z0-9]{6}$/);
    expect(rec.git.commits).toEqual([{ oid: rec.git.head, subject: 'initial commit' }]);
  });

  it('refuses a --file that names nothing (exit 129, nothing saved); a tracked file deleted since is a path', async () => {
    const m = await makeMemCli({ removed: ['README.md'] });
    const typo = await m.cli(['save', '-m', 'x', '--file', 'README.md', '--file', 'src/nope.ts :: typo']);
    expect([typo.code, typo.stdout]).toEqual([129, '']);
    expect(typo.stderr).toContain("--file 'src/nope.ts': no such file or directory");
    expect(await m.repo.listRefs('refs/checkpoints/')).toEqual([]);
    const deleted = await m.cli(['save', '-m', 'x', '--file', 'README.md']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(json((await m.cli(['show', '--json'])).stdout).files).toEqual([{ path: 'README.md' }]);
  });

  it('records uncommitted paths with their blob ids', async () => {
    const m = await makeMemCli({ files: { 'README.md': 'changed\n', 'new.txt': 'new\n' } });
    await m.cli(['save', '-m', 'dirty']);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    const blob = async (text: string) => m.repo.writeBlob(text);
    expect(rec.git.worktree).toEqual({
      collected: true, total: 2, truncated: false,
      files: [
        { path: 'README.md', status: '.M', staged: false, oid: await blob('changed\n') },
        { path: 'new.txt', status: '??', staged: false, oid: await blob('new\n') },
      ],
    });
  });

  it('links each checkpoint to the code commit with one notes line', async () => {
    const m = await makeMemCli();
    const a = (await m.cli(['save', '-m', 'one'])).stdout.trim();
    const b = (await m.cli(['save', '-m', 'two\nlines'])).stdout.trim();
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    const notes = await readNotesMap(m.repo, await m.repo.readRef(`refs/notes/checkpoints/${writer}`));
    const head = (await m.repo.readRef('HEAD'))!;
    const text = Buffer.from((await m.repo.readBlob(notes.get(head)!))!).toString('utf8');
    expect(text).toBe(`checkpoint ${a} on main: one\ncheckpoint ${b} on main: two lines\n`);
  });

  it('lists newest first with the footer, and as JSON', async () => {
    const m = await makeMemCli();
    await m.cli(['save', '-m', 'first']);
    await m.cli(['save', '-m', 'second', 'lbl']);
    const out = (await m.cli(['list'])).stdout;
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+SAVED \(UTC\)\s+BRANCH\s+WRITER\s+TASK$/);
    expect(lines[1]).toContain('[lbl] second');
    expect(lines[1]).toContain('2026-11-29 10:00');
    expect(lines[2]).toContain('first');
    expect(lines[3]).toBe('showing 2 of 2');
    const data = json((await m.cli(['list', '--json', '-n', '1'])).stdout);
    expect(data).toMatchObject({ total: 2, shown: 1, checkpoints: [{ title: 'second', label: 'lbl', remote: null, branch: 'main' }] });
  });

  it('reads a JSON input document; flags win over it', async () => {
    const doc = JSON.stringify({
      task: { title: 'from doc', status: 'deferred' }, nextSteps: ['doc step'], questions: ['q?'],
      quotes: [{ text: 'keep it small', by: 'user', verbatim: true }],
    });
    const m = await makeMemCli();
    const res = await m.cli(['save', '--input', '-', '--next', 'flag step'], { stdin: doc });
    expect(res.code).toBe(0);
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec.task).toEqual({ title: 'from doc', status: 'deferred' });
    expect(rec.nextSteps).toEqual(['flag step']);
    expect(rec.questions).toEqual(['q?']);
    expect(rec.quotes).toEqual([{ text: 'keep it small', by: 'user', verbatim: true }]);
  });

  it('reads back the markdown that show prints (round trip through save --input)', async () => {
    const m = await makeMemCli();
    await m.cli(['save', '-m', 'round trip', '--decision', 'a — b :: c', '--next', 'one', '--next', 'two', '--question', 'why?']);
    const first = json((await m.cli(['show', '--json'])).stdout);
    const md = (await m.cli(['show'])).stdout;
    expect((await m.cli(['save', '--input', '-'], { stdin: md })).code).toBe(0);
    const second = json((await m.cli(['show', '--json'])).stdout);
    for (const key of ['task', 'decisions', 'nextSteps', 'questions', 'rejected', 'blockers']) {
      expect(second[key], key).toEqual(first[key]);
    }
  });

  it('without content off a terminal records git state as (no description)', async () => {
    const m = await makeMemCli();
    const res = await m.cli(['save']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('no description given');
    expect(json((await m.cli(['show', '--json'])).stdout).task.title).toBe('(no description)');
  });

  it('--edit opens the editor on a template; an empty task aborts with exit 1', async () => {
    const m = await makeMemCli();
    await m.cli(['save', '-m', 'earlier', '--next', 'carry me over']);
    let seen = '';
    const ok = await m.cli(['save', '-e'], {
      edit: (text) => {
        seen = text;
        return text.replace('Describe the task here', 'written in the editor');
      },
    });
    expect(ok.code).toBe(0);
    expect(seen).toContain('carry me over');
    const rec = json((await m.cli(['show', '--json'])).stdout);
    expect(rec.task.title).toBe('written in the editor');
    expect(rec.nextSteps).toEqual(['carry me over']);
    const before = await m.repo.listRefs('refs/');
    const aborted = await m.cli(['save', '-e'], { edit: (text) => text });
    expect(aborted.code).toBe(1);
    expect(aborted.stderr).toContain('empty task');
    expect(await m.repo.listRefs('refs/')).toEqual(before);
  });

  it('continues lineage and honours --parent / --no-parent', async () => {
    const m = await makeMemCli();
    const a = (await m.cli(['save', '-m', 'a', 'first'])).stdout.trim();
    const b = (await m.cli(['save', '-m', 'b'])).stdout.trim();
    const c = (await m.cli(['save', '-m', 'c', '--parent', 'first'])).stdout.trim();
    const d = (await m.cli(['save', '-m', 'd', '--no-parent'])).stdout.trim();
    const parents = async (id: string) => json((await m.cli(['show', id, '--json'])).stdout).parents;
    expect(await parents(a)).toEqual([]);
    expect(await parents(b)).toEqual([a]);
    expect(await parents(c)).toEqual([a]);
    expect(await parents(d)).toEqual([]);
  });

  it('a crash after the objects leaves nothing visible; after the ref, doctor --fix restores the note', async () => {
    const m = await makeMemCli();
    const crashed = await m.cli(['save', '-m', 'lost'], { env: { GIT_CHECKPOINT_FAULT: 'objects' } });
    expect(crashed.code).toBe(1);
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(0);
    await m.cli(['save', '-m', 'half'], { env: { GIT_CHECKPOINT_FAULT: 'ref' } });
    expect(json((await m.cli(['list', '--json'])).stdout).total).toBe(1);
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    expect(await m.repo.readRef(`refs/notes/checkpoints/${writer}`)).toBeNull();
    expect((await m.cli(['doctor'])).code).toBe(1);
    expect((await m.cli(['doctor', '--fix'])).code).toBe(0);
    expect((await readNotesMap(m.repo, await m.repo.readRef(`refs/notes/checkpoints/${writer}`))).size).toBe(1);
  });
});

describe('global behaviour', () => {
  it('prints the version and usage', async () => {
    const m = await makeMemCli();
    expect((await m.cli(['--version'])).stdout).toMatch(/^git-checkpoint version \d+\.\d+\.\d+\n$/);
    const help = await m.cli(['-h']);
    expect(help.code).toBe(129);
    expect(help.stdout).toContain('usage: git checkpoint');
    const saveHelp = await m.cli(['save', '-h']);
    expect(saveHelp.stdout).toContain('--decision');
    expect((await m.cli([])).code).toBe(129);
  });

  it('colours the list only when asked or on a terminal without NO_COLOR', async () => {
    const m = await makeMemCli();
    await m.cli(['save', '-m', 'x']);
    const cases: [string[], boolean, Record<string, string>, boolean][] = [
      [['list'], false, {}, false],
      [['list'], true, {}, true],
      [['list'], true, { NO_COLOR: '1' }, false],
      [['list', '--color'], false, {}, true],
      [['--no-color', 'list'], true, {}, false],
    ];
    for (const [args, tty, env, colored] of cases) {
      const out = (await m.cli(args, { tty, env })).stdout;
      expect(out.includes('\x1b['), `${args.join(' ')} tty=${tty}`).toBe(colored);
    }
    await m.repo.setConfig('color.ui', 'never');
    expect((await m.cli(['list'], { tty: true })).stdout).not.toContain('\x1b[');
    await m.repo.setConfig('color.checkpoint', 'always');
    expect((await m.cli(['list'])).stdout).toContain('\x1b[');
  });
});
