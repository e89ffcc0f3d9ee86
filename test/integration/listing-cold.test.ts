/**
 * A clone with no listing cache (a fresh clone, a dropped cache) and more
 * checkpoints than one short walk reads: `list -n`, `show latest` and
 * `status` answer from the newest commits of the chains (listing-cold.ts),
 * keep only those heads for the next command (no listing cache), and say
 * exactly what the full listing says. Where the
 * trailers cannot be trusted to tell the rest (a count that does not count
 * down, a fetched commit reusing an own id, a link to a commit of no chain),
 * the answer is the full listing's.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSupport, readOnlyView } from '../helpers/mounts.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let template: Record<string, any>;
const OWN = 'ada-aaaaaa';
const MATE = 'bob-bbbbbb';
const START = Date.UTC(2026, 2, 1) / 1000;

beforeAll(async () => {
  sb = makeSandbox();
  const dir = sb.repo('template');
  expect((await sb.ckpt(dir, ['save', '-m', 'template'])).code).toBe(0);
  template = JSON.parse((await sb.ckpt(dir, ['show', '--json'])).stdout);
});
afterAll(() => sb.cleanup());

interface Planned { ref: string; writer: string; seq: number; at: number; branch: string; title: string; from?: string; merge?: string }

const stamp = (at: number) => new Date(at * 1000).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const idOf = (p: Planned) => `${stamp(p.at)}-${p.writer.slice(0, 1)}${(p.seq % 36 ** 3).toString(36).padStart(3, '0')}`;

/** One fast-import commit of a valid checkpoint, as `save` writes it. */
function commitScript(p: Planned): string {
  const id = idOf(p);
  const record = {
    ...template, id, writer: p.writer, createdAt: new Date(p.at * 1000).toISOString(), parents: [],
    task: { ...template.task, title: p.title }, git: { ...template.git, branch: p.branch },
  };
  const json = `${JSON.stringify(record, null, 2)}\n`;
  const message = `checkpoint: ${p.title}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${p.writer}\nCheckpoint-Branch: ${p.branch}\nCheckpoint-Seq: ${p.seq}\n`;
  return `commit ${p.ref}\ncommitter Ada <ada@example.com> ${p.at} +0000\ndata ${Buffer.byteLength(message)}\n${message}` +
    (p.from ? `from ${p.from}\n` : '') + (p.merge ? `merge ${p.merge}\n` : '') +
    `M 100644 inline checkpoint.json\ndata ${Buffer.byteLength(json)}\n${json}\n`;
}

/** Own and a teammate's chains, `per` each, saved in turn a second apart; the teammate's newest `mateOnly` alone at the end. */
function makeRepo(name: string, per: number, mateOnly = 0): string {
  const dir = sb.repo(name);
  sb.git(dir, 'config', 'checkpoint.writer', OWN);
  const plans: Planned[] = [];
  let at = START;
  for (let i = 1; i <= per; i++) {
    plans.push({ ref: `refs/checkpoints/${OWN}`, writer: OWN, seq: i, at: at++, branch: i % 7 === 0 ? 'feature' : 'main', title: `own ${i}` });
    plans.push({ ref: `refs/checkpoints/remotes/origin/${MATE}`, writer: MATE, seq: i, at: at++, branch: 'main', title: `mate ${i}` });
  }
  for (let i = per + 1; i <= per + mateOnly; i++) plans.push({ ref: `refs/checkpoints/remotes/origin/${MATE}`, writer: MATE, seq: i, at: at++, branch: 'main', title: `mate ${i}` });
  sb.gitIn(dir, ['fast-import', '--quiet'], plans.map(commitScript).join(''));
  return dir;
}

const cacheFile = (dir: string) => join(dir, '.git', 'checkpoint', 'list-cache.jsonl');
function dropCache(dir: string): void {
  for (const f of ['list-cache.jsonl', 'list-view.json', 'list-all.json', 'list-own.json']) rmSync(join(dir, '.git', 'checkpoint', f), { force: true });
}

