/**
 * What one run of the tool must undo when it ends: the child processes it
 * started and the files it must not leave behind (temporary files, locks).
 *
 * The rule (docs/architecture.md): every child process is started through
 * `spawnChild` and every temporary file or lock is registered with
 * `removeAtEnd` while it exists. The process's entry point (src/main.ts) ends
 * the run in one place, on every way out: a return, a thrown error, a signal,
 * a closed standard output. Ending it removes what is still registered and
 * stops every child still running, so no path relies on node's event loop
 * draining by itself, and a background task that outlives its command (a git
 * started for facts nobody needed) is stopped instead of holding the process.
 *
 * A run is the process: a CLI process runs one command. Tests that call
 * `run()` in-process never end it; their repositories close their own readers.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Thrown by `spawnChild` once the run has ended: nothing may start after the way out. */
export class RunEnded extends Error {
  constructor(command: string) {
    super(`not starting ${command}: the command has ended`);
  }
}

const children = new Set<ChildProcess>();
/** The children on the terminal with the user (an editor, a pager, man): Ctrl-C is theirs while they run. */
const interactive = new Set<ChildProcess>();
const files = new Set<string>();
let ended = false;

/**
 * `spawn`, owned by the run: the child is stopped when the run ends, if it
 * has not exited by then. An `interactive` child shares the terminal with
 * the user: while it runs, an interrupt (Ctrl-C reaches it too) is its to
 * handle, as git leaves it to its editor and pager.
 */
export function spawnChild(command: string, args: readonly string[], options: SpawnOptions, opts: { interactive?: boolean } = {}): ChildProcess {
  if (ended) throw new RunEnded(`${command} ${args[0] ?? ''}`.trim());
  const child = spawn(command, args, options);
  children.add(child);
  if (opts.interactive) interactive.add(child);
  const forget = () => {
    children.delete(child);
    interactive.delete(child);
  };
  child.once('exit', forget);
  child.once('error', forget);
  return child;
}

/**
 * Registers a file or directory of the run's own (a temporary file, a lock,
 * a scratch directory) to be removed when the run ends while it is still
 * registered; returns the call that lets it go (after a rename put it in
 * place, or after it was removed on purpose): `letGo(path)`.
 */
export function removeAtEnd(path: string): () => void {
  files.add(path);
  return () => letGo(path);
}

/** The run no longer owns `path`: it was renamed into place or removed. */
export function letGo(path: string): void {
  files.delete(path);
}

/**
 * Ends the run: removes the registered files and stops the children still
 * running (with `signal`, else SIGTERM; git removes its own lock files when
 * it is stopped). Synchronous, so a signal handler can call it; idempotent.
 */
export function endRun(signal: NodeJS.Signals = 'SIGTERM'): void {
  ended = true;
  for (const path of files) {
    try {
      rmSync(path, { force: true, recursive: true });
    } catch {
      // Nothing more can be done on the way out.
    }
  }
  files.clear();
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill(signal);
      } catch {
        // It exited meanwhile.
      }
    }
  }
  children.clear();
  interactive.clear();
}

/** True while an editor, a pager or man runs on the terminal (see `spawnChild`). */
export function hasInteractiveChild(): boolean {
  return interactive.size > 0;
}

/** How many children are running now (for tests and the trace). */
export function runningChildren(): number {
  return children.size;
}
