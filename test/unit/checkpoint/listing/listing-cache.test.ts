/**
 * The listing cache on memfs: a moved tip is walked from where it was, the
 * file only grows, a torn or corrupt file is detected and rebuilt, a chain
 * rewritten by prune lists what it now holds, and a lazy listing reads only
 * the records it shows.
 */
import { describe, expect, it } from 'vitest';
import { checkListed, loadListing } from '../../../../src/checkpoint/listing/listing.js';
import type { Repo } from '../../../../src/git/repo.js';
import { makeMemCli, type MemCli } from '../../../helpers/mem-cli.js';

const CACHE = '/repo/.git/checkpoint/list-cache.jsonl';

async function saveMany(m: MemCli, titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const t of titles) {
    const res = await m.cli(['save', '-m', t, '--no-carry', '--no-wip']);
    expect(res.code, res.stderr).toBe(0);
    ids.push(res.stdout.trim());
  }
  return ids;
}

async function listedIds(m: MemCli, args: string[] = []): Promise<string[]> {
  const res = await m.cli(['list', '--json', ...args]);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout).checkpoints.map((c: { id: string }) => c.id);
}

const ALL = '/repo/.git/checkpoint/list-all.json';

const readCache = async (m: MemCli) => String(await m.fs.promises.readFile(CACHE, 'utf8'));
/** Writes the cache file, dropping the whole last listing (which answers `-n 0` without reading the cache). */
const writeCache = async (m: MemCli, text: string) => {
  await m.fs.promises.rm(ALL, { force: true });
  await m.fs.promises.writeFile(CACHE, text);
};

/** Counts the record reads a repository serves. */
function countingReads(repo: Repo): { repo: Repo; reads: () => number } {
  let reads = 0;
  const counted = new Proxy(repo, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key === 'readBlobAtCapped') return (...args: unknown[]) => (reads++, (value as (...a: unknown[]) => unknown).apply(target, args));
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { repo: counted, reads: () => reads };
}

/** A commit on the own chain whose trailers look right but whose record is not a checkpoint. */
async function appendInvalid(m: MemCli, writer: string, id: string): Promise<string> {
  const { repo } = m;
  const ref = `refs/checkpoints/${writer}`;
  const tip = (await repo.readRef(ref))!;
  const blob = await repo.writeBlob('{"schema":"not-a-checkpoint"}\n');
  const tree = await repo.writeTree([{ mode: '100644', type: 'blob', oid: blob, name: 'checkpoint.json' }]);
  const who = { name: 'Ada Lovelace', email: 'ada@example.com', timestamp: Math.floor(m.clock.now.getTime() / 1000) + 5, tzOffsetMinutes: 0 };
  const message = `checkpoint: broken\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: main\n`;
  const commit = await repo.writeCommit({ tree, parents: [tip], author: who, committer: who, message });
  expect(await repo.updateRef(ref, commit, tip, 'test')).toBe(true);
  return commit;
}

