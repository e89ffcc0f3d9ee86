/**
 * Benign text that names a secret without holding one, by the way code and
 * documents write it: a secret bound to another variable, a call or a config
 * lookup; templating of Helm, Jinja, ERB, GitHub Actions, Terraform, Ansible,
 * CloudFormation, batch files; placeholders in documentation; identifiers,
 * digests and ids named as such (request ids, ETags, checksums listed by
 * `sha256sum`, IPFS content ids, go.sum and Cargo.lock lines, image digests);
 * relative file paths under a key's name. Values are generated, as in the rest
 * of the corpus.
 */
import { ALPHA } from './secret-corpus-providers.js';

interface Gen {
  str: (alphabet: string, n: number) => string;
  key: (alphabet: string, n: number) => string;
  int: (lo: number, hi: number) => number;
  oneOf: <T>(xs: readonly T[]) => T;
}

/** Code that reads a secret from somewhere else, in many languages. */
const CODE = [
  // A fallback, a setter, a sentence, a configuration line that hold no literal secret.
  "const secret = process.env.SESSION_SECRET || 'keyboard cat';", "const token = options.token ?? 'anonymous';", 'const port = process.env.PORT || 3000;',
  "const name = process.env.SECRET_NAME || 'prod/db-creds-2';", "SECRET_KEY = os.environ.get('SECRET_KEY') or 'change-me'", 'user.setPassword(password);',
  'client.setApiKey("YOUR_API_KEY");', 'builder.withToken(token).build();', "setTokenType('Bearer');", "client.setSecretName('prod-db-2');",
  'The token is invalid.', 'The API key is stored in Vault.', 'This token is v2.1.0-compatible.', 'The key is SHA256withRSA.', 'The password is PBKDF2WithHmacSHA256.', 'The token is base64url-encoded.', 'The password is at least 12 chars.',
  'the access token is sent in the header', 'The secret is base64Encoded before sending.', 'password required', 'secret v1.2.3', 'password get_password2',
  '     * Get the default password broker name.', 'Otherwise, the default password is not printed.', 'const InvalidToken = PasswordBroker::INVALID_TOKEN;',
  '$status = Password::RESET_LINK_SENT;', 'privateKey = "classpath:test-key.pem"', 'spring.ssl.bundle.pem.server.keystore.private-key=classpath:application.key',
  'ssl.setCertificatePrivateKey("classpath:test-key.pem");', 'messages go to the URL identified by `_endpoint`.', 'Users are identified by their email.',
  '| name | token | description |', '| --- | --- | --- |', 'npm config set registry https://registry.npmjs.org/', 'git config --global user.name "Ada Lovelace"',
  'variable "db_password" {\n  type      = string\n  sensitive = true\n}', 'private_key: |\n  -----BEGIN PUBLIC KEY-----', 'token: >-\n  none',
  '12:30:45:99:00', 'nobody:65534:65534:nobody:/nonexistent', 'created 2024-05-01 12:30:45 by ada',
  // Code read on real repositories: C's `->`, a composite literal, an expression, a call on a class, a template, an ARN, a constant named INTERNAL.
  'password = c->argv[j+2];', 'ExpectedCredentials: aws.Credentials{', '"password": &InputValue{', 'Credentials: map[string]*setup.HostCredential{',
  's3LockKey := s3StateKey + lockFileSuffix', 'password: OpenSSL::Digest::MD5.hexdigest(["dhh", "SuperSecret"].join(":")),',
  "test_password: Password123{{ lookup('password', '/dev/null length=8') }}", 'self._terminal.on_become(passwd=become_pass)',
  'in: "arn:aws:kms:us-west-2:111122223333:key/mrk-a835af0b39c94b86a21a8fc9535df681",', 'exports.INTERNAL_ERROR = -32603;', 'docs, man: openssl -k among the command-line passwords', 'psexec -p and -u take the credentials', '| token | 2024-01-01T00:00:00Z |', 'foo.c:10:5:warning:unused-variable', 'server.ts:120:15:error:TS2304',
  'https://acme.notion.site/API-BD80F56CDC1441E6BF6011AB6D852875', 'cdn/video_box.ico-7a388b69018576d24b59331fd60aab0c.png',
  'the token is PBKDF2WithHmacSHA256-derived', 'the secret is base64url-encoded', 'the secret is AES256GCM encrypted', 'the token is HS256-signed',
  'the cache key is 7f3a9c2e81b4d6f05a3c', 'the page token is CiAKGjBpNDd2Nmp1Z3RrM2x4', 'the next token is CiAKGjBpNDd2Nmp1Z3RrM2x4', '"NextToken": "CiAKGjBpNDd2Nmp1Z3RrM2x4"',
  'the CSRF token is CiAKGjBpNDd2Nmp1Z3RrM2x4', 'the public key is CiAKGjBpNDd2Nmp1Z3RrM2x4', 'the token is 550e8400-e29b-41d4-a716-446655440000', 'the token is sha256:3f786850e387550fdab836ed7e6dc881', 'the secret is k8s/secret.yaml', 'https://registry.example.com:5000/v2/library/alpine@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  'http://localhost:8080/-/@scope/pkg@1.2.3', 'token: ${GITHUB_TOKEN:?GITHUB_TOKEN2_is_required}', 'token: ${self:custom.token2Xk29fLmQ8v}', 'token: ${my-token2x9f3kqlm4zr}',
  'file://C:/Users/me/proj/node_modules/@types/node/index.d.ts', 'secrets:\n  - projects/my-proj-123456/secrets/db-pass-9f3k/versions/2',
  'secret_digests:\n  - sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', '"tokens": ["ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2"]',
  'credentials:\n  - aws\n  - gcp', 'passwords:\n  - required\n  - min:8', 'secret: ${JWT_SECRET:mySecretKey}', 'api-key: ${API_KEY:changeme}', '- POSTGRES_PASSWORD=${POSTGRES_PASSWORD:-postgres}', 'token: ${GITHUB_TOKEN:-}',
  'the token is now expired', 'password was changed to match the policy',
  'the password policy changed from 8 characters to 12', 'The session token was changed from 30m to 12h.', 'The token was updated from v1beta1 to v1', 'The API key was changed from 2FA to U2F.',
  'The pw was changed from utf8mb4 to latin1.', 'the token is VGhpcyBpcyBhbiBlbmNvZGVkIHN0cmluZw', 'the token format was changed from JWT to opaque', 'the token changed from v1.2.3 to v1.3.0',
  'I changed the password from the admin console to the CLI', 'the pw is in 1Password', 'the creds are in Vault under prod/db', 'the auth key is rotated nightly',
  'tokens = [token_a, token_b]', 'secrets: [DB_PASSWORD, API_KEY]', 'var tokens = []string{tokenA, tokenB}', 'api_keys = [os.getenv("A"), os.getenv("B")]',
  'passwords: [required, min8chars]', 'the secret is Sqlite3DefaultExpressionTest', 'the key is ED25519KeyPairKeyObjectOptions', 'the token is Nfsv4OpenDowngradeRequest',
  'the token is Http2SessionHandler', 'the token is BigInt64ArrayConstructor', '<meta name="description" content="Set &quot;token&quot; to &quot;auto&quot; to renew it">',
  'Tom &amp; Jerry said &quot;hello&quot; to the token holder', 'echo "${GITHUB_TOKEN}" | docker login ghcr.io -u bot --password-stdin', 'gh secret set DEPLOY_KEY --body "$DEPLOY_KEY"',
  'fly secrets set LOG_LEVEL=debug REGION=ams', 'aws secretsmanager create-secret --name prod/db --secret-string file://creds.json', 'echo "build finished" | grep -c secrets',
  'use gh secret set with --body to pass the value', 'kubectl create secret generic app --from-file=./config.json', '<option value="password">&#39;password&#39; field</option>',
  'the key was rotated to a new version', 'Secret was updated to v2.3.4-rc1', 'the secret has been set to kubernetes-secret-name-01', 'update the secret to my-app-secret-v2',
  'the session token was rotated to sha256:9f86d081884c7d659a2feaa0c55ad015', 'the secret was switched to aws/secretsmanager/prod/db', 'the token is now 550e8400-e29b-41d4-a716-446655440000',
  'the refresh token was rotated to refreshTokenV2Handler', 'the CSRF token was set to CiAKGjBpNDd2Nmp1Z3RrM2x4',
  'the token is x86_64-linux-gnu', 'the secret is utf8mb4_unicode_ci', 'the token was 2024-06-01T10:00:00Z', 'the password is at least 12 characters',
  'token, err := getToken(ctx, "default")', 'key, value = line.split("=", 1)', 'token, rest = tokens[0], tokens[1:]',
  'token_type = "bearer"', 'secret_name = prod-db-password-2024', 'token_id = "7c9e6679-7425-40de-944b-e07dc4f0f2a1"', 'tokenizer = Tokenizer4Bert2Large',
  'secret_santa_pairs = 12', '"credsStore": "desktop"', 'password_reset_path = "/account/reset"', 'TOKEN_EXPIRY_SECONDS: 3600',
  'app.log:12:ERROR:db:connection-refused', 't.password("v1.2.3")', "client.setSecret('prod-db-2')", 'const token = process.env.TOKEN || "test-token-123";',
  'return Visibility.INTERNAL;', 'auth: true', 'auth = required', '"auth": {"type": "oauth2"}', "<meta name=\"csrf-token\" content=\"x\">", 'pepper = 3 grinds', 'passcode: none', 'return PathType.Internal;',
  't.string :key, **connection.internal_string_options_for_primary_key', "test_user_hashed_password: \"{{ plaintext | password_hash('sha512') }}\"", 'password: file:/run/secrets/db', 'private_key: certs/server.key', 'password=/etc/app/db-password',
  'password = os.environ["DB_PASSWORD"]', 'password = os.environ.get("DB_PASSWORD", "")', "token = request.headers.get('Authorization')",
  'secret_key = settings.SECRET_KEY', 'SECRET_KEY = env("DJANGO_SECRET_KEY")', 'api_key = keyring.get_password("service", "user")',
  'password = getpass.getpass("Password: ")', 'self._token = kwargs.pop("token", None)', 'hashed_password = make_password(raw_password)',
  "const token = req.headers.authorization?.split(' ')[1];", "const apiKey = process.env.API_KEY ?? '';", 'const { password } = req.body;',
  "let accessToken = localStorage.getItem('access_token');", 'this.token = response.data.access_token;', 'export const API_KEY = import.meta.env.VITE_API_KEY;',
  "const clientSecret = core.getInput('client-secret', { required: true });", 'private readonly apiKey: string;', '@Input() password!: string;',
  'String password = System.getenv("DB_PASSWORD");', 'String token = request.getHeader("X-Auth-Token");', 'char[] password = console.readPassword();',
  '@Value("${jwt.secret}") private String jwtSecret;', 'String apiKey = properties.getProperty("api.key");', 'var token = configuration["Jwt:Key"];',
  'var password = Environment.GetEnvironmentVariable("DB_PASSWORD");', 'options.Password = Configuration.GetValue<string>("Redis:Password");',
  'password := os.Getenv("DB_PASSWORD")', 'secret := viper.GetString("auth.secret")', 'apiKey := r.Header.Get("X-API-Key")',
  'Password string `json:"password" yaml:"password"`', 'let token = std::env::var("GITHUB_TOKEN")?;', 'password = ENV.fetch("DB_PASSWORD")',
  'token = Rails.application.credentials.dig(:github, :token)', "config.api_key = ENV['STRIPE_API_KEY']", "$password = getenv('DB_PASSWORD');",
  "'password' => env('DB_PASSWORD', '')", '$token = $request->bearerToken();', 'PASSWORD=$(vault kv get -field=password secret/db)',
  'export GITHUB_TOKEN="$(cat ~/.config/gh/token)"', 'export AWS_SECRET_ACCESS_KEY=$AWS_SECRET', 'password="$1"', 'token=${1:?token required}',
  'set PASSWORD=%1', 'set TOKEN=%~2', '$password = Read-Host -AsSecureString', 'val password = BuildConfig.API_PASSWORD',
  'let apiKey = Bundle.main.object(forInfoDictionaryKey: "API_KEY") as? String', 'password <- Sys.getenv("DB_PASSWORD")', "my $password = $ENV{'DB_PASSWORD'};",
  'secret = secrets.token_hex(32)', 'private_key = serialization.load_pem_private_key(data, password=None)', 'token = self.tokens[self.pos]',
  'var Qe=function(){function e(t){this.token=t.accessToken,this.secret=t.clientSecret}return e}();', 'cy.get("#password").type(Cypress.env("PASSWORD"))',
  'env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef: {name: db, key: password}', '- name: API_TOKEN\n  value: ${API_TOKEN}',
'format_password = "prefix_{}".format(value)', 'db_password = f"{prefix}_{suffix}"', 'var password = $"{user}-{Env}";',
  'variable_password = "obj.aFunctionCall()";', 'ENV PASSWORD_FILE /run/secrets/db', 'ENV DRONE_TOKEN $TOKEN',
  'api_key=YourApiKeyHere', 'token=YOUR_TOKEN_HERE', 'password=ChangeMe123', 'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'token=MyExampleToken42',
  'pass: v1.2.3-rc1', 'pass: true', 'set -x PATH $HOME/bin $PATH', 'https://example.com:8080/#/login@foo', 'setenv EDITOR vim',
  '"password": "Passwort",', '"password": "Wachtwoord",', 'IAM_ROLE_STATEMENTS_TOKEN = \'iamRoleStatements\'', 'const TOKEN_KEY = "authToken";',
  "'Slack Token': 'CKV_SECRET_14',", 'creation_token = "my-product"',
  '<param name="password_length">12</param>', '<label name="password">Enter your password</label>', '{"value": "12", "name": "DB_PASSWORD_LENGTH"}',
  '- value: ${DB_PASSWORD}\n  name: DB_PASSWORD', '<input name="password" value="">',
  'OPENAI_API_KEY=sk-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst', 'sk-1234567890abcdefghijT3BlbkFJ1234567890abcdefghij',
  'pw = width*2+pad1', 'pass: offset+len*4',
  '<string name="token">Jeton</string>', '<string name="secret">Geheimnis</string>', '<entry key="password">Kennwort</entry>',
  'DEPLOY_KEY=SalesResultsQuarterly2', 'cache_key = UserProfileSettingsV2',
    '{"key": "password", "value": ""}', 'bypass: true', "if ('' == password) {", 'if ("" !== token) return;',
  'ssh_key_path = "~/.ssh/id_ed25519"', 'password_file: /run/secrets/db_password', 'TOKEN_URL = "https://oauth2.googleapis.com/token"',
  'password = dbpassword', 'confirmPassword: "asdfg",', 'password: qwerty123', 'DB_PASSWORD=testpassword', "createToken('SEMVER', '^v?(\\\\d+)\\\\.(\\\\d+)$')",
  "const derived = pbkdf2Sync('secret', 'salt', 100000, 64, 'sha512');", 'encryptedKey = decodeBase64url(encodedKey, "encrypted_key", JWEInvalid);',
  'url.parse("https://anonymous:guest@ftp.example.org/pub/file.txt")', 'xdr.writeUnsignedInt(2 /* FhExpireType.FH4_VOLATILE_ANY */);',
  '$ crc32 --unsigned ~/Downloads/IE8.Win7.For.Windows.VMware.zip',
  'const TYPED = /^\\[object (?:Int8|Uint8|Uint8Clamped|Int16|Uint16|Int32|Uint32|Float32|Float64|BigInt64)Array\\]$/;',
  'ftp.user = "anonymous";\nftp.password = "guest@example";', 'username: anonymous\npassword: me@home',
  '"s3_key": "uploads/2024/01/report.pdf"', 'private_key_file = "certs/server.key"', 'key: "fixtures/keys/test_signing.pem"',
  // A one-dash option (`-password`), an escaped reference, where a secret is kept (an ARN), a name every Docker host has.
  '"conn_options": "-host mysql -user root -password \'123456\' -port 3306 ",', 'echo mysql -u user -h127.0.0.1 --password=\\$ENVVAR',
  'x = $"Data Source={cfg["Host"]};password={cfg["ShopGoPassword"]};Max Pool Size=1000";', 'SqlSettings = "mysql://mmuser:obfuscated@localhost/mattermost_test"',
  'password=getpass()', 'TOKEN=compute(x1+y)', 'SECRET=hash(salt1+pepper)', 'DEBUG = env("DEBUG", default="false")', "TOKEN_TTL = config('TOKEN_TTL', default='3600')",
  'spring.datasource.password=arn:aws:secretsmanager:eu-west-2:660254676590:secret:dev/postgresql-WEHbH0',
  "'DRIVER={ODBC Driver 17 for SQL Server};SERVER=host.docker.internal;DATABASE=bikes;Uid=root;Pwd=root'",
  // A provider's name in the address of its service names no value there.
  '<verbosegc xmlns="http://www.ibm.com/j9/verbosegc" version="R27_Java727_SR1_20140707_1408_B205525_CMPRSS">',
  'Alamofire.request("https://api.clarifai.com/v2/models/c76825c96cbac79521a200cb54b7f09b/outputs",',
  // Public keys as the base64 of their DER (SubjectPublicKeyInfo of P-256 and of RSA, and PKCS #1's RSAPublicKey).
  'const ecPub = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEP4BQnj5bN75qm1kFgfPyGAQGNXS918eWJUJoISTC5ay+T95dSAJ9n71ub+dmJSd90e8BsNh7/mgjVYsDd8lAbA==";',
  'PUBLIC_KEY=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC3iJY6eJwM54/wBlGaap12Wp+8mRYdDRdfiUOHBOAe3zAXl+o1IZb4qjg4X/Maa2zw8qPYXjt3cF2WtbR/XoOBoJhb/ErV1zlCuyulFWJgrINEGF2D/DKf3vZjiTJwL4KdAMFy4zTqzLfKgBYmdZyh/y/heOF4FoXoYjOCeFpXlwIDAQAB',
  'rsa = "MIGJAoGBAK6PenHM2g4b/wfzTyIWdjU/cEjdKmUVtIsfhA9YyWAogpeLpV+Z5EmpPerSclXIF1BasHoXoGieFW6Ncq0vGbVm1KpeV/etFxBjTBD50qmYhz2cWbGubFfWlyNvu/vW5rqdCC6+eyt3gQIG8lPweh8az9rUzTFL98OYMnPE3o/XAgMBAAE="',
];

