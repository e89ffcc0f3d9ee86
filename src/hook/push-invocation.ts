/**
 * The pre-push hook is not told whether the push is a dry run: git runs it
 * for `git push --dry-run` too, and only skips the transfer itself. So the
 * hook reads the command line of the `git push` that runs it (its nearest
 * ancestor that is one) and sends nothing when it carries `-n`/`--dry-run`.
 */

/** True when `argv` is a `git … push …` command line. */
export function isGitPush(argv: string[]): boolean {
  return pushArgs(argv) !== null;
}

export interface PushFlags {
  /** `-n` / `--dry-run`: git transfers nothing, and neither does the hook. */
  dryRun: boolean;
  /** `-q` / `--quiet`: the hook says nothing when all goes well. */
  quiet: boolean;
}

/** The flags of a `git push` command line that the hook honours (alone or in a cluster of short options). */
export function pushFlags(argv: string[]): PushFlags {
  const flags: PushFlags = { dryRun: false, quiet: false };
  for (const arg of pushArgs(argv) ?? []) {
    if (arg === '--') break;
    if (arg === '--dry-run') flags.dryRun = true;
    else if (arg === '--quiet') flags.quiet = true;
    else if (/^-[^-]/.test(arg)) shortCluster(arg.slice(1), flags);
  }
  return flags;
}

/** `-n`, `-q` in a cluster such as `-fnq`; `-o` takes the rest of the cluster as its value. */
function shortCluster(cluster: string, flags: PushFlags): void {
  for (const c of cluster) {
    if (c === 'n') flags.dryRun = true;
    else if (c === 'q') flags.quiet = true;
    else if (c === 'o') return;
  }
}

// git's own options that take a separate value before the subcommand.
const GLOBAL_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--exec-path']);

/** The arguments after `push` of a git command line; null when it is not a push. */
function pushArgs(argv: string[]): string[] | null {
  const [program, ...rest] = argv;
  if (!program || !/(^|\/)git(\.exe)?$/.test(program)) {
    // git may show itself as `git-push` when run through the dashed form.
    return program && /(^|\/)git-push$/.test(program) ? rest : null;
  }
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (GLOBAL_WITH_VALUE.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    return arg === 'push' ? rest.slice(i + 1) : null;
  }
  return null;
}
