/**
 * The one suite every `Repo` implementation must pass (SPEC §11), in the manner
 * of git-bug's repository tests: a test file per backend calls
 * `describeRepoContract` with a builder. Expected object ids are what real git
 * computes for the same content, so both backends must write git's exact bytes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { UnsupportedError } from '../../src/errors.js';
import type { Person, Repo, ScannedCommit, TreeEntry, WorktreeEntry } from '../../src/git/repo.js';

/** What a builder sets up, applied in this order; commits are made on branch `main`. */
export interface FixtureSpec {
  /** Each commit writes (and adds) its files, keeping the earlier commits' files. */
  commits?: { message: string; files: Record<string, string> }[];
  /** Local config entries; an array makes a multi-valued key, in that order. */
  config?: Record<string, string | string[]>;
  /** Written and added to the index after the commits. */
  staged?: Record<string, string>;
  /** Then written to the working tree, not added. */
  files?: Record<string, string>;
  /** Then made as symlinks in the working tree (path → target text), not added. */
  symlinks?: Record<string, string>;
  /** Then deleted from the working tree, not from the index. */
  removed?: string[];
  /** Finally detach HEAD at the last commit. */
  detached?: boolean;
}

export interface RepoFixture {
  repo: Repo;
  /** Writes a working-tree file (creating directories), as an editor would. */
  writeFile(path: string, content: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Identity and clock every builder uses, so both backends build the same commit ids. */
export const FIXTURE_AUTHOR = { name: 'Test User', email: 'test@example.com' };
/** Commit `i` of a FixtureSpec is made at this time (seconds, UTC). */
export const fixtureTime = (i: number): number => 1_700_000_000 + 60 * i;

type Open = (spec?: FixtureSpec) => Promise<RepoFixture>;

const HELLO = 'ce013625030ba8dba906f756967f9e9ca394464a'; // git hash-object of "hello\n"
const EMPTY_BLOB = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
const MISSING = 'deadbeef'.repeat(5);
const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null);
const person = (timestamp: number, tzOffsetMinutes = 0): Person => ({ ...FIXTURE_AUTHOR, timestamp, tzOffsetMinutes });

/** Registers the shared Repo suite under `name`. */
export function describeRepoContract(name: string, makeFixture: (spec: FixtureSpec) => Promise<RepoFixture>): void {
  describe(`Repo contract: ${name}`, () => {
    let open: RepoFixture[] = [];
    const openFixture: Open = async (spec = {}) => {
      const fixture = await makeFixture(spec);
      open.push(fixture);
      return fixture;
    };
    afterEach(async () => {
      await Promise.all(open.map((f) => f.cleanup()));
      open = [];
    });
    describeObjects(openFixture);
    describeHistory(openFixture);
    describeRefs(openFixture);
    describeConfig(openFixture);
    describeStatus(openFixture);
    describeWorktreeReads(openFixture);
    describeGitDirFiles(openFixture);
    describeSnapshots(openFixture);
    describeTransport(openFixture);
  });
}

/**
 * Transport goes through the git binary; a backend without it must refuse
 * with UnsupportedError (exit 128), never half-work. Success over real
 * transports is covered by test/integration/sharing-*.test.ts.
 */
function describeTransport(open: Open): void {
  describe('transport', () => {
    it('reports an unreachable remote as a failed fetch and push, or refuses transport altogether', async () => {
      const { repo } = await open({ config: { 'remote.origin.url': '/nonexistent/remote.git' } });
      const fetching = repo.fetchRefs('origin', ['+refs/checkpoints/*:refs/checkpoints/remotes/origin/*']).catch((e: unknown) => e);
      const pushing = repo.pushRefs('origin', ['refs/heads/main:refs/heads/main'], { atomic: true, leases: [] }).catch((e: unknown) => e);
      const [fetched, pushed] = await Promise.all([fetching, pushing]);
      if (repo.backend === 'isomorphic-git') {
        expect(fetched).toBeInstanceOf(UnsupportedError);
        expect(pushed).toBeInstanceOf(UnsupportedError);
        expect((fetched as Error).message).toBe("cannot fetch 'origin' with the isomorphic-git backend");
      } else {
        expect(fetched).toMatchObject({ ok: false, stderr: expect.stringContaining('/nonexistent/remote.git') });
        expect(pushed).toMatchObject({ ok: false, refs: [] });
      }
      expect(await repo.listRefs('refs/checkpoints/')).toEqual([]);
    });
  });
}

/** Seconds: the base of every hand-made commit's time. */
const T0 = 1_600_000_000;

/** A commit with the empty tree, `offset` seconds after T0, for building histories quickly. */
async function commitAt(repo: Repo, offset: number, parents: string[] = [], message = `at ${offset}\n`): Promise<string> {
  const tree = await repo.writeTree([]);
  const who = person(T0 + offset);
  return repo.writeCommit({ tree, parents, author: who, committer: who, message });
}

function describeObjects(open: Open): void {
  describe('objects', () => {
    it('writes and reads blobs byte for byte, with git ids', async () => {
      const { repo } = await open();
      const binary = Uint8Array.from({ length: 256 }, (_, i) => i);
      expect(await repo.writeBlob('hello\n')).toBe(HELLO);
      expect(await repo.writeBlob(new TextEncoder().encode('hello\n'))).toBe(HELLO);
      expect(await repo.writeBlob('')).toBe(EMPTY_BLOB);
      expect(Array.from((await repo.readBlob(await repo.writeBlob(binary)))!)).toEqual(Array.from(binary));
      expect(await repo.readBlob(MISSING)).toBeNull();
      expect(await repo.readBlob(await repo.writeTree([]))).toBeNull();
    });

    it('writes trees in git order with canonical modes and reads them back in that order', async () => {
      const { repo } = await open();
      await repo.writeBlob('hello\n');
      const link = await repo.writeBlob('b.txt');
      const sub = await repo.writeTree([{ mode: '100644', type: 'blob', oid: HELLO, name: 'x' }]);
      const entries: TreeEntry[] = [
        { mode: '100644', type: 'blob', oid: HELLO, name: 'b.txt' },
        { mode: '100755', type: 'blob', oid: HELLO, name: 'a.sh' },
        { mode: '040000', type: 'tree', oid: sub, name: 'a' },
        { mode: '120000', type: 'blob', oid: link, name: 'link' },
        { mode: '100644', type: 'blob', oid: HELLO, name: 'a.b' },
      ];
      const tree = await repo.writeTree(entries);
      expect(tree).toBe('ae6d591a61d3bd3b45b9e3a1b25261ffc42782ec');
      const names = (await repo.readTree(tree))?.map((e) => e.name);
      expect(names).toEqual(['a.b', 'a.sh', 'a', 'b.txt', 'link']);
      expect(await repo.readTree(tree)).toContainEqual({ mode: '040000', type: 'tree', oid: sub, name: 'a' });
      expect(await repo.readTree(HELLO)).toBeNull();
      expect(await repo.readTree(MISSING)).toBeNull();
      expect(text(await repo.readBlobAt(await commitWithTree(repo, tree), 'a/x'))).toBe('hello\n');
    });

    it('refuses tree entry names git would refuse, writing nothing', async () => {
      const { repo } = await open();
      const blob = (name: string) => ({ mode: '100644' as const, type: 'blob' as const, oid: HELLO, name });
      await repo.writeBlob('hello\n');
      for (const entries of [[blob('')], [blob('.')], [blob('..')], [blob('a/b')], [blob('a\0b')], [blob('x'), blob('x')]]) {
        await expect(repo.writeTree(entries), JSON.stringify(entries.map((e) => e.name))).rejects.toThrow(/invalid tree entry name/);
      }
    });

    it('round-trips a commit exactly: parents, people, times, zones, message', async () => {
      const { repo } = await open();
      await repo.writeBlob('hello\n');
      const sub = await repo.writeTree([{ mode: '100644', type: 'blob', oid: HELLO, name: 'x' }]);
      const link = await repo.writeBlob('b.txt');
      const tree = await repo.writeTree([
        { mode: '100644', type: 'blob', oid: HELLO, name: 'a.b' },
        { mode: '100755', type: 'blob', oid: HELLO, name: 'a.sh' },
        { mode: '040000', type: 'tree', oid: sub, name: 'a' },
        { mode: '100644', type: 'blob', oid: HELLO, name: 'b.txt' },
        { mode: '120000', type: 'blob', oid: link, name: 'link' },
      ]);
      const empty = await repo.writeTree([]);
      const one = await repo.writeCommit({ tree: empty, parents: [], author: oldPerson(1), committer: oldPerson(1), message: 'one\n' });
      const two = await repo.writeCommit({ tree: empty, parents: [], author: oldPerson(2), committer: oldPerson(2), message: 'two\n' });
      const commit = {
        tree,
        parents: [one, two],
        author: { name: 'A U Thor', email: 'author@example.com', timestamp: 1_700_000_000, tzOffsetMinutes: 330 },
        committer: { name: 'C O Mitter', email: 'committer@example.com', timestamp: 1_700_003_600, tzOffsetMinutes: -420 },
        message: 'subject line\n\nbody line 1\nbody line 2\n',
      };
      const oid = await repo.writeCommit(commit);
      expect(oid).toBe('36adac4da71b4d2254beca0c9f8c61606c3a92dd');
      expect(await repo.readCommit(oid)).toEqual({ oid, ...commit });
      expect(await repo.readCommit(tree)).toBeNull();
      expect(await repo.readCommit(MISSING)).toBeNull();
    });

    it('keeps times from 1970 and the widest zones exactly', async () => {
      const { repo } = await open();
      const author: Person = { name: 'Old', email: 'old@example.com', timestamp: 1, tzOffsetMinutes: 0 };
      const committer: Person = { ...author, timestamp: 86_400, tzOffsetMinutes: 14 * 60 };
      const commit = { tree: await repo.writeTree([]), parents: [], author, committer, message: 'old\n' };
      const oid = await repo.writeCommit(commit);
      expect(oid).toBe('03eacf2549fe7bf9cf478718870488df93dac563');
      expect(await repo.readCommit(oid)).toEqual({ oid, ...commit });
    });

    it('answers hasObject for every object type', async () => {
      const { repo } = await open();
      const blob = await repo.writeBlob('x\n');
      const tree = await repo.writeTree([{ mode: '100644', type: 'blob', oid: blob, name: 'x' }]);
      const commit = await commitWithTree(repo, tree);
      for (const oid of [blob, tree, commit]) expect(await repo.hasObject(oid)).toBe(true);
      expect(await repo.hasObject(MISSING)).toBe(false);
    });

    it('reads a blob at a path of a commit, null for absent paths and directories', async () => {
      const { repo } = await open({ commits: [{ message: 'init', files: { 'top.txt': 'top\n', 'dir/file.txt': 'nested\n' } }] });
      const head = (await repo.readRef('refs/heads/main'))!;
      expect(text(await repo.readBlobAt(head, 'dir/file.txt'))).toBe('nested\n');
      expect(text(await repo.readBlobAt(head, 'top.txt'))).toBe('top\n');
      expect(await repo.readBlobAt(head, 'missing.txt')).toBeNull();
      expect(await repo.readBlobAt(head, 'dir')).toBeNull();
    });
    it('reads a blob under a size cap, reporting the size of one over it without its bytes', async () => {
      const { repo } = await open({ commits: [{ message: 'init', files: { 'small.txt': 'hello\n', 'big.txt': 'x'.repeat(5000), 'dir/a': 'a' } }] });
      const head = (await repo.readRef('refs/heads/main'))!;
      const small = await repo.readBlobAtCapped(head, 'small.txt', 6);
      expect(small?.size).toBe(6);
      expect(text(small!.data)).toBe('hello\n');
      expect(await repo.readBlobAtCapped(head, 'big.txt', 4999)).toEqual({ size: 5000, data: null });
      expect(await repo.readBlobAtCapped(head, 'missing.txt', 10)).toBeNull();
      expect(await repo.readBlobAtCapped(head, 'dir', 10)).toBeNull();
      expect(await repo.readBlobAtCapped(MISSING, 'small.txt', 10)).toBeNull();
    });
  });
}

const oldPerson = (t: number): Person => ({ name: 'A', email: 'a@x', timestamp: T0 + t, tzOffsetMinutes: 0 });

async function commitWithTree(repo: Repo, tree: string): Promise<string> {
  return repo.writeCommit({ tree, parents: [], author: person(T0), committer: person(T0), message: 'tree\n' });
}

/** root(100) ← a(200) ← b(300) ← m(400) → c(250) → a; x(350) → a. */
async function buildHistory(repo: Repo) {
  const root = await commitAt(repo, 100);
  const a = await commitAt(repo, 200, [root]);
  const b = await commitAt(repo, 300, [a]);
  const c = await commitAt(repo, 250, [a]);
  const m = await commitAt(repo, 400, [b, c], 'merge\n');
  const x = await commitAt(repo, 350, [a]);
  return { root, a, b, c, m, x };
}

function describeHistory(open: Open): void {
  describe('history', () => {
    it('walks every parent from several tips, newest first, each commit once', async () => {
      const { repo } = await open();
      const h = await buildHistory(repo);
      const walked = await repo.walkCommits([h.m, h.x]);
      expect(walked.map((c) => c.oid)).toEqual([h.m, h.x, h.b, h.c, h.a, h.root]);
      expect(walked[0]).toEqual(await repo.readCommit(h.m));
      expect((await repo.walkCommits([h.m, h.m, h.b])).map((c) => c.oid)).toEqual([h.m, h.b, h.c, h.a, h.root]);
      expect(await repo.walkCommits([])).toEqual([]);
    });

    it('stops at the limit and can follow first parents only', async () => {
      const { repo } = await open();
      const h = await buildHistory(repo);
      expect((await repo.walkCommits([h.m, h.x], { limit: 3 })).map((c) => c.oid)).toEqual([h.m, h.x, h.b]);
      expect((await repo.walkCommits([h.m], { firstParent: true })).map((c) => c.oid)).toEqual([h.m, h.b, h.a, h.root]);
      expect((await repo.walkCommits([h.m], { firstParent: true, limit: 2 })).map((c) => c.oid)).toEqual([h.m, h.b]);
    });

    it('leaves out what is reachable from excluded commits, like git log A --not B', async () => {
      const { repo } = await open();
      const h = await buildHistory(repo);
      expect((await repo.walkCommits([h.m], { exclude: [h.a] })).map((c) => c.oid)).toEqual([h.m, h.b, h.c]);
      expect((await repo.walkCommits([h.m], { exclude: [h.c], limit: 2 })).map((c) => c.oid)).toEqual([h.m, h.b]);
      expect(await repo.walkCommits([h.a], { exclude: [h.m] })).toEqual([]);
      expect((await repo.walkCommits([h.m], { exclude: [h.b] })).map((c) => c.oid)).toEqual([h.m, h.c]);
      expect((await repo.walkCommits([h.m, h.x], { exclude: [h.a] })).map((c) => c.oid)).toEqual([h.m, h.x, h.b, h.c]);
      expect((await repo.walkCommits([h.m], { firstParent: true, exclude: [h.a] })).map((c) => c.oid)).toEqual([h.m, h.b]);
      expect(await repo.walkCommits([h.b], { exclude: [h.m] })).toEqual([]);
      expect(await repo.countCommits([h.m, h.x], { exclude: [h.a] })).toBe(4);
      expect(await repo.countCommits([h.m], { firstParent: true })).toBe(4);
      expect(await repo.countCommits([])).toBe(0);
    });

    it('links (ids and parents as stored) follow the same walk, exclusions and first parents included; tips list with their parents', async () => {
      const { repo } = await open();
      const h = await buildHistory(repo);
      const links = async (tips: string[], opts?: { firstParent?: boolean; exclude?: string[] }) =>
        (await repo.walkCommits(tips, opts)).map(({ oid, parents }) => ({ oid, parents }));
      const walks: [string[], { firstParent?: boolean; exclude?: string[] }][] = [
        [[h.m, h.x], {}], [[h.m], { firstParent: true }], [[h.m, h.x], { exclude: [h.a] }], [[h.m], { firstParent: true, exclude: [h.a] }],
      ];
      for (const [tips, opts] of walks) expect(await repo.walkLinks(tips, opts)).toEqual(await links(tips, opts));
      expect(await repo.walkLinks([h.m], { exclude: [h.a] })).toEqual([{ oid: h.m, parents: [h.b, h.c] }, { oid: h.b, parents: [h.a] }, { oid: h.c, parents: [h.a] }]);
      expect(await repo.walkLinks([h.a], { exclude: [h.m] })).toEqual([]);
      expect(await repo.walkLinks([])).toEqual([]);
      // Each tip listed with its commit's parents, in the order and with the names listRefs gives.
      for (const [name, oid] of [['refs/walk/one/m', h.m], ['refs/walk/one/x', h.x], ['refs/walk/other', h.a]] as const) expect(await repo.updateRef(name, oid, null, 'test')).toBe(true);
      expect(await repo.updateRef('refs/walk/one/root', h.root, null, 'test')).toBe(true);
      expect(await repo.listRefTips('refs/walk/one/')).toEqual([
        { name: 'refs/walk/one/m', oid: h.m, parents: [h.b, h.c] },
        { name: 'refs/walk/one/root', oid: h.root, parents: [] },
        { name: 'refs/walk/one/x', oid: h.x, parents: [h.a] },
      ]);
      expect(await repo.listRefTips('refs/walk/none/')).toEqual([]);
    });

    it('reads a walk whose output spans many reads whole: long messages, multi-byte characters at every offset', async () => {
      const { repo } = await open();
      const messages: string[] = [];
      let tip: string[] = [];
      for (let i = 0; i < 40; i++) {
        // 4-byte, 3-byte and 2-byte characters after a varying number of ASCII bytes: some fall on a read boundary.
        const message = `step ${i}\n\n${'x'.repeat(i)}${'🧭 ↯ é '.repeat(1200 + i)}\nCheckpoint-Seq: ${i + 1}\n`;
        messages.unshift(message);
        tip = [await commitAt(repo, 10 + i, tip, message)];
      }
      const walked = await repo.walkCommits(tip);
      expect(walked.map((c) => c.message)).toEqual(messages);
      expect(walked.map((c) => c.parents.length)).toEqual([...Array(39).fill(1), 0]);
      const scanned: ScannedCommit[] = [];
      await repo.scanCommits(tip, {}, (c) => scanned.push(c));
      expect(scanned).toEqual(walked.map((c) => ({ oid: c.oid, parents: c.parents, committed: c.committer.timestamp, message: c.message })));
    });

    it('scans the commits of a walk one at a time, in its order, with their parents and committer times', async () => {
      const { repo } = await open();
      const h = await buildHistory(repo);
      const scan = async (tips: string[], opts: { firstParent?: boolean; exclude?: string[] } = {}) => {
        const seen: ScannedCommit[] = [];
        await repo.scanCommits(tips, opts, (c) => seen.push(c));
        return seen;
      };
      const all = await scan([h.m, h.x]);
      const walked = await repo.walkCommits([h.m, h.x]);
      expect(all).toEqual(walked.map((c) => ({ oid: c.oid, parents: c.parents, committed: c.committer.timestamp, message: c.message })));
      expect((await scan([h.m], { firstParent: true, exclude: [h.a] })).map((c) => c.oid)).toEqual([h.m, h.b]);
      expect(await scan([])).toEqual([]);
    });

    it('tells ancestors from non-ancestors', async () => {
      const { repo } = await open();
      const h = await buildHistory(repo);
      expect(await repo.isAncestor(h.root, h.m)).toBe(true);
      expect(await repo.isAncestor(h.c, h.m)).toBe(true);
      expect(await repo.isAncestor(h.m, h.m)).toBe(true);
      expect(await repo.isAncestor(h.c, h.b)).toBe(false);
      expect(await repo.isAncestor(h.m, h.root)).toBe(false);
      expect(await repo.isAncestor(h.x, h.m)).toBe(false);
    });
  });
}

const CHAIN = 'refs/checkpoints/tester-abc123';

function describeRefs(open: Open): void {
  describe('refs', () => {
    it('creates, moves and refuses stale compare-and-swap updates', async () => {
      const { repo } = await open();
      const [c1, c2, c3] = [await commitAt(repo, 1), await commitAt(repo, 2), await commitAt(repo, 3)];
      expect(await repo.readRef(CHAIN)).toBeNull();
      expect(await repo.updateRef(CHAIN, c1, null, 'test: create')).toBe(true);
      expect(await repo.readRef(CHAIN)).toBe(c1);
      expect(await repo.updateRef(CHAIN, c2, null, 'test: create again')).toBe(false);
      expect(await repo.updateRef(CHAIN, c3, c2, 'test: stale')).toBe(false);
      expect(await repo.readRef(CHAIN)).toBe(c1);
      expect(await repo.updateRef(CHAIN, c2, c1, 'test: move')).toBe(true);
      expect(await repo.readRef(CHAIN)).toBe(c2);
    });

    it('lets exactly one of 20 concurrent updates from the same old value win', async () => {
      const { repo } = await open();
      const base = await commitAt(repo, 1);
      await repo.updateRef(CHAIN, base, null, 'test');
      const nexts = await Promise.all(Array.from({ length: 20 }, (_, i) => commitAt(repo, 10 + i, [base])));
      const results = await Promise.all(nexts.map((next) => repo.updateRef(CHAIN, next, base, 'test: race')));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await repo.readRef(CHAIN)).toBe(nexts[results.indexOf(true)]);
    });

    it('moves several refs in one transaction: all of them, or none when one is stale', async () => {
      const { repo } = await open();
      const NOTES = 'refs/notes/checkpoints/tester-abc123';
      const [c1, c2, c3] = [await commitAt(repo, 1), await commitAt(repo, 2), await commitAt(repo, 3)];
      expect(await repo.tryUpdateRefs([{ name: CHAIN, next: c1, expected: null }, { name: NOTES, next: c2, expected: null }], 'test: both')).toBe(true);
      expect([await repo.readRef(CHAIN), await repo.readRef(NOTES)]).toEqual([c1, c2]);
      const stale = [{ name: CHAIN, next: c3, expected: c1 }, { name: NOTES, next: c3, expected: c1 }];
      expect(await repo.tryUpdateRefs(stale, 'test: one stale')).toBe(false);
      expect([await repo.readRef(CHAIN), await repo.readRef(NOTES)]).toEqual([c1, c2]);
      expect(await repo.tryUpdateRefs([{ name: CHAIN, next: c3, expected: c1 }, { name: NOTES, next: c3, expected: c2 }], 'test: move')).toBe(true);
      expect([await repo.readRef(CHAIN), await repo.readRef(NOTES)]).toEqual([c3, c3]);
    });

    it('deletes only when the expected value matches', async () => {
      const { repo } = await open();
      const [c1, c2] = [await commitAt(repo, 1), await commitAt(repo, 2)];
      await repo.updateRef(CHAIN, c1, null, 'test');
      expect(await repo.deleteRef(CHAIN, c2)).toBe(false);
      expect(await repo.readRef(CHAIN)).toBe(c1);
      expect(await repo.deleteRef(CHAIN, c1)).toBe(true);
      expect(await repo.readRef(CHAIN)).toBeNull();
      expect(await repo.deleteRef(CHAIN, c1)).toBe(false);
    });

    it('lists refs under a prefix, sorted by name, and nothing outside it', async () => {
      const { repo } = await open({ commits: [{ message: 'init', files: { 'a.txt': 'a\n' } }] });
      const c = await commitAt(repo, 1);
      const names = ['refs/checkpoints/zed-aaaaaa', 'refs/checkpoints/remotes/origin/bob-cccccc',
        'refs/checkpoints/alice-bbbbbb', 'refs/checkpointsx/other', 'refs/notes/checkpoints/alice-bbbbbb'];
      for (const name of names) expect(await repo.updateRef(name, c, null, 'test')).toBe(true);
      expect(await repo.listRefs('refs/checkpoints/')).toEqual([
        { name: 'refs/checkpoints/alice-bbbbbb', oid: c },
        { name: 'refs/checkpoints/remotes/origin/bob-cccccc', oid: c },
        { name: 'refs/checkpoints/zed-aaaaaa', oid: c },
      ]);
      expect((await repo.listRefs('refs/checkpoints/remotes/')).map((r) => r.name)).toEqual([names[1]]);
      expect(await repo.listRefs('refs/nothing/')).toEqual([]);
      expect((await repo.listRefs('refs/heads/')).map((r) => r.name)).toEqual(['refs/heads/main']);
      await repo.deleteRef(names[0]!, c);
      expect(await repo.listRefs('refs/checkpoints/')).toHaveLength(2);
    });
  });
}

