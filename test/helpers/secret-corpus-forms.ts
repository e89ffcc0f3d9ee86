/**
 * Secrets by the way they are written rather than by provider (every
 * assignment form of SPEC §9, object ids after a secret keyword, unknown
 * prefixed tokens only the entropy fallback can see), and the benign classes
 * that look like them (integrity hashes, printf and shell placeholders, flag
 * values, object ids, placeholders in token formats).
 */
import type { SecretSample } from './secret-corpus.js';
import { ALPHA } from './secret-corpus-providers.js';

interface Gen {
  str: (alphabet: string, n: number) => string;
  key: (alphabet: string, n: number) => string;
  int: (lo: number, hi: number) => number;
  oneOf: <T>(xs: readonly T[]) => T;
}

const PW = `${ALPHA.an}!*^~`;
const sample = (cls: string, text: string, secret: string): SecretSample => ({ reason: '', cls, text, secrets: [secret] });

/** Each assignment form, with a fresh value each time. */
const FORMS: [string, (v: string) => string][] = [
  ['go :=', (v) => `dbPassword := "${v}"`],
  ['go var', (v) => `var apiToken string = "${v}"`],
  ['php .=', (v) => `$secret .= '${v}';`],
  ['php =>', (v) => `'password' => '${v}',`],
  ['make ?=', (v) => `DEPLOY_TOKEN ?= ${v}`],
  ['make :=', (v) => `REGISTRY_PASSWORD := ${v}`],
  ['xml element', (v) => `<password>${v}</password>`],
  ['xml element with dots', (v) => `  <db.password>${v}</db.password>`],
  ['nuget add key', (v) => `<add key="ClearTextPassword" value="${v}" />`],
  ['java setProperty', (v) => `System.setProperty("javax.net.ssl.keyStorePassword", "${v}");`],
  ['curl -u', (v) => `curl -u deploy:${v} https://ci.example.com/job`],
  ['quoted without =', (v) => `password "${v}"`],
  ['digit suffix', (v) => `token1=${v}`],
  ['ts typed', (v) => `const clientSecret: string = "${v}";`],
  ['yaml', (v) => `database:\n  password: ${v}\n  port: 5432`],
  ['ini spaced', (v) => `[db]\npassword = ${v}\n`],
  ['json', (v) => `{"apiKey": "${v}", "region": "eu"}`],
  ['flag', (v) => `mysql --password ${v} -h db`],
  ['netrc', (v) => `machine api.example.com login deploy password ${v}`],
  ['python kwarg', (v) => `connect(user="app", password="${v}")`],
  ['netrc over lines', (v) => `machine api.example.com\n  login deploy\n  password ${v}\n`],
  ['psexec -p', (v) => `psexec \\\\build01 -u CORP\\deploy -p ${v} cmd /c whoami`],
  ['sshpass -p', (v) => `sshpass -p '${v}' ssh deploy@example.com uptime`],
  ['mysql -pX', (v) => `mysqldump -u backup -p${v} --all-databases > dump.sql`],
  ['sqlcmd -P', (v) => `sqlcmd -S db.example.com -U sa -P ${v} -Q "select 1"`],
  ['sshpass -pX', (v) => `sshpass -p${v} scp build.tgz deploy@example.com:/srv`],
  ['openssl -k', (v) => `openssl enc -aes-256-cbc -salt -k ${v} -in backup.tar -out backup.tar.enc`],
  ['openssl -passin pass:', (v) => `openssl pkcs12 -in cert.p12 -nodes -passin pass:${v} -out cert.pem`],
  ['docker login -p', (v) => `docker login -u ci -p ${v} registry.example.com`],
  ['ldapsearch -w', (v) => `ldapsearch -x -D "cn=admin,dc=example,dc=com" -w ${v} -b dc=example,dc=com`],
  ['net use /user: then password', (v) => `net use Z: \\\\files\\share /user:CORP\\deploy ${v}`],
  ['powershell securestring', (v) => `$pw = ConvertTo-SecureString "${v}" -AsPlainText -Force`],
  ['odbc spaced', (v) => `Driver={ODBC Driver 18};Server=db;Uid=app; Pwd = ${v};`],
  ['comparison', (v) => `if creds.Secret != "${v}" {`],
  ['token - quoted', (v) => `service token - '${v}'`],
  ['listed twice', (v) => `token = '${v}' | '${v}'`],
  ['prose', (v) => `The default password for user "admin" is "${v}".`],
  ['credential call', (v) => `new NetworkCredential("ci-bot", "${v}")`],
  ['xml element over lines', (v) => `<apiToken>\n    ${v}\n</apiToken>`],
  ['php inside a json string', (v) => `{"content": "$password = \\"${v}\\";"}`],
  ['json inside a json string', (v) => `"body": "{\\"apiKey\\": \\"${v}\\"}"`],
  ['dockerfile ENV with a space', (v) => `FROM node:20\nENV DRONE_TOKEN ${v}\nRUN npm ci`],
  ['npmrc scoped key, spaced', (v) => `@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken = ${v}`],
  ['subscript key', (v) => `$config['db_password'] = '${v}';`],
  ['dict item', (v) => `settings["api_key"] = "${v}"`],
  ['comparison with the literal first', (v) => `if ("${v}" == password) {`],
  ['kubernetes env name and value', (v) => `env:\n  - name: DB_PASSWORD\n    value: "${v}"\n  - name: DB_HOST\n    value: db`],
  ['name and value fields', (v) => `{"name": "API_TOKEN", "value": "${v}"}`],
  ['xml key and value entry', (v) => `<entry>\n  <key>password</key>\n  <value>${v}</value>\n</entry>`],
  ['pass glued to a name', (v) => `jdbc:mysql://db.example.com/app?user=admin&userpass=${v}`],
  ['curl proxy user', (v) => `curl --proxy-user admin:${v} -x http://proxy.example.com:3128 https://example.com`],
  ['jenkins credentials', (v) => `<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  <id>deploy</id>\n  <secret>{svc AQAAABAAA ${v}}</secret>\n</org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>`],
];