describe('the listing cache', () => {
  it('walks a moved tip and only appends to the file', async () => {
    const m = await makeMemCli();
    const first = await saveMany(m, ['one', 'two', 'three']);
    expect(await listedIds(m)).toEqual([...first].reverse());
    const before = await readCache(m);
    const more = await saveMany(m, ['four']);
    expect(await listedIds(m)).toEqual([...more, ...[...first].reverse()]);
    const after = await readCache(m);
    expect(after.startsWith(before)).toBe(true);
    expect(after.length).toBeGreaterThan(before.length);
    // Once current, a listing adds nothing.
    await listedIds(m);
    expect(await readCache(m)).toBe(after);
  });

  it('rebuilds a torn or corrupt file and lists the same', async () => {
    const m = await makeMemCli();
    const ids = [...(await saveMany(m, ['one', 'two', 'three']))].reverse();
    expect(await listedIds(m, ['-n', '0'])).toEqual(ids);
    const whole = await readCache(m);
    await writeCache(m, whole.slice(0, Math.floor(whole.length * 0.6)));
    expect(await listedIds(m, ['-n', '0'])).toEqual(ids);
    const rebuilt = await readCache(m);
    expect(rebuilt.endsWith('\n')).toBe(true);
    for (const line of rebuilt.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    const lines = rebuilt.trimEnd().split('\n');
    lines.splice(2, 1, '["c","not an object id"]');
    await writeCache(m, `${lines.join('\n')}\n`);
    expect(await listedIds(m, ['-n', '0'])).toEqual(ids);
    expect(await readCache(m)).not.toContain('not an object id');
    await writeCache(m, 'garbage');
    expect(await listedIds(m, ['-n', '0'])).toEqual(ids);
  });

  it('answers a full listing from the last one while no chain moved, and lists again when one did', async () => {
    const m = await makeMemCli();
    const ids = [...(await saveMany(m, ['one', 'two', 'three']))].reverse();
    expect(await listedIds(m, ['-n', '0'])).toEqual(ids);
    // The cache of every commit is not read again: garbage in it changes nothing, and it is left as it is.
    await m.fs.promises.writeFile(CACHE, 'garbage');
    const counted = countingReads(m.repo);
    const listing = await loadListing(counted.repo, { lazy: true, all: true });
    expect(listing.checkpoints.map((c) => [c.id, c.checked])).toEqual(ids.map((id) => [id, true]));
    expect(counted.reads()).toBe(0);
    expect(await listedIds(m, ['-n', '0', '--branch', 'main'])).toEqual(ids);
    expect(await readCache(m)).toBe('garbage');
    // A save moves the tip: listed again in full, the new one first, the cache rebuilt.
    const [four] = await saveMany(m, ['four']);
    expect(await listedIds(m, ['-n', '0'])).toEqual([four, ...ids]);
    expect(await readCache(m)).not.toBe('garbage');
    // A record found invalid while listing from it leaves it too.
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    const bad = await appendInvalid(m, writer, '20261129-100100-bad3');
    await loadListing(m.repo, { lazy: true, all: true });
    const res = await m.cli(['list', '-n', '0']);
    expect(res.stderr).toContain(`skipping invalid checkpoint ${bad}`);
    expect(res.stdout).toContain('showing 4 of 4');
    const again = await m.cli(['list', '-n', '0']);
    expect(again.stderr).toContain(`skipping invalid checkpoint ${bad}`);
    const kept = JSON.parse(String(await m.fs.promises.readFile(ALL, 'utf8'))) as { rows: { s: { commit: string } }[] };
    expect(kept.rows.map((r) => r.s.commit)).not.toContain(bad);
  });

  it('recaps the newest own checkpoint at session start reading only its record, past an invalid one', async () => {
    const m = await makeMemCli();
    const ids = await saveMany(m, ['one', 'two', 'three']);
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    const bad = await appendInvalid(m, writer, '20261129-100100-bad4');
    for (const name of ['list-cache.jsonl', 'list-view.json', 'list-all.json', 'list-own.json']) await m.fs.promises.rm(`/repo/.git/checkpoint/${name}`, { force: true });
    const input = JSON.stringify({ session_id: 'a-session', cwd: '/repo', hook_event_name: 'SessionStart', source: 'startup' });
    const start = await m.cli(['hook', 'agent-session-start'], { stdin: input });
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).toContain(`|id|${ids[2]}|`);
    // What was read is remembered in the cache: the invalid tip and the one recapped, nothing else.
    const read = (await readCache(m)).split('\n').filter((l) => l.startsWith('["k"') || l.startsWith('["x"'));
    expect(read.map((l) => JSON.parse(l)[1])).toEqual([bad, expect.any(String)]);
    expect(read[1]).toContain('"three"');
  });

  it('completes checkpoint names from the commit messages, reading no record', async () => {
    const m = await makeMemCli();
    const ids = await saveMany(m, ['one', 'two']);
    for (const name of ['list-cache.jsonl', 'list-view.json', 'list-all.json', 'list-own.json']) await m.fs.promises.rm(`/repo/.git/checkpoint/${name}`, { force: true });
    const res = await m.cli(['__complete', 'show', '']);
    expect(res.stdout.split('\n')).toEqual(expect.arrayContaining(['latest', ...ids]));
    expect((await readCache(m)).split('\n').filter((l) => l.startsWith('["k"'))).toEqual([]);
  });

  it('lists what a chain rewritten by prune holds, and after it new saves', async () => {
    const m = await makeMemCli();
    const ids = await saveMany(m, ['one', 'two', 'three', 'four', 'five']);
    expect(await listedIds(m)).toHaveLength(5);
    const pruned = await m.cli(['prune', '--keep', '2']);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(await listedIds(m)).toEqual([ids[4], ids[3]]);
    const [six] = await saveMany(m, ['six']);
    expect(await listedIds(m)).toEqual([six, ids[4], ids[3]]);
    expect((await m.cli(['show', 'latest~2', '--json'])).stdout).toContain(ids[3]!);
  });

  it('reads only the records it shows, and skips an invalid one it meets', async () => {
    const m = await makeMemCli();
    const ids = [...(await saveMany(m, ['one', 'two', 'three', 'four']))].reverse();
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    const bad = await appendInvalid(m, writer, '20261129-100100-bad1');
    await m.fs.promises.rm(CACHE, { force: true });
    const counted = countingReads(m.repo);
    const listing = await loadListing(counted.repo, { lazy: true });
    expect(counted.reads()).toBe(0);
    expect(listing.checkpoints.map((c) => c.checked)).toEqual([false, false, false, false, false]);
    const shown = await checkListed(counted.repo, listing, listing.checkpoints.slice(0, 2));
    expect(counted.reads()).toBe(2);
    expect(shown.map((c) => c.id)).toEqual([ids[0]]);
    expect(listing.invalid.map((i) => i.commit)).toEqual([bad]);
    // What was checked is remembered: the next listing reads nothing it has read.
    const again = countingReads(m.repo);
    const next = await loadListing(again.repo, { lazy: true });
    expect(next.checkpoints.filter((c) => c.checked).map((c) => c.id)).toEqual([ids[0]]);
    expect(again.reads()).toBe(0);
    const res = await m.cli(['list', '-n', '2']);
    expect(res.stderr).toContain(`skipping invalid checkpoint ${bad}`);
    expect(res.stdout).toContain('showing 2 of 4');
    expect((await m.cli(['show', 'latest', '--json'])).stdout).toContain(ids[0]!);
    expect((await m.cli(['show', '20261129-100100-bad1'])).code).toBe(1);
  });

  it('names the newest of two saved within one second, whichever of them was read before', async () => {
    const m = await makeMemCli();
    const at = (iso: string) => { m.clock.now = new Date(Date.parse(iso) - 1000); };
    at('2026-11-29T11:00:00.500Z');
    const [older] = await saveMany(m, ['older']);
    expect(await listedIds(m)).toEqual([older]);
    at('2026-11-29T11:00:00.900Z');
    const [newer] = await saveMany(m, ['newer']);
    at('2026-11-29T11:00:30.000Z');
    expect(JSON.parse((await m.cli(['show', 'latest', '--json'])).stdout).id).toBe(newer);
    expect(await listedIds(m, ['-n', '1'])).toEqual([newer]);
    expect(await listedIds(m)).toEqual([newer, older]);
  });

  it('answers list and latest from the head of the last listing, and lists in full when a row there is invalid', async () => {
    const m = await makeMemCli();
    const ids = [...(await saveMany(m, ['one', 'two', 'three']))].reverse();
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    const bad = await appendInvalid(m, writer, '20261129-100100-bad2');
    // Naming one checkpoint lists lazily: the invalid tip is in the head, not read yet.
    expect((await m.cli(['show', ids[1]!])).code).toBe(0);
    const view = '/repo/.git/checkpoint/list-view.json';
    expect(String(await m.fs.promises.readFile(view, 'utf8'))).toContain(bad);
    const latest = await m.cli(['show', 'latest', '--json']);
    expect(JSON.parse(latest.stdout).id).toBe(ids[0]);
    expect(latest.stderr).toContain(`skipping invalid checkpoint ${bad}`);
    const listed = await m.cli(['list', '-n', '2']);
    expect(listed.stdout).toContain('showing 2 of 3');
    expect(listed.stdout).toContain(ids[1]!.slice(-4));
    // Warm: the head answers, the same as before.
    expect(await listedIds(m, ['-n', '2'])).toEqual(ids.slice(0, 2));
    expect((await m.cli(['list', '-n', '5'])).stdout).toContain('showing 3 of 3');
  });

  it('brings the head forward after a save without reading the whole cache, and agrees with a full listing', async () => {
    const m = await makeMemCli();
    const ids = await saveMany(m, ['one', 'two', 'three']);
    expect(await listedIds(m)).toEqual([...ids].reverse());
    const before = await readCache(m);
    await m.fs.promises.writeFile(CACHE, `${before}["c","not an object id"]\n`);
    const [four] = await saveMany(m, ['four']);
    // The head answers: the cache, torn above, is appended to, not read.
    expect(await listedIds(m, ['-n', '2'])).toEqual([four, ids[2]]);
    expect((await m.cli(['list'])).stdout).toContain('showing 4 of 4');
    expect(await readCache(m)).toContain('not an object id');
    expect(JSON.parse((await m.cli(['show', 'latest', '--json'])).stdout).id).toBe(four);
    // A full listing rebuilds the cache and says the same.
    expect(await listedIds(m, ['-n', '0'])).toEqual([four, ...[...ids].reverse()]);
    expect(await readCache(m)).not.toContain('not an object id');
  });
});
