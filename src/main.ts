import { run } from './cli/run.js';
import { nodeDeps } from './io/node-deps.js';

process.exitCode = await run(process.argv.slice(2), nodeDeps());