function describeConfig(open: Open): void {
  describe('config', () => {
    it('gets, sets and replaces single values', async () => {
      const { repo } = await open();
      expect(await repo.getConfig('checkpoint.writer')).toBeNull();
      expect(await repo.getConfigAll('checkpoint.writer')).toEqual([]);
      await repo.setConfig('checkpoint.writer', 'tester-abc123');
      expect(await repo.getConfig('checkpoint.writer')).toBe('tester-abc123');
      await repo.setConfig('checkpoint.writer', 'tester-def456');
      repo.reloadConfig();
      expect(await repo.getConfigAll('checkpoint.writer')).toEqual(['tester-def456']);
      await repo.setConfig('branch.Feature/X.remote', 'origin');
      expect(await repo.getConfig('branch.Feature/X.remote')).toBe('origin');
    });

    it('returns the last value of a multi-valued key, and all of them in order', async () => {
      const { repo } = await open({ config: { 'checkpoint.exclude': ['**/*.secret', '**/tmp/**'] } });
      expect(await repo.getConfig('checkpoint.exclude')).toBe('**/tmp/**');
      expect(await repo.getConfigAll('checkpoint.exclude')).toEqual(['**/*.secret', '**/tmp/**']);
    });
  });
}

const byPath = (entries: { path: string; xy: string }[]) => entries.map((e) => `${e.xy} ${e.path}`);

