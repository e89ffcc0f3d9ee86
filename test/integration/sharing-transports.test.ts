/**
 * push / fetch over real transports on loopback (SPEC §5): file://, git
 * daemon on 127.0.0.1, and git http-backend behind a local HTTP server.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitDaemon, startHttpBackend, type GitServer } from '../helpers/git-servers.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { chainLength, makeTeam, saveMany, writerOf } from '../helpers/teammates.js';

let sb: Sandbox;
let daemon: GitServer;
let http: GitServer;
beforeAll(async () => {
  sb = makeSandbox();
  const srv = join(sb.root, 'srv');
  sb.git(sb.root, 'init', '-q', '--bare', join(srv, 'placeholder.git'));
  [daemon, http] = await Promise.all([startGitDaemon(srv, sb.env), startHttpBackend(srv, sb.env)]);
});
afterAll(async () => {
  await Promise.all([daemon?.stop(), http?.stop()]);
  sb.cleanup();
});

const transports: [string, (bare: string) => string][] = [
  ['file://', (bare) => `file://${bare}`],
  ['git daemon', (bare) => `${daemon.url}/${bare.split('/').pop()}`],
  ['git http-backend', (bare) => `${http.url}/${bare.split('/').pop()}`],
];

describe.each(transports)('push and fetch over %s', (name, url) => {
  it("A saves 3 and pushes; B fetches, lists A's 3 and shows one", async () => {
    const team = await makeTeam(sb, name.replace(/[^a-z]/g, ''), url);
    const ids = await saveMany(sb, team.a, 'ada task', 3);
    const writerA = writerOf(sb, team.a);

    const push = await sb.ckpt(team.a, ['push']);
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect(push.stdout).toBe('pushed 3 new checkpoints to origin\n');
    expect(chainLength(sb, team.bare, `refs/checkpoints/${writerA}`)).toBe(3);
    expect(sb.git(team.bare, 'for-each-ref', '--format=%(refname)', 'refs/notes/').trim()).toBe(`refs/notes/checkpoints/${writerA}`);
    const again = await sb.ckpt(team.a, ['push', 'origin']);
    expect(again.stdout).toBe('checkpoints already up to date on origin\n');

    const fetch = await sb.ckpt(team.b, ['fetch']);
    expect(fetch.code).toBe(0);
    expect(fetch.stdout).toBe(`fetched 3 new checkpoints from origin: 3 from ${writerA}\n`);
    expect(sb.git(team.b, 'rev-parse', `refs/checkpoints/remotes/origin/${writerA}`)).toBe(
      sb.git(team.a, 'rev-parse', `refs/checkpoints/${writerA}`),
    );
    const list = JSON.parse((await sb.ckpt(team.b, ['list', '--json'])).stdout);
    expect(list.checkpoints.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    expect(list.checkpoints.every((c: { writer: string; remote: string }) => c.writer === writerA && c.remote === 'origin')).toBe(true);
    const show = await sb.ckpt(team.b, ['show', ids[1]!]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('ada task 2');
    const resumed = await sb.ckpt(team.b, ['resume', ids[1]!, '--json']);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(JSON.parse(resumed.stdout).checkpoint).toMatchObject({ id: ids[1], writer: writerA, task: { title: 'ada task 2' } });
    const again2 = await sb.ckpt(team.b, ['fetch', '--json']);
    expect(JSON.parse(again2.stdout)).toMatchObject({ remote: 'origin', count: 0, arrived: [], rewritten: [] });
  });
});
