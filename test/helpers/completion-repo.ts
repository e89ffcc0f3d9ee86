/** The repository both completion tests complete in: a branch, a remote, and two checkpoints (one labelled). */
import { join } from 'node:path';
import type { Sandbox } from './sandbox.js';

export async function completionRepo(sb: Sandbox): Promise<{ dir: string; ids: string[] }> {
  const dir = sb.repo('complete');
  sb.git(dir, 'branch', 'feature/login');
  sb.git(dir, 'remote', 'add', 'upstream', join(sb.root, 'nowhere.git'));
  sb.git(dir, 'update-ref', 'refs/remotes/upstream/main', 'HEAD');
  const ids: string[] = [];
  for (const args of [['-m', 'one', 'alpha'], ['-m', 'two']]) ids.push((await sb.ckpt(dir, ['save', ...args])).stdout.trim());
  return { dir, ids };
}