export function assignmentForms(g: Gen): SecretSample[] {
  const out: SecretSample[] = [];
  for (const [name, write] of FORMS) {
    for (let i = 0; i < 2; i++) {
      const v = g.key(PW, g.int(12, 20));
      out.push(sample(`assignment: ${name}`, write(v), v));
    }
  }
  for (let i = 0; i < 2; i++) {
    // A generated value whose symbols include the quote it is not written in.
    const v = g.key(PW, 10);
    const q = i ? `'${v.slice(0, 4)}"${v.slice(4)}\`${g.key(ALPHA.an, 6)}'` : `"${v.slice(0, 4)}'${v.slice(4)}\`${g.key(ALPHA.an, 6)}"`;
    out.push(sample('quoted value holding the other quotes', `jwtsecret: ${q}`, q.slice(1, -1)));
  }
  for (let i = 0; i < 3; i++) {
    const basic = Buffer.from(`deploy:${g.key(ALPHA.an, 14)}`).toString('base64');
    out.push(sample('assignment: authorization basic', `Authorization: Basic ${basic}`, basic));
    const raw = g.key(ALPHA.an, 32);
    out.push(sample('assignment: authorization raw', `-H "Authorization: ${raw}"`, raw));
    const data = Buffer.from(g.key(ALPHA.an, 18)).toString('base64');
    out.push(sample('assignment: kubernetes data', `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  username: YWRtaW4=\n  password: ${data}\n`, data));
    const docker = Buffer.from(`bot:${g.key(ALPHA.an, 20)}`).toString('base64');
    out.push(sample('assignment: docker auths', `{"auths": {"ghcr.io": {"auth": "${docker}"}}}`, docker));
    out.push(sample('assignment: docker auths escaped', `DOCKER_AUTH_CONFIG="{\\"auths\\":{\\"registry.example.com\\":{\\"auth\\":\\"${docker}\\"}}}"`, docker));
  }
  for (let i = 0; i < 4; i++) {
    const salt = g.key(ALPHA.an, 8);
    const hash = [`$6$${salt}$${g.key(`${ALPHA.an}./`, 86)}`, `$2b$12$${g.key(`${ALPHA.an}./`, 53)}`, `$1$${salt}$${g.key(`${ALPHA.an}./`, 22)}`,
      `$argon2id$v=19$m=65536,t=3,p=4$${g.key(ALPHA.b64, 22)}$${g.key(ALPHA.b64, 43)}`][i]!;
    out.push(sample('password hash', [`deploy:${hash}:19000:0:99999:7:::`, `HASH='${hash}'`, `htpasswd line ${hash}`, `stored ${hash} in the table`][i]!, hash));
    const pem = Buffer.from(`-----BEGIN ${['RSA ', 'EC ', '', 'OPENSSH '][i]}PRIVATE KEY-----\n${g.key(ALPHA.b64, 64)}\n${g.key(ALPHA.b64, 64)}\n-----END PRIVATE KEY-----\n`).toString('base64');
    out.push(sample('private key in base64', [`PRIVATE_KEY_B64=${pem}`, `  tls.key: ${pem}`, `{"privateKey": "${pem}"}`, `echo ${pem} | base64 -d`][i]!, pem));
    const generated = g.key(ALPHA.an, 24);
    const grouped = [`${g.key(ALPHA.an, 20)}:${g.str('*#%!', 1)}${g.str(ALPHA.an, 2)}`, `${g.str('abcdefghijklmnopqrstuvwxyz', 4)}-${g.str('abcdefghijklmnopqrstuvwxyz', 3)}${g.str('0123456789', 2)}${g.str('abcdefghijklmnopqrstuvwxyz', 1)}-${g.str('abcdefghijklmnopqrstuvwxyz', 3)}${g.str('0123456789', 1)}${g.str('abcdefghijklmnopqrstuvwxyz', 4)}`][i % 2]!;
    out.push(sample('weak key with punctuation or groups', `[DEBUG] Using Key=${grouped}`, grouped));
    out.push(sample('key name with no operator', [`API SECRET ${generated}`, `[DEBUG] Using Key=${generated}`, `access token\n${generated}`, `private key ${generated}`][i]!, generated));
    const kind = g.key(ALPHA.an, g.int(20, 30));
    out.push(sample('kind of key in capitals before a token', [`billing PRIVATE ${kind}`, `reports_ACCESS ${kind}`, `mailer_private ${kind}`, `export SEARCH_ACCESS="${kind}"`][i]!, kind));
    const at = `${g.key(ALPHA.an, 6)}@${g.key(ALPHA.an, 8)}!`;
    out.push(sample('url credentials with @ in the password', `mongodb+srv://svc:${at}@cluster0.${g.key(ALPHA.lo, 7)}.mongodb.net/app`, at.slice(at.indexOf('@') + 1)));
    const phrase = Array.from({ length: g.int(2, 4) }, () => g.oneOf(['open', 'sesame', 'horse', 'battery', 'staple', 'lantern', 'copper', 'river', 'violet', 'orbit', 'maple', 'quartz'])).join(' ') + ` ${g.int(10, 99)}`;
    out.push(sample('passphrase in quotes', [`password = '${phrase}'`, `DB_PASSWORD="${phrase}"`, `:password => "${phrase}",`, `const dbPassword = "${phrase}"`][i]!, phrase));
    const short = `${g.str(ALPHA.al, 3)}${g.str(ALPHA.d, 1)}_${g.str(ALPHA.d, 1)}.${g.str(ALPHA.al, 3)}-${g.str(ALPHA.d, 1)}.${g.str(ALPHA.an, 4)}`;
    out.push(sample('short bearer token', `Authorization: Bearer ${short}`, short));
    // Random mixed case spells a marker word now and then (`…KYoURZl…`, `…eXaMPlE…`): still random.
    const spelled = `${g.key(ALPHA.an, 8)}${['YoUR', 'eXaMPlE', 'DuMmY', 'fAkE'][i]}${g.key(ALPHA.an, 10)}`;
    out.push(sample('random value spelling a marker in mixed case', `ZOOM_API_SECRET=${spelled}`, spelled));
    const brief = g.key(ALPHA.an, g.int(8, 11));
    out.push(sample('short bearer token after its header', [`authorization: bearer ${brief}`, `GET /v1/me?h=authorization:%20bearer%20${brief}`, `-H "Authorization: Bearer ${brief}"`, `Authorization: Bearer ${brief}`][i]!, brief));
  }
  for (let i = 0; i < 4; i++) {
    const oid = g.str(ALPHA.hex, i % 2 ? 64 : 40);
    out.push(sample('object id after a keyword', [`SENTRY_TOKEN = ${oid}`, `api_key: ${oid}`, `"secret": "${oid}"`, `token=${oid}`][i]!, oid));
  }
  for (let i = 0; i < 6; i++) {
    const token = [`acme_live_${g.key(ALPHA.hex, 40)}`, `zq-${g.key(ALPHA.hex, 48)}`, `tok.${g.key(ALPHA.url, 12)}.${g.key(ALPHA.an, 30)}`,
      `${g.key(ALPHA.an, 10)}~${g.key(ALPHA.an, 30)}`, `id|${g.key(ALPHA.an, 36)}`, `xyz_${g.key(ALPHA.al, 40)}`][i]!;
    out.push(sample('entropy fallback: unknown prefixed token', `the service gave us ${token} for the sandbox`, token));
  }
  for (let i = 0; i < 2; i++) {
    const v = g.key(PW, g.int(12, 20));
    out.push(sample('assignment: value field before its name field', [`environment = [\n  {\n    value = "${v}"\n    name  = "DB_PASSWORD"\n  },\n]`, `[{"value": "${v}", "name": "API_TOKEN"}]`][i]!, v));
    out.push(sample('assignment: name and value with a comment between', `{\n  name  = "DB_PASSWORD"\n  # rotated by ops\n  value = "${v}"\n}`, v));
    out.push(sample('assignment: element named by its attribute', [`<param name="password">${v}</param>`, `<entry key="api.token">${v}</entry>`][i]!, v));
  }
  for (let i = 0; i < 2; i++) {
    const v = g.key(PW, g.int(12, 20));
    const sym = `${g.key(ALPHA.an, 5)}${g.oneOf(['!', '#', '%', '&', '*'])}${g.key(ALPHA.an, 4)}`;
    out.push(sample('assignment: short password with a symbol under pass/pw', [`smtp:\n  pass: ${sym}\n`, `[ftp]\npw = ${sym}\n`][i]!, sym));
    out.push(sample('assignment: setenv, set -x', [`#!/bin/csh\nsetenv API_TOKEN ${v}\n`, `# config.fish\nset -gx API_TOKEN ${v}\n`][i]!, v));
    out.push(sample('dockerfile ENV KEY=value holding & or #', `FROM alpine\nENV API_TOKEN=${v.slice(0, 4)}#&${v.slice(4)}\n`, `${v.slice(0, 4)}#&${v.slice(4)}`));
    out.push(sample('url credentials with @ and # in the password', `mysql://root:${v.slice(0, 3)}@${v.slice(3, 7)}#${v.slice(7)}@db.example.com/app`, `${v.slice(0, 3)}@${v.slice(3, 7)}#${v.slice(7)}`));
    out.push(sample('url credentials with / in the password (base64 written raw)', [`mongodb://admin:${v.slice(0, 5)}/${v.slice(5)}@mongo:27017/?authSource=admin`, `REDIS_URL=redis://default:/${v}@redis:6379`][i]!, [`${v.slice(0, 5)}/${v.slice(5)}`, `/${v}`][i]!));
    out.push(sample('url credentials with # in the password', `mysql://root:${v.slice(0, 6)}#${v.slice(6)}@db.example.com:3306/app`, `${v.slice(0, 6)}#${v.slice(6)}`));
    out.push(sample('assignment: hash or semicolon inside an unquoted value', `[oauth]\nclient_secret = ${v.slice(0, 5)}#${v.slice(5, 9)};${v.slice(9)}  # rotated yearly\n`, `${v.slice(0, 5)}#${v.slice(5, 9)};${v.slice(9)}`));
  }
  for (let i = 0; i < 3; i++) {
    // Both cases switching often, one digit at the end: random, not words and a version.
    const mixed = `${['kkeluIsp', 'NLJpBnYu', 'etLwNeBX'][i]}${g.str(ALPHA.al, 12)}${g.str(ALPHA.d, 1)}`;
    if ((mixed.match(/[a-z][A-Z]/g)?.length ?? 0) >= 3) out.push(sample('weak key: random letters of both cases and one digit', `DEPLOY_KEY=${mixed}`, mixed));
  }
  for (let i = 0; i < 3; i++) {
    const v = g.key(PW, g.int(10, 20));
    out.push(sample('assignment: a space for the operator on a configuration line', [`# redis.conf\nrequirepass ${v}\n`, `[ssl]\nprivate_key_passphrase ${v}\n`, `<VirtualHost *:443>\n  SSLPassPhrase ${v}\n`][i]!, v));
    out.push(sample('assignment: the fallback of a setting', [`const secret = process.env.JWT_SECRET || '${v}';`, `token = os.environ.get("API_TOKEN") or "${v}"`, `apiKey: env['API_KEY'] ?? "${v}",`][i]!, v));
    out.push(sample('assignment: a setter or a builder given a literal', [`ds.setPassword("${v}");`, `Client.builder().withApiKey('${v}').build()`, `builder.username("app").password("${v}")`][i]!, v));
    const generated = g.key(ALPHA.an, g.int(16, 32));
    out.push(sample('a setting stored by a tool from its command line', [`aws configure set aws_secret_access_key ${v}`, `npm config set //registry.example.com/:_authToken ${v}`, `git config --global github.token ${v}`][i]!, v));
    out.push(sample('assignment: a YAML block scalar', `app:\n  secret_key: ${['>-', '|', '>'][i]}\n    ${generated}\n`, generated));
    out.push(sample('assignment: Markdown', [`| prod | token | ${generated} |`, `- **API token:** \`${v}\``, `**Password**: \`${v}\``][i]!, [generated, v, v][i]!));
    out.push(sample('assignment: a Terraform variable\'s default', `variable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "${v}"\n}`, v));
    out.push(sample('sql: a user identified by a password', [`CREATE USER app IDENTIFIED BY '${v}';`, `GRANT ALL ON app.* TO 'app'@'%' IDENTIFIED BY '${v}';`, `ALTER USER app IDENTIFIED WITH caching_sha2_password BY '${v}';`][i]!, v));
    out.push(sample('a PostgreSQL password file line', [`# ~/.pgpass\ndb.example.com:5432:app:appuser:${v}\n`, `\n*:*:*:postgres:${v}\n`, `# ~/.pgpass\nlocalhost:5432:*:app:${v}\n`][i]!, v));
    out.push(sample('assignment: more names of a secret', [`PASSWORD_PEPPER=${generated}`, `csrf_secret: ${generated}`, `"auth": "${generated}"`][i]!, generated));
    out.push(sample('assignment: a passcode', [`passcode = "${v}"`, `VOICEMAIL_PASSCODE=${v}`, `{"passcode": "${v}"}`][i]!, v));
    // Found on review: a value before a dash or a slash that is prose, a quoted SQL literal with spaces or a doubled quote, a value ending in `{`.
    out.push(sample('assignment: a value before prose after a dash', [`password: ${generated} - change it after first login`, `DB_PASSWORD=${generated} / user: admin`, `token: ${generated} * rotated monthly`][i]!, generated));
    const spaced = [`pa ss ${v}`, `it''s${v}`, `${v} x`][i]!;
    out.push(sample('sql: a quoted password with spaces or doubled quotes', `CREATE USER app IDENTIFIED BY '${spaced}';`, spaced));
    out.push(sample('assignment: a generated value ending in a brace', `DB_PASSWORD=${generated}{`, `${generated}{`));
    const slashed = `/${g.key(ALPHA.an, 12)}${['+', '', '+'][i]}${g.key(ALPHA.an, 6)}${['', '', '=='][i]}`;
    out.push(sample('assignment: several names given several values', [`// main.go\nusername, password := "admin", "${generated}"\n`, `# settings.py\npassword, user = '${generated}', 'alice'\n`, `-- init.lua\nlocal user, pass = "svc", "${generated}"\n`][i]!, generated));
    out.push(sample('prose: a generated value without quotes', [`the API key is ${generated}.`, `my deploy token was ${generated}, rotate it`, `The db password is ${generated}`][i]!, generated));
    const escaped = `${generated.slice(0, 6)}\\${['t', 'n', 'r'][i]}${generated.slice(6)}`;
    out.push(sample('assignment: a quoted value holding a backslash and a letter', [`DB_PASSWORD='${escaped}'`, `token = "${escaped}"`, `"secret": "${escaped}"`][i]!, escaped));
    out.push(sample('assignment: a list under a plural name, comments between', [`passwords:\n  # rotated monthly\n  - ${generated}\n`, `credentials:\n\n  - "${generated}"\n`, `creds = ["${generated}"]`][i]!, generated));
    out.push(sample('assignment: the default of a reference', [`password: \${DB_PASSWORD:${generated}}`, `  - API_TOKEN=\${API_TOKEN:-${generated}}`, `@Value("\${jwt.secret:${generated}}")`][i]!, generated));
    out.push(sample('prose: a value the key was changed to', [`the API key was rotated to ${generated} yesterday`, `the admin password has been changed to ${generated}`, `the deploy token has now been set to ${generated}.`][i]!, generated));
    const symbols = `${g.key(ALPHA.an, 8)}%${g.key(ALPHA.an, 6)}^${g.key(ALPHA.an, 6)}*k${g.int(0, 9)}`;
    out.push(sample('prose: a value with symbols after the API key', [`the API key is ${symbols}`, `our secret key was ${symbols}, rotate it`, `the access key is now ${symbols}`][i]!, symbols));
    out.push(sample('prose: a verb that sets the key before it', [`I rotated the token to ${generated}`, `Set the admin password to "${generated}" for now`, `please change your API key to ${generated}`][i]!, generated));
    out.push(sample('prose: the short names of a password or a key', [`my pw is ${generated}`, `the creds are ${generated}`, `the auth key is ${generated}.`][i]!, generated));
    const old = `${g.key(ALPHA.an, 10)}#${g.key(ALPHA.an, 5)}`;
    out.push(sample('prose: the old value a key was changed from', [`the password was changed from ${old} to ${generated}`, `I rotated the API key from '${old}' to '${generated}'.`, `the token was updated from ${old} to ${generated} today`][i]!, old));
    out.push(sample('prose: the new value a key was changed to from another', [`we rotated the db password from hunter2 to ${generated}`, `Changed my token from ${old} to ${generated}.`, `the secret key has been reset from ${old} to ${generated}`][i]!, generated));
    const second = g.key(ALPHA.an, 24);
    out.push(sample('assignment: a list without quotes or with a type', [`api_keys: [${generated}, ${second}]`, `apiKeys := []string{"${generated}", "${second}"}`, `tokens = [ ${generated} ]`][i]!, generated));
    if (i < 2) out[out.length - 1]!.secrets.push(second);
    out.push(sample('command: a value given to a command that stores a secret', [`gh secret set DEPLOY_KEY --body "${generated}"`, `az keyvault secret set --vault-name kv --name db --value ${generated}`, `fly secrets set PAYMENTS=${generated}`][i]!, generated));
    out.push(sample('command: a literal piped into a login or a secret store', [`echo '${generated}' | docker login ghcr.io -u bot --password-stdin`, `echo -n "${generated}" | gcloud secrets create db --data-file=-`, `printf '%s' '${generated}' | wrangler secret put API_KEY`][i]!, generated));
    out.push(sample('assignment: a name that goes on past its keyword', [`todo_secret_do_not_commit = ${generated}`, `apiTokenForCi: "${generated}"`, `creds = "${generated}"`][i]!, generated));
    out.push(sample('assignment: base64 that starts with a slash', [`DB_PASSWORD=${slashed}`, `<Password>${slashed}</Password>`, `client_secret: "${slashed}"`][i]!, slashed));
  }
  return out;
}