function describeStatus(open: Open): void {
  describe('status', () => {
    it('reports a clean branch', async () => {
      const { repo } = await open({ commits: [{ message: 'init', files: { 'a.txt': 'one\n' } }] });
      const head = await repo.readRef('refs/heads/main');
      expect(head).toMatch(/^[0-9a-f]{40}$/);
      expect(await repo.status()).toEqual({ branch: 'main', head, upstream: null, ahead: 0, behind: 0, entries: [] });
    });

    it('reports modified, staged, deleted and untracked paths, sorted, without ignored ones', async () => {
      const files = { '.gitignore': 'ignored.log\nbuild/\n', 'a.txt': 'one\n', 'b.txt': 'two\n', 'c.txt': 'three\n', 'd.txt': 'four\n' };
      const { repo } = await open({
        commits: [{ message: 'init', files }],
        staged: { 'b.txt': 'two two\n', 'd.txt': 'four four\n', 'new.txt': 'new\n' },
        files: { 'a.txt': 'one one\n', 'd.txt': 'four four four\n', 'u/v/untracked.txt': 'u\n', 'ignored.log': 'x\n', 'build/out': 'y\n' },
        removed: ['c.txt'],
      });
      expect(byPath((await repo.status()).entries)).toEqual([
        '.M a.txt', 'M. b.txt', '.D c.txt', 'MM d.txt', 'A. new.txt', '?? u/v/untracked.txt',
      ]);
    });

    it('sees changes made after opening', async () => {
      const { repo, writeFile } = await open({ commits: [{ message: 'init', files: { 'a.txt': 'one\n' } }] });
      await writeFile('a.txt', 'changed content\n');
      await writeFile('later.txt', 'new\n');
      expect(byPath((await repo.status()).entries)).toEqual(['.M a.txt', '?? later.txt']);
    });

    it('reports an unborn branch', async () => {
      const { repo } = await open({ files: { 'first.txt': 'hi\n' } });
      expect(await repo.status()).toEqual({
        branch: 'main', head: null, upstream: null, ahead: 0, behind: 0, entries: [{ path: 'first.txt', xy: '??' }],
      });
    });

    it('reports a detached HEAD', async () => {
      const { repo } = await open({ commits: [{ message: 'init', files: { 'a.txt': 'one\n' } }], detached: true });
      const status = await repo.status();
      expect(status.branch).toBeNull();
      expect(status.head).toBe(await repo.readRef('refs/heads/main'));
      expect(await repo.headBranch()).toBeNull();
    });

    it('names the git operation in progress from the markers git keeps in its git dir', async () => {
      const fixture = await open({ commits: [{ message: 'init', files: { 'a.txt': 'one\n' } }] });
      expect(await fixture.repo.inProgress()).toBeNull();
      await fixture.writeFile('.git/BISECT_LOG', '# bad: [0000] x\n');
      expect(await fixture.repo.inProgress()).toBe('bisect');
      await fixture.writeFile('.git/MERGE_HEAD', `${'1'.repeat(40)}\n`);
      expect(await fixture.repo.inProgress()).toBe('merge');
      await fixture.writeFile('.git/rebase-apply/applying', '');
      expect(await fixture.repo.inProgress()).toBe('am');
    });

    it('names the HEAD branch without a status, unborn or not', async () => {
      expect(await (await open()).repo.headBranch()).toBe('main');
      const { repo } = await open({ commits: [{ message: 'init', files: { 'a.txt': 'one\n' } }] });
      expect(await repo.headBranch()).toBe('main');
    });

    it('reports the upstream and counts commits ahead and behind it', async () => {
      const { repo } = await open({
        commits: [{ message: 'one', files: { 'a.txt': '1\n' } }, { message: 'two', files: { 'a.txt': '22\n' } }],
        config: {
          'remote.origin.url': 'https://example.com/repo.git',
          'remote.origin.fetch': '+refs/heads/*:refs/remotes/origin/*',
          'branch.main.remote': 'origin',
          'branch.main.merge': 'refs/heads/main',
        },
      });
      const [two, one] = (await repo.recentCommits(2)).map((c) => c.oid) as [string, string];
      await repo.updateRef('refs/remotes/origin/main', one, null, 'test');
      expect(await repo.status()).toMatchObject({ upstream: 'origin/main', ahead: 1, behind: 0 });
      await repo.updateRef('refs/remotes/origin/main', await commitAt(repo, 500, [two]), one, 'test');
      expect(await repo.status()).toMatchObject({ upstream: 'origin/main', ahead: 0, behind: 1 });
    });
  });
}

