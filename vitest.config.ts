import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: a loaded CI machine more than doubles the slowest tests (large-worktree, ~12 s here).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core. Vitest's default keeps a core free (one file at a time on a
    // 2-core machine), but the integration files mostly wait on git and node children:
    // two at a time on 2 cores take about 60% of the serial wall time, every timing bound
    // in the suite still far off.
    maxWorkers: Math.max(availableParallelism(), 1),
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
