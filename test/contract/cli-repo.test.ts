import { openCliRepo } from '../../src/git/cli-repo.js';
import { makeGitRepo } from '../helpers/git-fixture.js';
import { describeRepoContract } from './repo-contract.js';

describeRepoContract('git CLI', async (spec) => {
  const g = makeGitRepo(spec);
  const repo = await openCliRepo(g.dir, g.env);
  return {
    repo,
    writeFile: async (p, c) => g.writeFile(p, c),
    cleanup: async () => {
      await repo.close();
      g.cleanup();
    },
  };
});