/** Benign strings of each class the engine exempts; they must survive verbatim. */
export function benignLookalikes(g: Gen): string[] {
  const b64 = (n: number) => Buffer.from(g.str(ALPHA.an, n)).toString('base64');
  const oid = (n: number) => g.str(ALPHA.hex, n);
  return [
    ...[64, 48, 32].flatMap((n) => [`"integrity": "sha512-${b64(n)}"`, `integrity sha384-${b64(n)}`, `<script src="x.js" integrity="sha256-${b64(n)}">`]),
    `resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#${oid(40)}"`, `integrity sha512-${b64(64)} lodash@4.17.21`,
    'password=%s', "token: '%s'", 'PASSWORD="%(password)s"', 'secret=%d', 'api_key=%1$s', 'printf "password=%s\\n" "$PW"',
    'password=${DB_PASSWORD:=changeme}', 'token=${GITHUB_TOKEN:-}', 'SECRET=${SECRET?missing}', 'password: ${VAULT_PASSWORD:-default}',
    'password={0}', 'token={token}', 'secret=$(cat /run/secrets/db)', 'password=process.env.DB_PASSWORD',
    'PuttyPassword=0', 'savePassword=1', 'token_enabled=true', 'secret=false', 'password_required=yes', 'RememberPassword=off',
    'password: 0', 'token_ttl=3600', 'tokens=4096', 'max_tokens=8192', 'PasswordMinLength=12',
    'glptt-token-for-nightly-builds', 'glptt-xxxx', 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'sk_live_xxxxxxxxxxxxxxxxxxxxxxxx',
    ...Array.from({ length: 6 }, () => `commit ${oid(40)} merged`), ...Array.from({ length: 4 }, () => `tree ${oid(64)}`),
    ...Array.from({ length: 4 }, () => `git diff ${oid(40)}..${oid(40)}`), `sha1-${oid(40)}`,
    'org.apache.commons.lang3.StringUtils.isNotBlank', 'com.example.service.UserAccountSettingsController.handle',
    'v1.2.3-rc.4+build.20261130', 'node_modules/.pnpm/@types+node@20.19.43/node_modules/@types/node/index.d.ts',
    'https://example.com/a/b/c/d/e/f?query=value&other=thing#fragment-id', 'app.example.com.cdn.cloudflare.net',
    'TheQuickBrownFoxJumpsOverTheLazyDogAgainAndAgain', 'handle_oauth_callback_redirect_with_retry_and_backoff',
    'password reset token expiry is 30 minutes', 'rotate the secret every 90 days', 'the API key lives in Vault',
    'Authorization: required for every request', 'Basic authentication is disabled', 'curl -u "$USER:$PASS" https://ci.example.com',
    '<password></password>', '<add key="ClearTextPassword" value="" />', 'kind: ConfigMap\ndata:\n  mode: production',
    ...Array.from({ length: 4 }, (_, i) => [`public_key = "${g.key(ALPHA.an, 43)}"`, `publicToken: '${g.key(ALPHA.an, 40)}'`, `PUB_KEY=${b64(32)}`,
      `"publishableKey": "${g.key(ALPHA.an, 32)}"`][i]!),
    '<secret>{name}</secret>', 'net use Z: \\\\files\\share /user:CORP\\deploy /persistent:yes', 'docker login -u ci -p $CI_TOKEN registry.example.com',
    'ldapsearch -x -W -D "cn=admin,dc=example,dc=com"', 'cache key=user:1234:profile', 'key=value%23still-query', 'redis key=tenant:9f8e7d6c:cart', 'key=orders:2024:11:29:summary', '<password>{your password}</password>',
    'token := nextToken()', 'password = getPassword()', 'secret = secret_manager.read(name)', 'self.token = token',
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    ...Array.from({ length: 8 }, (_, i) => [`git show ${oid(40)}`, `"sha": "${oid(40)}"`, `HEAD is now at ${oid(12)}`, `blob ${oid(64)}`][i % 4]!),
    ...Array.from({ length: 8 }, () => `"id": "${[8, 4, 4, 4, 12].map((n) => oid(n)).join('-')}"`),
    ...Array.from({ length: 8 }, (_, i) => `${['sha256', 'sha384', 'sha512'][i % 3]}-${b64(24 + i * 4)}`),
    'password=%v', 'token="%q"', 'secret: {{ .Values.secret }}', 'password: "{{ vault_password }}"', 'token=$TOKEN', 'api_key=<api-key>',
    'DEBUG_PASSWORDS=false', 'token_refresh=off', 'password_expiry_days=90', 'secret_rotation=enabled',
    'useTokenAuth(true)', 'isPasswordValid(input)', 'validate_secret_format', 'TokenBucketRateLimiter', 'PasswordHasherFactoryBuilder',
    '2026-11-30T23:55:00.000Z', '1.0.0-alpha.1', 'a1b2c3d4', 'sha256:', 'sha512-', 'Bearer <token>', 'Bearer $TOKEN',
    ...placeholdersAndReferences(g),
  ];
}

