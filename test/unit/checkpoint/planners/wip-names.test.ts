import micromatch from 'micromatch';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXCLUDES, nameMatcher } from '../../../../src/checkpoint/planners/wip.js';

/** What the matcher answered before it joined the globs: micromatch's own matcher, one per glob. */
function oneByOne(exclude: string[]): (path: string) => boolean {
  const tests = exclude.map((glob) => micromatch.matcher(glob, { dot: true, nocase: DEFAULT_EXCLUDES.includes(glob) }));
  return (path) => tests.some((test) => test(path));
}

const USER_GLOBS = ['tmp/**', '*.log', '!keep.log', 'build/{out,dist}/**', '**/+(cache|.cache)/**', 'data/[abc]?.csv', '**/secrets.*', 'src/**/*.snap', 'Docs/**', '**/.ENV.local'];
const PATHS = [
  '.env', 'deploy/.env.prod', 'a/b/.ENV', 'A/.Env.Local', 'env', 'src/.envrc', 'x.pem', 'keys/X.PEM', 'config/app.key', 'id_rsa', 'home/id_rsa.pub', 'ID_ED25519',
  '.npmrc', 'sub/.pypirc', '.netrc', '_netrc', '.git-credentials', 'a.p12', 'b/c.pfx', 'k.keystore', 'k.jks', '.aws/credentials', 'x/.aws/credentials',
  'credentials', 'deep/credentials', 'credentials.json', '.docker/config.json', 'p/.kube/config', 'kubeconfig', 'prod.kubeconfig',
  'tmp/a.txt', 'tmp', 'tmpfile', 'x.log', 'dir/x.log', 'keep.log', 'build/out/a.js', 'build/dist/b/c.js', 'build/other/a.js', 'a/cache/b', 'a/.cache/b', 'cache/x',
  'data/a1.csv', 'data/d1.csv', 'data/ab.csv', 'p/secrets.yml', 'secrets', 'src/a/b/c.snap', 'src/c.snap', 'docs/a.md', 'Docs/a.md', 'x/.ENV.local', 'x/.env.local',
  '**/.env', '*.log', 'tmp/**', 'src/main.ts', 'README.md', 'ünïcode/.env', 'sp ace/id_dsa', 'a\nb/.env', '',
];

describe('exclude globs, joined into one test', () => {
  it('answers as micromatch does glob by glob, for the default globs and configured ones', () => {
    for (const exclude of [[...DEFAULT_EXCLUDES], [...DEFAULT_EXCLUDES, ...USER_GLOBS], USER_GLOBS, []]) {
      const joined = nameMatcher({ enabled: true, maxFileSize: 1, exclude });
      const expected = oneByOne(exclude);
      for (const path of PATHS) expect(joined(path), `${JSON.stringify(path)} against ${exclude.length} globs`).toBe(expected(path));
    }
  });

  it('still excludes what a user names, and keeps what no glob names', () => {
    const test = nameMatcher({ enabled: true, maxFileSize: 1, exclude: [...DEFAULT_EXCLUDES, 'tmp/**'] });
    expect(['.env', 'deploy/.ENV.prod', 'tmp/x/y.txt', 'keys/id_ed25519'].map(test)).toEqual([true, true, true, true]);
    expect(['src/env.ts', 'TMP/x', 'notes.md'].map(test)).toEqual([false, false, false]);
  });
});
