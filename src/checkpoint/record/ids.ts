/** Checkpoint ids and writer ids (SPEC §3). */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `count` characters of [a-z0-9] from the injected random source. */
export function randomSuffix(count: number, random: () => number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length) % ALPHABET.length];
  return out;
}

/** `YYYYMMDD-HHMMSS-xxxx` from the UTC time of saving, so ids sort by time. */
export function makeCheckpointId(now: Date, random: () => number): string {
  const iso = now.toISOString(); // 2026-11-29T18:27:48.123Z
  const date = iso.slice(0, 10).replaceAll('-', '');
  const time = iso.slice(11, 19).replaceAll(':', '');
  return `${date}-${time}-${randomSuffix(4, random)}`;
}

/**
 * `createdAt` of SPEC §4: ISO 8601 UTC ending in Z, to the millisecond so that
 * checkpoints saved within one second still sort in the order they were made.
 */
export function formatCreatedAt(now: Date): string {
  return now.toISOString();
}

/**
 * `<slug>-<6 random>`: slug from the email's local part, else the name,
 * lowercase [a-z0-9-], at most 24 characters; `user` when nothing usable is left.
 */
export function makeWriterId(identity: { name?: string | null; email?: string | null }, random: () => number): string {
  const source = identity.email?.split('@')[0] || identity.name || '';
  const slug = source
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/g, '');
  return `${slug || 'user'}-${randomSuffix(6, random)}`;
}