async function json(dir: string, args: string[]): Promise<{ value: any; stderr: string }> {
  const res = await sb.ckpt(dir, [...args, '--json'], { env: { GIT_CHECKPOINT_TRACE: '1' } });
  expect([0, 3], res.stderr).toContain(res.code);
  return { value: JSON.parse(res.stdout), stderr: res.stderr };
}

/** What the full listing says: the same commands once the cache is built by `list -n 0`. */
async function fullAnswers(dir: string): Promise<{ page: any; latest: any; status: any }> {
  expect((await sb.ckpt(dir, ['list', '-n', '0'])).code).toBe(0);
  expect(existsSync(cacheFile(dir))).toBe(true);
  return {
    page: (await json(dir, ['list', '-n', '20'])).value,
    latest: (await json(dir, ['show', 'latest'])).value,
    status: (await json(dir, ['status'])).value,
  };
}

describe('no listing cache, a long history', () => {
  it('list -n, show latest and status answer from the newest commits, keep only that, and agree with the full listing', async () => {
    const dir = makeRepo('cold', 400);
    const cold = {
      page: await json(dir, ['list', '-n', '20']),
      latest: await json(dir, ['show', 'latest']),
      status: await json(dir, ['status']),
    };
    // One short walk each (git log -n256) for list and for latest, no listing cache written.
    expect(cold.page.stderr).toMatch(/git log -z -n256 /);
    expect(cold.latest.stderr).toMatch(/git log -z -n256 /);
    expect(existsSync(cacheFile(dir))).toBe(false);
    // The heads those walks kept answer the next commands without a walk.
    const again = { page: await json(dir, ['list', '-n', '20']), latest: await json(dir, ['show', 'latest']), status: cold.status };
    for (const run of Object.values(again)) expect(run.stderr).not.toMatch(/git log/);
    expect(again.page.value).toEqual(cold.page.value);
    expect(again.latest.value).toEqual(cold.latest.value);
    expect(existsSync(cacheFile(dir))).toBe(false);
    expect(cold.page.value.total).toBe(800);
    expect(cold.page.value.checkpoints[0].title).toBe('mate 400');
    expect(cold.latest.value.task.title).toBe('own 400');
    const full = await fullAnswers(dir);
    expect(cold.page.value).toEqual(full.page);
    expect(cold.latest.value).toEqual(full.latest);
    expect(cold.status.value).toEqual(full.status);
  }, 120_000);

  it('latest is the own newest on the branch even past hundreds of a teammate\'s newer ones', async () => {
    const dir = makeRepo('deep-own', 300, 600);
    const latest = await json(dir, ['show', 'latest']);
    expect(latest.value.task.title).toBe('own 300');
    // The own chain's newest commits alone: no walk of every chain.
    expect(latest.stderr).not.toMatch(/--format=%H%x01%P%x01%ct/);
    expect(existsSync(cacheFile(dir))).toBe(false);
    // A branch where the writer saved less often: its own newest there, as the full listing says.
    sb.git(dir, 'switch', '-q', '-c', 'feature');
    const feature = await json(dir, ['show', 'latest']);
    expect(feature.value.task.title).toBe('own 294');
    dropCache(dir);
    const full = await fullAnswers(dir);
    expect(feature.value).toEqual(full.latest);
  }, 120_000);

  it('an invalid record among the newest is skipped and not counted', async () => {
    const dir = makeRepo('cold-invalid', 300);
    const ref = `refs/checkpoints/remotes/origin/${MATE}`;
    const tip = sb.git(dir, 'rev-parse', ref).trim();
    const blob = sb.gitIn(dir, ['hash-object', '-w', '--stdin'], '{broken');
    const tree = sb.gitIn(dir, ['mktree'], `100644 blob ${blob}\tcheckpoint.json\n`);
    const message = `checkpoint: broken\n\nCheckpoint-Id: 20300101-000000-bad1\nCheckpoint-Writer: ${MATE}\nCheckpoint-Branch: main\nCheckpoint-Seq: 301\n`;
    sb.git(dir, 'update-ref', ref, sb.gitIn(dir, ['commit-tree', tree, '-p', tip, '-F', '-'], message));
    const cold = await json(dir, ['list', '-n', '3']);
    expect(cold.stderr).toMatch(/warning: skipping invalid checkpoint [0-9a-f]{40}: /);
    expect(cold.value.total).toBe(600);
    expect(cold.value.checkpoints.map((c: { title: string }) => c.title)).toEqual(['mate 300', 'own 300', 'mate 299']);
    expect(existsSync(cacheFile(dir))).toBe(false);
    const full = await fullAnswers(dir);
    expect((await json(dir, ['list', '-n', '3'])).value).toEqual(cold.value);
    expect(full.page.total).toBe(600);
  }, 120_000);
});

