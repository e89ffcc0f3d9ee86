/**
 * Does a file's content look like it holds a secret? Used to keep such files
 * out of the `wip` snapshot (SPEC §6, §9): any secret rule counts — provider
 * tokens, private keys, keyword-named values, JWTs, high-entropy strings —
 * since a teammate receives the wip tree with the checkpoint. Personal data
 * and network names (e-mail addresses, hosts) are no reason on their own.
 */
import { hasSecret } from './redact.js';

/** True when `data` contains a secret. Binary content is scanned as Latin-1. */
export function looksLikeSecret(data: Uint8Array): boolean {
  return hasSecret(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1'));
}

/** True when a path holds a secret in one of its names (`leak-ghp_….txt`). */
export function nameLooksLikeSecret(path: string): boolean {
  return hasSecret(path);
}
