import { run } from './cli/run.js';
import { nodeDeps } from './io/node-deps.js';

void run(process.argv.slice(2), nodeDeps()).then((code) => {
  process.exitCode = code;
});