function describeWorktreeReads(open: Open): void {
  describe('working-tree reads', () => {
    it('hashes working-tree files like writeBlob, without writing them', async () => {
      const { repo } = await open({ files: { 'w.txt': 'hello\n', 'deep/only-here.txt': 'not written anywhere\n' } });
      const hashes = await repo.hashWorktreeFiles(['deep/only-here.txt', 'missing.txt', 'w.txt']);
      expect(hashes[2]).toBe(HELLO);
      expect(hashes[1]).toBeNull();
      expect(await repo.hasObject(hashes[0]!)).toBe(false);
      expect(hashes[0]).toBe(await repo.writeBlob('not written anywhere\n'));
      expect(await repo.hashWorktreeFiles([])).toEqual([]);
    });

    it('hashes a symlink as its target text (mode 120000), never what it points at', async () => {
      const { repo } = await open({
        commits: [{ message: 'init', files: { 'real.txt': 'the content it points at\n' } }],
        symlinks: { 'link': 'real.txt', 'dangling': 'no/such/file' },
      });
      const [link, dangling, real] = await repo.hashWorktreeFiles(['link', 'dangling', 'real.txt']);
      expect(link).toBe(await repo.writeBlob('real.txt'));
      expect(link).not.toBe(real);
      expect(dangling).toBe(await repo.writeBlob('no/such/file'));
      const read = await repo.readWorktreeFile('link', 100);
      expect([read?.size, text(read?.data ?? null)]).toEqual([8, 'real.txt']);
      const tree = await repo.snapshotWorktree(['link'], []);
      expect(await listTree(repo, tree)).toContain(`link 120000 ${link}`);
    });

    it('lists recent first-parent commits of HEAD, newest first', async () => {
      const { repo } = await open({
        commits: [
          { message: 'first', files: { 'a.txt': '1\n' } },
          { message: 'second line\ncontinued\n\nwith a body', files: { 'a.txt': '22\n' } },
          { message: 'third', files: { 'a.txt': '333\n' } },
        ],
      });
      const recent = await repo.recentCommits(10);
      // The subject is git's %s: the whole first paragraph on one line.
      expect(recent.map((c) => c.subject)).toEqual(['third', 'second line continued', 'first']);
      expect(recent[0]!.oid).toBe(await repo.readRef('refs/heads/main'));
      expect((await repo.recentCommits(2)).map((c) => c.subject)).toEqual(['third', 'second line continued']);
      const side = await commitAt(repo, 1000, [recent[2]!.oid], 'side\n');
      const merge = await commitAt(repo, 1001, [recent[0]!.oid, side], 'merge\n');
      await repo.updateRef('refs/heads/main', merge, recent[0]!.oid, 'test: merge');
      expect((await repo.recentCommits(10)).map((c) => c.subject)).toEqual(['merge', 'third', 'second line continued', 'first']);
    });

    it('has no recent commits on an unborn branch', async () => {
      const { repo } = await open();
      expect(await repo.recentCommits(8)).toEqual([]);
    });
  });
}