/** References, placeholders, code and digests written where a secret would be: none of them is one. */
function placeholdersAndReferences(g: Gen): string[] {
  const hexUpper = (n: number) => g.str(ALPHA.HEX, n);
  const uuid = () => [8, 4, 4, 4, 12].map((n) => g.str(ALPHA.hex, n)).join('-');
  const camel = () => g.oneOf(['make', 'get', 'build', 'load']) + g.oneOf(['Kube', 'Cluster', 'Service', 'Account']) + g.oneOf(['ConfigController', 'ProviderFactory', 'SettingsLoader']);
  return [
    `commit ${hexUpper(40)}`, `Merge: ${hexUpper(40)}`, `s.${camel()} = args`, `t.${camel()}(ctx)`,
    "this.addPassword = '#add-password'", 'this.resetToken = "?reset-token"', '"password": "&lt;YOURPASSWORD&gt;"', 'Password=#{password}',
    'token: #{vault.token}', 'VAR_PASSWORD=$OTHER_VAR/path', 'DB_PASSWORD=${DB_HOME}/secret.txt', '"bucket_key": "SalesResults-1.2"', '"cache_key": "UserProfile_v2"',
    'curl -u test:test https://ci.example.com', 'curl -u user:pass https://api.example.com', 'curl -sL --user "$1:$2" "$3"', 'curl -u "${{ secrets.USER }}:${{ secrets.TOKEN }}" x',
    'token: ${{ secrets.NPM_TOKEN }}', 'password: ${{ secrets.DB_PASSWORD }}', 'API_KEY=YOUR_API_KEY', 'SECRET_KEY=your-secret-key-here', 'api_key = "xxx"',
    `https://example.com/items/${uuid()}/details`, `https://github.com/acme/app/commit/${g.str(ALPHA.hex, 40)}`, `see https://github.com/acme/app/blob/${g.str(ALPHA.hex, 40)}/src/app.ts#L10`,
    `golang.org/x/text v0.14.0 h1:${Buffer.from(g.str(ALPHA.an, 32)).toString('base64').slice(0, 43)}=`, `image sha256:${g.str(ALPHA.hex, 64)}`,
    `"checksum": "${g.str(ALPHA.hex, 128)}"`, 'https://deploy:****@git.example.com/acme/app.git', 'postgres://app:${DB_PASSWORD}@db:5432/app',
    'xoxb-0000000000-xxxxxxxxxxxxxxxxxxxxxxxx', `ghp_${'0'.repeat(36)}`, 'sk_live_aaaaaaaaaaaaaaaaaaaaaaaa', 'AKIAXXXXXXXXXXXXXXXX', 'token = "a1B2c3D4e5F6g7H8i9J0"',
    'password = "0123456789abcdef"', '-----BEGIN ENCRYPTED PRIVATE KEY-----', 'if (pem.startsWith("-----BEGIN PRIVATE KEY-----")) {', 'newPassword=this.mPassword',
    'token = options?.refreshToken', 'const token = tokens[index]', 'exports.formatToken = formatToken', "password: 'Password is required'", 'type Credentials = "include" | "omit"',
    'readFile("/etc/passwd", "utf8")', 'sign.sign(privateKey, "hex")', 'if (typeof token === "object") {', 'STENCIL_PASS_DEPTH_PASS: 0x8803',
    `assets/logo-${g.str(ALPHA.hex, 20)}.png`, `dist/app.${g.str(ALPHA.hex, 32)}.js`, `"tsc_Colon_The_TypeScript_Compiler_${g.int(1000, 9999)}": "TSC"`,
    'case v3_1.ZodFirstPartyTypeKind.ZodString:', `SN_id_Gost${g.int(10000, 99999)}_${g.int(10, 99)}_None_KeyMeshing`, 'implementation "io.jsonwebtoken:jjwt-jackson:0.11.2"',
    'openssl enc -aes-256-cbc -pass env:BACKUP_PASSWORD -in a.tar', 'openssl pkcs12 -passin file:pass.txt -in cert.p12', `VGhpcyBpcyBhbiBlbmNvZGVkIHN0cmluZw==`, `https://docs.example.com/api.html#${g.str(ALPHA.hex, 33)}`,
    '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQkGcN3Y2u8uT0aW3mYx3dZb1rXowCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----',
    `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${g.key(ALPHA.b64, 43)} ada@laptop`,
    `<public>-----BEGIN PUBLIC KEY-----\\n${g.key(ALPHA.b64, 64)}\\n-----END PUBLIC KEY-----</public>`,
    'private base64ToUint8Array;', 'private access to the repository', 'Access Denied for user deploy', 'protected access token refresh',
    'SharedAccessKeyName=[Shared Access Key Name goes here];SharedAccessKey=[Shared Access key goes here];',
    'apiKey=px-api-a1b2c3d4-e5f6-g7h8-i9j0-k1l2m3n4o5p6', 'deployKey: k9l8-m7n6-o5p4-q3r2-s1t0-u9v8', 'Bearer your-token-here', 'Authorization: Bearer {{access_token}}',
    `"packageManager": "pnpm@9.${g.int(0, 15)}.${g.int(0, 9)}+sha512.${g.str(ALPHA.hex, 128)}"`, `"packageManager": "yarn@4.${g.int(0, 9)}.${g.int(0, 9)}+sha224.${g.str(ALPHA.hex, 56)}"`,
    'password = "somefakekey"', 'PASSWORD_HINT = "must be at least 8 characters"', "password = 'not set'", 'password = "Enter a password"', 'token = "two words"', 'someotherpassword = "doesnt start right"', `header ${Buffer.from(g.oneOf(['{"alg":"HS256","typ":"JWT"}', '{"alg":"RS256","typ":"JWT","kid":"k1"}', '{"typ":"JWT","alg":"ES384"}'])).toString('base64url')} decoded`,
    `SAMPLE_KEY = ${Buffer.from(g.oneOf(['dummy text data for the test', 'lorem ipsum dolor sit amet', 'hello from the fixture file'])).toString('base64')}`,
  ];
}
