import { defineConfig } from 'vitest/config';

/**
 * `npm run test:agents`: the agents' own CLIs, pinned and installed outside
 * the repository (test/agents/helpers/install-agents.ts), driven headless
 * against a model stand-in on 127.0.0.1.
 */
export default defineConfig({
  test: {
    include: ['test/agents/**/*.e2e.ts'],
    globalSetup: ['test/agents/helpers/install-agents.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each agent is a heavy process (a native binary or a large bundle): two at a time on 2 cores.
    maxWorkers: 2,
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
