/** Commit text as the isomorphic-git backend reads it back (raw object content, already decoded). */
import type { CommitInfo, ObjectId, Person } from './repo.js';

const NOBODY: Person = { name: '', email: '', timestamp: 0, tzOffsetMinutes: 0 };

/** Reads the headers git itself interprets; extra headers (gpgsig, encoding) are skipped. */
export function parseIsoCommit(oid: ObjectId, text: string): CommitInfo {
  const split = text.indexOf('\n\n');
  const commit: CommitInfo = { oid, tree: '', parents: [], author: NOBODY, committer: NOBODY, message: '' };
  commit.message = split < 0 ? '' : text.slice(split + 2);
  for (const line of (split < 0 ? text : text.slice(0, split)).split('\n')) {
    const space = line.indexOf(' ');
    const [key, value] = [line.slice(0, space), line.slice(space + 1)];
    if (key === 'tree') commit.tree = value;
    else if (key === 'parent') commit.parents.push(value);
    else if (key === 'author' && commit.author === NOBODY) commit.author = parsePerson(value);
    else if (key === 'committer' && commit.committer === NOBODY) commit.committer = parsePerson(value);
  }
  return commit;
}

/** `Name <email> 1700000000 +0100`; a malformed line keeps only its text, as the name. */
function parsePerson(value: string): Person {
  const m = /^(.*?) ?<([^>]*)> (\d+) ([+-])(\d\d)(\d\d)$/.exec(value);
  if (!m) return { ...NOBODY, name: value };
  const minutes = Number(m[5]) * 60 + Number(m[6]);
  return { name: m[1]!, email: m[2]!, timestamp: Number(m[3]), tzOffsetMinutes: m[4] === '-' ? -minutes : minutes };
}