function describeGitDirFiles(open: Open): void {
  describe('git-dir files', () => {
    it('reads, writes, creates exclusively and deletes files in both scopes', async () => {
      const { repo } = await open();
      expect(await repo.readGitFile('state/resumed.json', 'worktree')).toBeNull();
      await repo.writeGitFile('state/resumed.json', '{"id":1}\n', 'worktree');
      await repo.writeGitFile('state/resumed.json', '{"id":2}\n', 'worktree');
      expect(await repo.readGitFile('state/resumed.json', 'worktree')).toBe('{"id":2}\n');
      await repo.writeGitFile('cache.json', '[]\n', 'common');
      expect(await repo.readGitFile('cache.json', 'common')).toBe('[]\n');
      await repo.appendGitFile('log/lines', 'one\n', 'common');
      await repo.appendGitFile('log/lines', 'two\n', 'common');
      expect(await repo.readGitFile('log/lines', 'common')).toBe('one\ntwo\n');
      expect(await repo.createGitFileExclusive('locks/save', 'a', 'common')).toBe(true);
      expect(await repo.createGitFileExclusive('locks/save', 'b', 'common')).toBe(false);
      expect(await repo.readGitFile('locks/save', 'common')).toBe('a');
      await repo.deleteGitFile('locks/save', 'common');
      await repo.deleteGitFile('locks/save', 'common');
      expect(await repo.readGitFile('locks/save', 'common')).toBeNull();
      // Writes of one file at the same moment each land whole (their temporary files differ).
      const texts = Array.from({ length: 8 }, (_, i) => `{"n":${i}}\n`);
      await Promise.all(texts.map((t) => repo.writeGitFile('cache.json', t, 'common')));
      expect(texts).toContain(await repo.readGitFile('cache.json', 'common'));
      await expect(repo.writeGitFile('../escape', 'x', 'common')).rejects.toThrow(/invalid git-dir file name/);
    });

    it('reads on after resting its helpers', async () => {
      const { repo } = await open();
      const head = await repo.readCommit('HEAD');
      expect(repo.rest()).toBe(true);
      expect(await repo.readCommit('HEAD')).toEqual(head);
      const [a, b] = await Promise.all([repo.readCommit('HEAD'), repo.readCommit('HEAD')]);
      expect(repo.rest()).toBe(true);
      expect([a, b]).toEqual([head, head]);
      expect(await repo.readCommit('HEAD')).toEqual(head);
      await repo.close();
    });

    it('describes itself', async () => {
      const { repo } = await open();
      expect(repo.info.objectFormat).toBe('sha1');
      expect(repo.info.workTree).toEqual(expect.any(String));
      expect(repo.info.gitDir).toEqual(expect.any(String));
      await repo.close();
      await repo.close();
    });
  });
}

