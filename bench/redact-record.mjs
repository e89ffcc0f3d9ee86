// A 1 MB checkpoint record as a long session leaves it: prose, code, paths,
// URLs, commit ids, UUIDs and versions, with a made-up credential in a known
// format every few kilobytes. Seeded, so every run redacts the same text.

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

function seeded(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

export function makeRecordTexts(bytes = 1 << 20, seed = 42) {
  const random = seeded(seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const str = (alphabet, n) => Array.from({ length: n }, () => pick(alphabet)).join('');
  const lines = [
    () => `We decided to keep the compare-and-swap loop in src/checkpoint/store/write.ts because the retry path is simpler (took ${(random() * 9).toFixed(1)}s).`,
    () => `fixed in ${str(HEX, 12)} (see ${str(HEX, 40)}), request-id ${str(HEX, 8)}-${str(HEX, 4)}-${str(HEX, 4)}-${str(HEX, 4)}-${str(HEX, 12)}`,
    () => `  const result = await handleRequest(req, res, { retries: ${Math.floor(random() * 9)}, timeoutMs: 30000 });`,
    () => `see https://github.com/acme/app/pull/${Math.floor(random() * 9999)} and docs/adr/0007-use-compare-and-swap.md`,
    () => `"integrity": "sha512-${Buffer.from(str(ALNUM, 48)).toString('base64')}", "version": "4.17.${Math.floor(random() * 30)}"`,
    () => `packages/web-app/src/components/UserAccountSettingsPanel.tsx: the token budget is MAX_TOKENS_PER_REQUEST=${Math.floor(random() * 9000)}`,
    () => `Resume at step ${Math.floor(random() * 9)}: run npm test -- --run test/unit/redact.test.ts, then git push --force-with-lease`,
  ];
  const secrets = [
    () => `export GITHUB_TOKEN=ghp_${str(ALNUM, 36)}`,
    () => `aws_secret_access_key = ${str(ALNUM, 40)}`,
    () => `curl -H "Authorization: Bearer ${str(ALNUM, 40)}" https://api.example.com`,
    () => `password = "${str(ALNUM, 16)}"`,
    () => `sk_live_${str(ALNUM, 24)} is in the staging env`,
  ];
  const fields = [];
  let size = 0;
  while (size < bytes) {
    const out = [];
    for (let i = 0; i < 24; i++) out.push(pick(lines)());
    out.push(pick(secrets)());
    const text = out.join('\n');
    fields.push(text);
    size += text.length;
  }
  return fields;
}
