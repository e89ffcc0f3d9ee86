/**
 * Made-up secrets in each provider's real format, and benign strings that
 * look like them. Built in code from a seeded generator, so no file of this
 * repository holds anything a secret scanner would take for a real key, and
 * every run sees the same samples.
 */
import { seededRandom } from './mem-cli.js';
import { ALPHA, PROVIDER_TEMPLATES } from './secret-corpus-providers.js';
import { assignmentForms, benignLookalikes } from './secret-corpus-forms.js';
import { benignCodeAndReferences } from './secret-corpus-benign.js';

export interface SecretSample {
  /** The reason it must be counted under; empty: any reason (the value must go, whatever names it). */
  reason: string;
  /** The provider, for the per-provider recall. */
  provider?: string;
  /** The class of miss it guards against (see docs/security.md). */
  cls?: string;
  /** The text put into a field. */
  text: string;
  /** The parts that must never reach an object (the value, without its key). */
  secrets: string[];
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEXL = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const B64URL = `${ALNUM}-_`;
const BASE32 = `${UPPER}234567`;

/** A generator of strings over alphabets; each string is forced to hold a digit and a letter of each case. */
export function makeGen(seed: number) {
  const random = seededRandom(seed);
  const pick = (alphabet: string) => alphabet[Math.floor(random() * alphabet.length)]!;
  const str = (alphabet: string, n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += pick(alphabet);
    return out;
  };
  /** Random like a real key: at least two digits and, when the alphabet has them, both cases. */
  const key = (alphabet: string, n: number): string => {
    for (;;) {
      const s = str(alphabet, n);
      const digits = (s.match(/\d/g) ?? []).length;
      const okCase = (!/[a-z]/.test(alphabet) || /[a-z]/.test(s)) && (!/[A-Z]/.test(alphabet) || /[A-Z]/.test(s));
      if (digits >= (/\d/.test(alphabet) ? 2 : 0) && okCase && !/^[-_]|[-_]$/.test(s)) return s;
    }
  };
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const oneOf = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  return { str, key, int, oneOf, random };
}

type Gen = ReturnType<typeof makeGen>;
const b64url = (s: string) => Buffer.from(s).toString('base64url');

/** `n` samples per provider/reason family; `times` repeats each generator. */
function repeat(n: number, make: (i: number) => SecretSample): SecretSample[] {
  return Array.from({ length: n }, (_, i) => make(i));
}

const value = (reason: string, text: string, secret: string): SecretSample => ({ reason, text, secrets: [secret] });

function providerTokens(g: Gen): SecretSample[] {
  const t = (reason: string, token: string, around: string) => value(reason, around.replace('$', token), token);
  return [
    ...repeat(10, (i) => t('stripe-key', `${['sk_live_', 'sk_test_', 'pk_live_', 'rk_live_', 'sk_live_'][i % 5]}${g.key(ALNUM, g.oneOf([24, 34, 99]))}`, 'stripe key $ in the env')),
    ...repeat(6, () => t('openai-key', `sk-${g.key(ALNUM, 20)}T3BlbkFJ${g.key(ALNUM, 20)}`, 'OPENAI: $')),
    ...repeat(6, () => t('openai-key', `sk-proj-${g.key(B64URL, 156)}`, 'exported $ for the evals')),
    ...repeat(3, () => t('openai-key', `sk-svcacct-${g.key(B64URL, 74)}`, '$')),
    ...repeat(8, () => t('anthropic-key', `sk-ant-api03-${g.key(B64URL, 93)}AA`, 'key=$')),
    ...repeat(10, (i) => t('github-token', `${['ghp_', 'gho_', 'ghs_', 'ghu_', 'ghr_'][i % 5]}${g.key(ALNUM, 36)}`, 'pushed with $ yesterday')),
    ...repeat(4, () => t('github-token', `github_pat_${g.key(ALNUM, 22)}_${g.key(ALNUM, 59)}`, 'fine-grained $.')),
    ...repeat(4, () => t('slack-token', `xoxb-${g.str(DIGITS, 12)}-${g.str(DIGITS, 13)}-${g.key(ALNUM, 24)}`, 'bot token ($)')),
    ...repeat(4, () => t('slack-token', `xoxp-${g.str(DIGITS, 11)}-${g.str(DIGITS, 11)}-${g.str(DIGITS, 12)}-${g.key(HEXL, 32)}`, '$')),
    ...repeat(6, (i) => t('aws-key', `${i % 2 ? 'ASIA' : 'AKIA'}${g.key(BASE32, 16)}`, 'aws_access_key_id $')),
    ...repeat(6, () => t('google-api-key', `AIza${g.key(B64URL, 35)}`, 'maps: $')),
    ...repeat(6, () => t('npm-token', `npm_${g.key(ALNUM, 36)}`, '//registry.npmjs.org/:_authToken $')),
    ...repeat(6, () => t('gitlab-token', `glpat-${g.key(B64URL, 20)}`, 'glab auth with $')),
  ];
}

function structured(g: Gen): SecretSample[] {
  const jwt = () => {
    const header = b64url(JSON.stringify({ alg: g.oneOf(['HS256', 'RS256']), typ: 'JWT' }));
    const payload = b64url(JSON.stringify({ sub: String(g.int(1000, 99999)), name: 'Test User', iat: g.int(1.6e9, 1.8e9) }));
    return `${header}.${payload}.${g.key(B64URL, 43)}`;
  };
  const pem = (kind: string) => {
    const lines = Array.from({ length: 5 }, () => g.key(B64, 64));
    return { text: `-----BEGIN ${kind}PRIVATE KEY-----\n${lines.join('\n')}\n-----END ${kind}PRIVATE KEY-----`, lines };
  };
  return [
    ...repeat(8, () => {
      const token = jwt();
      return value('jwt', `session cookie was ${token}`, token);
    }),
    ...repeat(8, () => {
      const token = g.key(`${ALNUM}-._~`, 40);
      return value('bearer-token', `curl -H "Authorization: Bearer ${token}" https://api.example.com`, token);
    }),
    ...repeat(6, (i) => {
      const { text, lines } = pem(['RSA ', '', 'OPENSSH ', 'EC ', 'ENCRYPTED ', 'DSA '][i]!);
      return { reason: 'private-key', text, secrets: lines };
    }),
  ];
}

function credentials(g: Gen): SecretSample[] {
  const pw = () => g.key(`${ALNUM}!*^~`, g.int(12, 24));
  const keys = ['password', 'DB_PASSWORD', 'pwd', 'secret', 'token', 'api_key', 'CLIENT_SECRET', 'SECRET_KEY', 'aws_secret_access_key', 'access_token'];
  return [
    ...keys.map((k) => {
      const v = pw();
      return value('password', `set ${k}=${v} in staging`, v);
    }),
    ...repeat(4, (i) => {
      const v = pw();
      return value('password', [`password = "${v}"`, `{"token": "${v}"}`, `secret: '${v}'`, `apiKey="${v}"`][i]!, v);
    }),
    ...repeat(3, (i) => {
      const v = pw();
      return value('password', [`db:\n  password: ${v}\n  host: db`, `client_secret: ${v}`, `  - api_key: ${v}`][i]!, v);
    }),
    ...repeat(10, (i) => {
      const v = pw();
      const url = [
        `postgres://admin:${v}@db.example.com:5432/app`, `https://deploy:${v}@github.com/acme/app.git`,
        `mongodb+srv://svc:${v}@cluster0.example.net/test`, `redis://:${v}@cache.example.com:6379/0`,
        `amqp://guest:${v}@mq.example.com/`,
      ][i % 5]!;
      return value('url-credentials', `connect with ${url} then retry`, v);
    }),
    ...repeat(4, () => {
      const v = pw();
      return value('connection-string', `Server=tcp:sql.example.net,1433;Database=app;User ID=admin;Password=${v};Encrypt=true;`, v);
    }),
    ...repeat(4, () => {
      const v = `${g.key(B64, 86)}==`;
      return value('connection-string', `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${v};EndpointSuffix=core.windows.net`, v);
    }),
  ];
}

function entropyAndPii(g: Gen): SecretSample[] {
  const first = ['alice', 'bob', 'carol', 'dmitri', 'eve', 'farah', 'gunnar', 'hiro', 'ines', 'jamal', 'kofi', 'lena'];
  const domains = ['acme.com', 'example.org', 'mail.example.net', 'company.co.uk'];
  return [
    ...repeat(6, () => value('high-entropy', `AWS secret ${g.key(B64, 40)}`, '')).map((s) => ({ ...s, secrets: [s.text.slice(11)] })),
    ...repeat(5, () => {
      const v = g.key(HEXL, 32);
      return value('high-entropy', `mailgun api ${v}`, v);
    }),
    ...repeat(5, () => {
      const v = g.key(ALNUM, 48);
      return value('high-entropy', `webhook signing value ${v} rotated`, v);
    }),
    ...first.map((f, i) => {
      const email = `${f}.${['smith', 'ng', 'o-brien', 'kowalski'][i % 4]}${i}@${domains[i % domains.length]}`;
      return value('email', `ask ${email} about it`, email);
    }),
    ...['+1 415 555 0132', '(415) 555-0187', '415-555-0199', '+44 20 7946 0958', '+4915112345678', '+33 1 42 68 53 00', '+1-212-555-0147', '212.555.0123', '+81 3-1234-5678', '+61 2 9876 5432'].map((p) =>
      value('phone', `call ${p} after 6pm`, p)),
    ...['db01.prod.internal', 'jenkins.corp', 'nas.lan', 'api.eu-west-1.internal', 'ldap.hq.corp', 'printer3.office.lan', 'vault.svc.internal', 'git.eng.corp', 'metrics.internal', 'router.home.lan'].map((h) =>
      value('internal-host', `ssh to ${h} to check`, h)),
    ...['10.0.0.12', '10.255.3.4', '172.16.0.1', '172.31.255.254', '192.168.1.20', '192.168.0.254', '10.1.2.3', '172.20.10.5', '192.168.100.100', '10.10.10.10'].map((ip) =>
      value('private-ip', `the pod at ${ip}:8080 answers`, ip)),
  ];
}

/** Expands a template: `{alphabet:n}` or `{alphabet:min-max}` runs; the secret is the part inside `<<…>>`, else all of it. */
export function expandTemplate(g: Gen, template: string): { text: string; secret: string } {
  const text = template.replace(/\{(\w+):(\d+)(?:-(\d+))?\}/g, (_, set: string, lo: string, hi?: string) => {
    const n = hi ? g.int(Number(lo), Number(hi)) : Number(lo);
    const alphabet = (ALPHA as Record<string, string>)[set]!;
    return n >= 16 ? g.key(alphabet, n) : g.str(alphabet, n);
  });
  const marked = /<<(.*?)>>/.exec(text);
  return marked ? { text: text.replace(/<<|>>/g, ''), secret: marked[1]! } : { text, secret: text };
}

/** Where a provider token is put: prose, an assignment to a neutral name, JSON, a header, parentheses, a code span. */
const AROUND = [
  (t: string) => `deployed with ${t} yesterday`, (t: string) => `DEPLOY_CRED_${t.length}=${t}`, (t: string) => `{"value": "${t}"}`,
  (t: string) => `curl -H 'X-Custom: ${t}' https://api.example.com`, (t: string) => `(see ${t})`, (t: string) => `\`${t}\``,
];
/** Where a `KEY=<<value>>` line is put. */
const LINE_AROUND = [(l: string) => l, (l: string) => `# .env\n${l}\n`, (l: string) => `  ${l}`, (l: string) => `RUN export ${l}`];

/** At least four samples of every provider, cycling through its formats and surroundings. */
export function providerSamples(g: Gen): SecretSample[] {
  return PROVIDER_TEMPLATES.flatMap(([provider, templates]) =>
    Array.from({ length: Math.max(4, templates.length) }, (_, i) => {
      const template = templates[i % templates.length]!;
      const { text, secret } = expandTemplate(g, template);
      const around = template.includes('<<') ? LINE_AROUND[i % LINE_AROUND.length]! : AROUND[g.int(0, AROUND.length - 1)]!;
      return { reason: '', provider, cls: template.includes('<<') ? 'provider-context' : 'provider-format', text: around(text), secrets: [secret] };
    }));
}

/** At least 600 secret samples over at least 150 providers and every reason of SPEC §9. */
export function secretSamples(seed = 7): SecretSample[] {
  const g = makeGen(seed);
  return [...providerTokens(g), ...structured(g), ...credentials(g), ...entropyAndPii(g), ...providerSamples(g), ...assignmentForms(g)];
}

/** At least 300 strings that look like secrets but are not; they must survive verbatim. */
export function benignSamples(seed = 11): string[] {
  const g = makeGen(seed);
  return [...classicBenign(g), ...benignLookalikes(g), ...benignCodeAndReferences(g)];
}

function classicBenign(g: Gen): string[] {
  const oids = Array.from({ length: 8 }, (_, i) => g.str(HEXL, i % 2 ? 64 : 40));
  const uuids = Array.from({ length: 8 }, () => [8, 4, 4, 4, 12].map((n) => g.str(HEXL, n)).join('-'));
  return [
    ...oids, ...oids.map((o) => `fixed in ${o.slice(0, 12)} (see ${o})`), ...uuids, ...uuids.map((u) => `request-id ${u.toUpperCase()}`),
    '1.2.3', 'v2.0.0-rc.1', '4.17.21', '^1.2.3', '~0.8.0', '20.19.43', 'typescript@5.9.3', '@types/node@20.19.43', 'git 2.43.0', '>=2.29 <3',
    'src/checkpoint/secrets/redact-rules.ts', '/usr/local/bin/git-checkpoint', 'test/integration/very-long-directory-name/some_file_name.test.ts',
    'C:\\Users\\ada\\AppData\\Local\\Temp', './node_modules/.bin/vitest', '~/.config/git/ignore', 'docs/adr/0007-use-compare-and-swap.md',
    'packages/web-app/src/components/UserAccountSettingsPanel.tsx', '.github/workflows/ci.yml', 'refs/checkpoints/ada-lovelace-k3j9x2',
    'The AKIA prefix marks long-term AWS access keys.', 'Bearer tokens go in the Authorization header.', 'set the password field to masked',
    'we blew the token budget again', 'switched from sk-learn to xgboost', 'the secret sauce is the cache', 'pk_live_ keys are publishable',
    'ghp_ tokens are classic personal access tokens', 'the xoxb- prefix is for bot tokens', 'AIza is how Google keys begin',
    'use npm_ tokens with automation scope', 'rotate every glpat- token yearly', 'a JWT starts with eyJ', 'BEGIN PRIVATE KEY blocks stay out',
    'Password must be at least 12 characters', 'Password: must be at least 12 characters', 'token: none', 'secret: true', 'the token = next() call blocks', 'const password = readFromVault();',
    'mask_password_field', 'getUserAccountSettingsForTenant', 'MAX_TOKENS_PER_REQUEST', 'password_reset_token_expiry', 'isSecretVisible',
    'AbstractSingletonProxyFactoryBean', 'ThisIsAVeryLongIdentifierNameWithoutAnySecrets', 'handleOAuthCallbackRedirectWithRetry',
    'sk_live_prefix_check', 'test_sk_test_mode', 'github_pat_format_doc', 'xoxb_socket_mode_handler', 'AKIA_PATTERN_DOC', 'npm_config_cache',
    'max_tokens=4096', 'PWD=/home/ada/project', 'token=$GITHUB_TOKEN', 'password=${DB_PASSWORD}', 'secret=<your-secret-here>',
    'api_key=***', 'password=changeme', 'token=null', 'export PATH=$HOME/bin:$PATH', 'NODE_ENV=production',
    '8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.1.1', '11.0.0.1', '100.64.0.1', '127.0.0.1', '0.0.0.0',
    '2026-11-29', '2026-11-29T10:00:00Z', '20261129-101010-abcd', '12:30:45', '10:00-12:00', 'Q3 2026', 'week 48', 'RFC 1918',
    'port 5432', 'ports 3000-3100', 'sizes 512 768 1024', 'RFC (2119) 10 20 30 40', 'from 2024 to 2026 in 3 steps', '1,234,567 rows', '1234567890', 'ISBN 978-3-16-148410-0', 'build #4821', 'PR-5678', 'JIRA-12345',
    'github.com', 'registry.npmjs.org', 'api.example.com', 'internal-docs.example.com', 'corp.example.com', 'example.internal.company.com',
    'the lan party', 'corp finance', 'an internal API', 'localhost:3000',
    'https://github.com/acme/app/pull/42', 'https://example.com/path?page=2&sort=asc', 'git@github.com:acme/app.git',
    'ssh://git@github.com/acme/app.git', 'http://localhost:8080/health', 'https://docs.example.com/a/b#section-2',
    'file:///tmp/report.html', 'https://user@example.com/repo.git',
    'git push --force-with-lease', 'npm install --save-dev typescript@5.9.3', 'git log --format=%H%x01%s -n8', 'node --max-old-space-size=4096',
    'grep -rn "TODO" src/', 'docker run -p 8080:80 nginx:1.27', 'kubectl -n prod get pods', 'ssh -p 2222 deploy@203.0.113.7',
    'abc1234', 'deadbeef', 'cafe1234beef', '0x7fffffff', 'sha256:', 'base64 -d', 'utf-8', 'ISO 8601',
    'HTTPServerConfigurationBuilderV2', 'Base64UrlEncoderTests', 'user_id_1234567', 'order-2026-11-29-0001', 'v1.2.3-beta.4+build.5',
    'ada@example.com', 'Ada Lovelace', 'Resume at step 3', 'decided to keep the CAS loop', 'the 40-hex object id stays', 'UUIDs stay too',
    'rejected: retry forever', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '0000000000000000000000000000000000000000',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij', 'the-quick-brown-fox-jumps-over-the-lazy-dog-again', 'snake_case_identifier_that_is_quite_long_indeed',
    'components/Button/ButtonGroup/ButtonGroupItem', '::1', 'fe80::1', '2001:db8::8a2e:370:7334', '00:1a:2b:3c:4d:5e', '#ff00ff',
    'rgba(0, 0, 0, 0.5)', '*/5 * * * *', 'HTTP 404', 'O(n log n)', '\\d{3}-\\d{4}', 'ship it 🚀', "Merge branch 'feature/AKIA-support'",
    'feature/JIRA-1234-add-login', '2026-11-29 10:30:00 +0100', 'Date: Sun, 29 Nov 2026 18:43:10 +0000', 'timeout=30s', 'retries=5',
    'tokens: 12,345 in, 678 out', 'secret-manager', 'password-reset flow', 'the_token_bucket_size', 'sk-1', 'ghp_', 'AKIA', 'a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s', 'TODO(ada): remove the fallback',
  ];
}