describe.skipIf(mountSupport() !== null)('no listing cache, a read-only repository', () => {
  it('list -n and show latest still answer, and say what the full listing says, with nowhere to keep the head', async () => {
    const dir = makeRepo('cold-read-only', 300);
    const ro = readOnlyView(dir, join(sb.root, 'cold-read-only-view'));
    try {
      const page = await json(ro.path, ['list', '-n', '5']);
      const latest = await json(ro.path, ['show', 'latest']);
      expect(page.stderr).toMatch(/git log -z -n256 /);
      expect(page.value.total).toBe(600);
      expect(latest.value.task.title).toBe('own 300');
      expect(existsSync(join(dir, '.git', 'checkpoint', 'list-view.json'))).toBe(false);
      const full = await fullAnswers(dir);
      expect(page.value).toEqual({ ...full.page, checkpoints: full.page.checkpoints.slice(0, 5), shown: 5 });
      expect(latest.value).toEqual(full.latest);
    } finally {
      ro.release();
    }
  }, 120_000);
});

describe('no listing cache, a kept head after a save and a fetch', () => {
  it('moves forward walking only what moved, and says what the full listing says', async () => {
    const dir = makeRepo('advance', 300);
    expect((await json(dir, ['list', '-n', '5'])).stderr).toMatch(/git log -z -n256 /);
    expect((await json(dir, ['show', 'latest'])).value.task.title).toBe('own 300');
    expect((await sb.ckpt(dir, ['save', '-m', 'saved here'])).code).toBe(0);
    const afterSave = { page: await json(dir, ['list', '-n', '5']), latest: await json(dir, ['show', 'latest']) };
    for (const run of Object.values(afterSave)) {
      expect(run.stderr).not.toMatch(/-n256/);
      expect(run.stderr).toMatch(/git log -z -n1001 /);
    }
    expect(afterSave.page.value.total).toBe(601);
    expect(afterSave.page.value.checkpoints[0].title).toBe('saved here');
    expect(afterSave.latest.value.task.title).toBe('saved here');
    // A teammate's new checkpoint arrives (as a fetch leaves it): the own head still answers latest.
    const ref = `refs/checkpoints/remotes/origin/${MATE}`;
    const at = Math.floor(Date.now() / 1000) + 2;
    sb.gitIn(dir, ['fast-import', '--quiet'], commitScript({ ref, writer: MATE, seq: 301, at, branch: 'main', title: 'fetched later', from: sb.git(dir, 'rev-parse', ref).trim() }));
    const afterFetch = { page: await json(dir, ['list', '-n', '5']), latest: await json(dir, ['show', 'latest']) };
    expect(afterFetch.page.stderr).not.toMatch(/-n256/);
    expect(afterFetch.latest.stderr).not.toMatch(/git log/);
    expect(afterFetch.page.value.total).toBe(602);
    expect(afterFetch.page.value.checkpoints.map((c: { title: string }) => c.title).slice(0, 2)).toEqual(['fetched later', 'saved here']);
    expect(existsSync(cacheFile(dir))).toBe(false);
    const full = await fullAnswers(dir);
    expect(afterFetch.page.value).toEqual({ ...full.page, checkpoints: full.page.checkpoints.slice(0, 5), shown: 5 });
    expect(afterFetch.latest.value).toEqual(full.latest);
  }, 120_000);
});

