import { describe, expect, it } from 'vitest';
import { isGitPush, pushFlags } from '../../../src/hook/push-invocation.js';

describe('the git push running the pre-push hook', () => {
  it.each([
    ['git push origin main', false, false],
    ['git push --dry-run origin main', true, false],
    ['git push origin main -n', true, false],
    ['git push -qn origin', true, true],
    ['git push --dry origin HEAD', true, false],
    ['git push --dr origin', true, false],
    ['git push -n --no-dry-run origin', false, false],
    ['git push --qu origin', false, true],
    ['git -c push.default=current -C . push --dry-run', true, false],
    ['git push -o -n origin', false, false],
    ['git push --push-option -q origin', false, false],
    ['git push -qo ci.skip origin', false, true],
    ['git push -fo -n origin', false, false],
    ['git push origin -- -n', false, false],
    ['/usr/lib/git-core/git-push -n origin', true, false],
  ])('%s → dry run %s, quiet %s', (line, dryRun, quiet) => {
    const argv = line.split(' ');
    expect(isGitPush(argv)).toBe(true);
    expect(pushFlags(argv)).toEqual({ dryRun, quiet });
  });

  it('is not a push when git runs another command', () => {
    for (const line of ['git fetch -n', 'git checkpoint push -n', 'sh .git/hooks/pre-push origin', 'node -n']) {
      expect(isGitPush(line.split(' ')), line).toBe(false);
    }
  });
});
