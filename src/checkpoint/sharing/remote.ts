/** Which remote `push` and `fetch` talk to (SPEC §5). */
import { OperationError } from '../../errors.js';
import type { Repo } from '../../git/repo.js';
import { remoteNameProblem } from '../config/config-values.js';
import { REMOTE_NOTES_PREFIX } from '../store/refs.js';

/**
 * The remote to use: the one given, else `checkpoint.remote`, else the
 * current branch's remote, else `origin`. OperationError (exit 1) when that
 * remote is not configured in this clone.
 */
export async function resolveRemote(repo: Repo, given: string | undefined): Promise<string> {
  const name = given ?? (await defaultRemote(repo));
  checkRemoteName(name);
  const url = (await repo.getConfig(`remote.${name}.url`)) ?? (await repo.getConfig(`remote.${name}.pushurl`));
  if (!url) {
    throw new OperationError(`no such remote '${name}'`, {
      hint: `add it with: git remote add ${remoteWord(name)} <url>, or choose one with: git config checkpoint.remote <name>`,
    });
  }
  return name;
}

/**
 * The one check of a remote's name, for `push`, `fetch` and `install` alike:
 * OperationError (exit 1) for a name that cannot be one path component of
 * refs/checkpoints/remotes/<remote>/ (a `/`, a leading `.`, `.lock`). A name
 * starting with `-` (git allows `git remote add -- -u <url>`) is one: it
 * reaches git after `--end-of-options`, and a printed command after `--`
 * (`remoteWord`).
 */
export function checkRemoteName(name: string): void {
  if (remoteNameProblem(name) !== null) {
    throw new OperationError(`'${name}' is not a remote name git checkpoint can keep copies for`, {
      hint: 'use a remote with a simple name (letters, digits, . _ -), or choose one with: git config checkpoint.remote <name>',
    });
  }
}

/**
 * A checked remote name as the words of a printed command, safe to paste
 * (SPEC §9): after `--` when it starts with `-`, so that no command reads it
 * as an option (`git checkpoint fetch -- -u`).
 */
export function remoteWord(name: string): string {
  return name.startsWith('-') ? `-- ${name}` : name;
}

/**
 * `checkpoint.remote`; null when unset. A name git accepts but that cannot
 * be one path component of the remote-copy refs is refused as push and fetch
 * refuse a named remote (checkRemoteName: exit 1, and the hook's one warning);
 * `doctor` and `config` report it as a bad value.
 */
export async function configuredRemote(repo: Pick<Repo, 'getConfig'>): Promise<string | null> {
  const value = await repo.getConfig('checkpoint.remote');
  if (value === null || value === '') return null;
  checkRemoteName(value);
  return value;
}

/** checkpoint.remote, else the current branch's remote, else `origin` (SPEC §5); not checked to exist. */
export async function defaultRemote(repo: Repo): Promise<string> {
  const configured = await configuredRemote(repo);
  if (configured) return configured;
  const branch = await repo.headBranch();
  const tracking = branch ? await repo.getConfig(`branch.${branch}.remote`) : null;
  // '.' means the branch tracks another local branch: not a place to share checkpoints.
  if (tracking && tracking !== '.') return tracking;
  return 'origin';
}

/** The last line git printed, without its `fatal: ` / `error: ` prefix. */
export function gitComplaint(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  const line = lines.find((l) => l.startsWith('fatal: ')) ?? lines.at(-1) ?? 'git failed';
  return line.replace(/^(fatal|error): /, '');
}

/**
 * Removes copies of the own notes under any remote's namespace (the push
 * base of earlier versions, or a plain `git fetch` with refspecs installed
 * before the own notes were left out): `git log` would show each own note
 * twice.
 */
export async function dropOwnNotesCopies(repo: Repo, writer: string): Promise<void> {
  for (const ref of await repo.listRefs(REMOTE_NOTES_PREFIX)) {
    const rest = ref.name.slice(REMOTE_NOTES_PREFIX.length).split('/');
    if (rest.length === 2 && rest[1] === writer) await repo.deleteRef(ref.name, ref.oid);
  }
}

/**
 * The remote to suggest `git checkpoint fetch` from when this clone holds no
 * checkpoint at all, none fetched either, and the default remote is
 * configured (a fresh clone): null otherwise. Reads config only, never the
 * network.
 */
export async function fetchSuggestion(repo: Repo, listing: { checkpoints: unknown[]; invalid: unknown[]; hasFetched: boolean }): Promise<string | null> {
  if (listing.checkpoints.length || listing.invalid.length || listing.hasFetched) return null;
  const name = await defaultRemote(repo);
  const url = (await repo.getConfig(`remote.${name}.url`)) ?? (await repo.getConfig(`remote.${name}.pushurl`));
  return url ? name : null;
}