describe('no listing cache, trailers that do not tell the rest', () => {
  /** Adds one commit on top of the teammate's chain; returns its id. */
  function plantOnMate(dir: string, p: Omit<Planned, 'ref' | 'writer' | 'at'> & { at?: number }): string {
    const ref = `refs/checkpoints/remotes/origin/${MATE}`;
    const planned: Planned = { ref, writer: MATE, at: START + 10_000, ...p, from: sb.git(dir, 'rev-parse', ref).trim() };
    sb.gitIn(dir, ['fast-import', '--quiet'], commitScript(planned));
    return idOf(planned);
  }

  it('a count that does not count down: the full listing answers, and counts what is there', async () => {
    const dir = makeRepo('liar-seq', 300);
    plantOnMate(dir, { seq: 90_000, branch: 'main', title: 'claims a long chain' });
    const page = await json(dir, ['list', '-n', '5']);
    expect(page.value.total).toBe(601);
    expect(page.value.checkpoints[0].title).toBe('claims a long chain');
    expect(existsSync(cacheFile(dir))).toBe(true);
  }, 120_000);

  it.each([false, true])('a fetched commit reusing an own id never shadows it (head kept before: %s)', async (kept) => {
    const dir = makeRepo(`reused-id-${kept}`, 300);
    if (kept) expect((await json(dir, ['list', '-n', '5'])).value.total).toBe(600);
    // The id of own checkpoint 10, far past the newest commits.
    const ownId = idOf({ ref: '', writer: OWN, seq: 10, at: START + 18, branch: 'main', title: '' });
    const ref = `refs/checkpoints/remotes/origin/${MATE}`;
    const record = { ...template, id: ownId, writer: MATE, createdAt: new Date((START + 10_000) * 1000).toISOString(), parents: [], task: { ...template.task, title: 'impostor' }, git: { ...template.git, branch: 'main' } };
    const blob = sb.gitIn(dir, ['hash-object', '-w', '--stdin'], `${JSON.stringify(record, null, 2)}\n`);
    const tree = sb.gitIn(dir, ['mktree'], `100644 blob ${blob}\tcheckpoint.json\n`);
    const message = `checkpoint: impostor\n\nCheckpoint-Id: ${ownId}\nCheckpoint-Writer: ${MATE}\nCheckpoint-Branch: main\nCheckpoint-Seq: 301\n`;
    sb.git(dir, 'update-ref', ref, sb.gitIn(dir, ['commit-tree', tree, '-p', sb.git(dir, 'rev-parse', ref).trim(), '-F', '-'], message));
    const page = await json(dir, ['list', '-n', '5']);
    expect(page.value.checkpoints.map((c: { title: string }) => c.title)).not.toContain('impostor');
    expect(page.stderr).toContain(`reuses the id ${ownId} of your own checkpoint; ignored`);
    expect((await json(dir, ['show', ownId])).value.task.title).toBe('own 10');
  }, 120_000);

  it('a link to a commit of no chain is listed where the full listing lists it', async () => {
    const dir = makeRepo('orphan-link', 300);
    // A checkpoint of a writer whose chain is gone, linked from the teammate's newest.
    const gone: Planned = { ref: 'refs/heads/scratch-gone', writer: 'cy-cccccc', seq: 1, at: START + 9_000, branch: 'main', title: 'from a gone chain' };
    sb.gitIn(dir, ['fast-import', '--quiet'], commitScript(gone));
    const goneCommit = sb.git(dir, 'rev-parse', 'refs/heads/scratch-gone').trim();
    sb.git(dir, 'update-ref', '-d', 'refs/heads/scratch-gone');
    plantOnMate(dir, { seq: 301, branch: 'main', title: 'builds on a gone chain', merge: goneCommit });
    const page = await json(dir, ['list', '-n', '3']);
    expect(page.value.checkpoints.map((c: { title: string }) => c.title)).toEqual(['builds on a gone chain', 'from a gone chain', 'mate 300']);
    expect(page.value.total).toBe(602);
  }, 120_000);
});
