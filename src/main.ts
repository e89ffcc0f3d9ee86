import { run } from './cli/run.js';
import { nodeDeps } from './io/node-deps.js';
import { endOnSignals, exitWhenWritten } from './io/process-exit.js';

// One way out for every run (src/io/run-scope.ts): the children it started are stopped and its
// temporary files removed whatever the command did, then the process exits with the command's code.
endOnSignals();
void run(process.argv.slice(2), nodeDeps()).then(exitWhenWritten);
