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

// Options of git push that take their value as the next argument, when not given with `=`.
const PUSH_WITH_VALUE = new Set(['-o', '--push-option', '--repo', '--receive-pack', '--exec']);

/**
 * The flags of a `git push` command line that the hook honours: alone, in a
 * cluster of short options, or as a long option abbreviated as git allows
 * (`--dry`); the last of `--dry-run` / `--no-dry-run` wins.
 */
export function pushFlags(argv: string[]): PushFlags {
  const flags: PushFlags = { dryRun: false, quiet: false };
  const args = pushArgs(argv) ?? [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (PUSH_WITH_VALUE.has(arg)) i++;
    else if (arg.startsWith('--')) longOption(arg, flags);
    else if (/^-[^-]/.test(arg) && shortCluster(arg.slice(1), flags)) i++;
  }
  return flags;
}

/** `--dry-run`, `--no-dry-run`, `--quiet` and their unambiguous abbreviations (`--dr`, `--qu`). */
function longOption(arg: string, flags: PushFlags): void {
  const is = (full: string, min: number) => arg.length >= min && full.startsWith(arg);
  if (is('--dry-run', 4)) flags.dryRun = true;
  else if (is('--no-dry-run', 7)) flags.dryRun = false;
  else if (is('--quiet', 4)) flags.quiet = true;
  else if (is('--no-quiet', 6)) flags.quiet = false;
}

/**
 * `-n`, `-q` in a cluster such as `-fnq`; `-o` takes the rest of the cluster
 * as its value, or the next argument when it ends the cluster (returns true then).
 */
function shortCluster(cluster: string, flags: PushFlags): boolean {
  for (const [k, c] of [...cluster].entries()) {
    if (c === 'n') flags.dryRun = true;
    else if (c === 'q') flags.quiet = true;
    else if (c === 'o') return k === cluster.length - 1;
  }
  return false;
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