/** Every blob under `tree` as `path mode oid`, sorted. */
async function listTree(repo: Repo, tree: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of (await repo.readTree(tree)) ?? []) {
    if (e.type === 'tree') out.push(...(await listTree(repo, e.oid, `${prefix}${e.name}/`)));
    else out.push(`${prefix}${e.name} ${e.mode} ${e.oid}`);
  }
  return out.sort();
}

function describeSnapshots(open: Open): void {
  describe('working-tree snapshots', () => {
    const spec: FixtureSpec = {
      commits: [{ message: 'init', files: { 'a.txt': 'a\n', 'b.txt': 'b\n', 'dir/c.txt': 'c\n', 'k.txt': 'k\n' } }],
      staged: { 's.txt': 'staged\n' },
      files: { 'a.txt': 'a changed\n', 'new/deep/n.txt': 'n\n', 'secret.txt': 'hush\n', 'k.txt': 'kept local\n' },
      removed: ['b.txt'],
    };

    it('writes the working tree as add -A would, keeping `keep` paths as in HEAD, without touching the index', async () => {
      const { repo } = await open(spec);
      const before = await repo.status();
      const changed = before.entries.map((e) => e.path);
      const tree = await repo.snapshotWorktree(changed, ['secret.txt', 'k.txt']);
      const blob = (t: string) => repo.writeBlob(t);
      expect(await listTree(repo, tree)).toEqual([
        `a.txt 100644 ${await blob('a changed\n')}`, `dir/c.txt 100644 ${await blob('c\n')}`,
        `k.txt 100644 ${await blob('k\n')}`, `new/deep/n.txt 100644 ${await blob('n\n')}`,
        `s.txt 100644 ${await blob('staged\n')}`,
      ]);
      expect(tree).toBe('c1e054dcd3664ab17582fdfeecc493cbf472c053');
      expect(await repo.status()).toEqual(before);
    });

    it('snapshots an unborn branch from an empty tree', async () => {
      const { repo } = await open({ files: { 'first.txt': 'hi\n' } });
      const tree = await repo.snapshotWorktree(['first.txt', 'gone.txt'], []);
      expect(await listTree(repo, tree)).toEqual([`first.txt 100644 ${await repo.writeBlob('hi\n')}`]);
    });

    it('reads each path once, in order, with its mode and the id of the bytes read', async () => {
      const { repo } = await open({
        commits: [{ message: 'init', files: { 'dir/x.txt': 'x\n' } }],
        files: { 'w.txt': 'hello\n', 'big.txt': '0123456789' },
        symlinks: { 'link': 'w.txt' },
      });
      const seen: [string, unknown][] = [];
      await repo.readWorktreeFiles(['w.txt', 'big.txt', 'link', 'missing.txt', 'dir'], 9, (path, entry) => {
        seen.push([path, entry && { mode: entry.mode, size: entry.size, data: text(entry.data), oid: entry.oid }]);
      });
      expect(seen).toEqual([
        ['w.txt', { mode: '100644', size: 6, data: 'hello\n', oid: HELLO }],
        // Over the cap: hashed, not kept.
        ['big.txt', { mode: '100644', size: 10, data: null, oid: await repo.writeBlob('0123456789') }],
        ['link', { mode: '120000', size: 5, data: 'w.txt', oid: await repo.writeBlob('w.txt') }],
        ['missing.txt', null],
        ['dir', null],
      ]);
      expect(await repo.storesBytesAsIs(['w.txt'])).toBe(true);
    });

    it('snapshots the bytes read already, and refuses a file whose bytes were let go and that changed since', async () => {
      const { repo, writeFile } = await open({ commits: [{ message: 'init', files: { 'a.txt': 'one\n', 'b.txt': 'two\n' } }] });
      await writeFile('a.txt', 'as read\n');
      await writeFile('b.txt', 'as read too\n');
      const read = new Map<string, WorktreeEntry | null>();
      await repo.readWorktreeFiles(['a.txt', 'b.txt'], 100, (path, entry) => read.set(path, entry));
      await writeFile('a.txt', 'changed after the read\n');
      const tree = await repo.snapshotWorktree(['a.txt'], [], read);
      expect(await listTree(repo, tree)).toContain(`a.txt 100644 ${await repo.writeBlob('as read\n')}`);
      // Bytes let go (only the id kept): read again, and they must still be what the id names.
      read.set('a.txt', { ...read.get('a.txt')!, data: null });
      read.set('b.txt', { ...read.get('b.txt')!, data: null });
      expect(await listTree(repo, await repo.snapshotWorktree(['b.txt'], [], read))).toContain(`b.txt 100644 ${await repo.writeBlob('as read too\n')}`);
      await expect(repo.snapshotWorktree(['a.txt'], [], read)).rejects.toThrow(/'a.txt' changed while the checkpoint was being made/);
    });

    it('reads working-tree files with their size, and only up to a limit', async () => {
      const { repo } = await open({ commits: [{ message: 'init', files: { 'dir/x.txt': 'x\n' } }], files: { 'big.txt': '0123456789' } });
      const small = await repo.readWorktreeFile('big.txt', 100);
      expect(small?.size).toBe(10);
      expect(text(small?.data ?? null)).toBe('0123456789');
      expect(await repo.readWorktreeFile('big.txt', 9)).toEqual({ size: 10, data: null });
      expect(await repo.readWorktreeFile('missing.txt', 9)).toBeNull();
      expect(await repo.readWorktreeFile('dir', 9)).toBeNull();
    });

    it('restores files from a tree and deletes others, leaving the index alone', async () => {
      const { repo } = await open(spec);
      const tree = await repo.snapshotWorktree((await repo.status()).entries.map((e) => e.path), []);
      const fresh = await open({ commits: spec.commits! });
      await fresh.repo.restoreWorktreeFiles(await copyTree(repo, fresh.repo, tree), ['a.txt', 'new/deep/n.txt'], ['b.txt']);
      expect(text((await fresh.repo.readWorktreeFile('new/deep/n.txt', 100))?.data ?? null)).toBe('n\n');
      expect(text((await fresh.repo.readWorktreeFile('a.txt', 100))?.data ?? null)).toBe('a changed\n');
      expect(await fresh.repo.readWorktreeFile('b.txt', 100)).toBeNull();
      expect(byPath((await fresh.repo.status()).entries)).toEqual(['.M a.txt', '.D b.txt', '?? new/deep/n.txt']);
    });
  });
}

/** Copies the blobs and trees under `tree` from one repository to another (test helper). */
async function copyTree(from: Repo, to: Repo, tree: string): Promise<string> {
  const entries = (await from.readTree(tree)) ?? [];
  const copied: TreeEntry[] = [];
  for (const e of entries) {
    const oid = e.type === 'tree' ? await copyTree(from, to, e.oid) : await to.writeBlob((await from.readBlob(e.oid))!);
    copied.push({ ...e, oid });
  }
  return to.writeTree(copied);
}