/** Templating and configuration references. */
const TEMPLATES = [
  'password: {{ .Values.postgresql.auth.password | quote }}', 'token: {{ required "token is required" .Values.token }}',
  'ansible_become_password: "{{ vault_become_pass }}"', "mysql_root_password: \"{{ lookup('env', 'MYSQL_ROOT_PASSWORD') }}\"",
  'password = "<%= @db_password %>"', 'secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>', 'password = var.db_password',
  'token    = data.vault_generic_secret.api.data["token"]', 'master_password = random_password.db.result', 'api_key = "${var.api_key}"',
  'GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}', 'token: ${{ github.token }}', 'password: ${{ steps.creds.outputs.password }}',
  'password: $(DbPassword)', 'password: "%DB_PASSWORD%"', 'password=@PASSWORD@', 'password: __DB_PASSWORD__', "password: '#{DbPassword}#'",
  'password: ${env:DB_PASSWORD}', 'password: ${ssm:/prod/db/password}', 'api_key: !Ref ApiKey', 'password: "[[ .DbPassword ]]"',
  'password = ((db_password))', 'password: (( grab meta.password ))', 'token: {{{token}}}', "password={{ pillar['db']['password'] }}",
  'git clone https://$TOKEN@github.com/acme/app', 'https://oauth2:$CI_JOB_TOKEN@gitlab.example.com/acme/app.git',
  "SECRET_KEY = 'django-insecure-change-me'", 'DB_PASSWORD=change-me',
  'docker run -e POSTGRES_PASSWORD=postgres -p 5432:5432 postgres:16', 'RABBITMQ_DEFAULT_PASS: rabbitmq', 'JWT_SECRET: change-this-in-production',
  'keystore.password=changeit',
];

/** Ids and digests named as what they are, and documented example keys. */
function idsAndDigests(g: Gen): string[] {
  const hex = (n: number) => g.str(ALPHA.hex, n);
  const b64 = (n: number) => Buffer.from(g.str(ALPHA.an, n)).toString('base64');
  const b58 = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789';
  return [
    `${hex(32)}  release.iso`, `${hex(64)}  node-v20.11.0-linux-x64.tar.xz`, `${hex(40).toUpperCase()} *setup.exe`, `${hex(128)}  app.tar.gz`,
    `etag: W/"${hex(32)}"`, `ETag: "${hex(32)}"`, `"nonce": "${hex(32)}"`, `request_id=${hex(32)}`, `trace_id: ${hex(32)}`,
    `traceparent: 00-${hex(32)}-${hex(16)}-01`, `X-Request-ID: ${hex(32)}`, `"correlationId": "${g.key(ALPHA.an, 32)}"`, `"id": "${hex(32)}"`,
    `blake2b: ${hex(128)}`, `sha3-256: ${hex(64)}`, `Cid: Qm${g.str(b58, 44)}`, `https://sentry.example.com/issues/?query=${hex(32)}`,
    `golang.org/x/sys v0.15.0/go.mod h1:${b64(32).slice(0, 43)}=`, `checksum = "${hex(64)}"`, `FROM node:20-alpine@sha256:${hex(64)}`,
    `aws_secret_access_key = ${g.key(ALPHA.b64, 32)}EXAMPLEKEY`, `client_secret: ${g.key(ALPHA.an, 25)}EXAMPLE`,
    `csrf-token=${g.key(ALPHA.b64, 86)}==`, `<meta name="csrf-token" content="${g.key(ALPHA.an, 43)}">`, `authenticity_token=${g.key(ALPHA.an, 43)}`,
    `expect(md5hex.parse("${hex(32)}")).toBe("${hex(32)}");`, `sha256base64: "${b64(32).slice(0, 43)}="`, `const pubkey256 = '${b64(32).slice(0, 43)}=';`,
    `code_challenge: '${g.key(ALPHA.url, 43)}'`,
    `<meta name="google-site-verification" content="${g.key(ALPHA.url, 43)}" />`, `<meta name="msvalidate.01" content="${g.str(ALPHA.HEX, 32)}" />`,
    `"thumbnail": "/9j/4AAQSkZJRgABAQAAAQABAAD/${g.key(ALPHA.b64, 120)}"`, `"logo": "iVBORw0KGgoAAAANSUhEUgAA${g.key(ALPHA.b64, 80)}"`,
    `cache-key: node-modules-${hex(64)}`, `Idempotency-Key: ${hex(32)}`, `Sec-WebSocket-Key: ${b64(16)}`, `"next_page_token": "${g.key(ALPHA.url, 60)}"`,
    `"pageToken": "${g.key(ALPHA.an, 48)}"`, `"cursor": "${g.key(ALPHA.b64, 56)}=="`, `state=${g.key(ALPHA.url, 32)}&code_challenge_method=S256`,
    `gpg: Signature made Mon 15 Jan 2024 using RSA key ${g.str(ALPHA.HEX, 40)}`, `"n": "${g.key(ALPHA.url, 342)}", "e": "AQAB"`,
    `"x": "${g.key(ALPHA.url, 43)}", "y": "${g.key(ALPHA.url, 43)}", "crv": "P-256"`, `x-amz-id-2: ${g.key(ALPHA.b64, 75)}=`,
    'vault kv put secret/app password=@password.txt', 'curl -d @- -H "X-Api-Key: $KEY" https://api.example.com',
    `aws_secret_access_key:${g.key(ALPHA.b64, 33)}FAKEKEY`, `aws_secret_access_key = ${g.key(ALPHA.b64, 34)}SAMPLE`, 'def connect(password="helloworld"):',
    'password = "this-is-probably-a-test"', 'password: not_a_real_password',
    `userid: ${g.key(ALPHA.an, 36)}`, `"tenantId": "${g.key(ALPHA.an, 32)}"`, 'notes = "Maven - io.jsonwebtoken:jjwt-api-0.11.5"',
  ];
}

/** Made-up keys in a provider's shape that say so: a marker word inside the random part. */
function markedKeys(g: Gen): string[] {
  const an = (n: number) => g.key(ALPHA.an, n);
  return [
    `ghp_${an(10)}DUMMY${an(21)}`, `sk-proj-${an(40)}NotARealKey${an(30)}`, `xoxb-${g.str(ALPHA.d, 12)}-${an(10)}EXAMPLE${an(7)}`,
    `ops_${an(8)}PLACEHOLDER${an(40)}`, `deploy token ${an(16)}SAMPLE${an(16)}`, `sk-${an(20)}FAKEKEY${an(20)}`,
  ];
}

export function benignCodeAndReferences(g: Gen): string[] {
  return [...CODE, ...TEMPLATES, ...idsAndDigests(g), ...markedKeys(g)];
}
