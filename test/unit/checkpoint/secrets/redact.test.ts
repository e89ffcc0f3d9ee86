import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_RULES, hasSecret, redactRecordText, redactText } from '../../../../src/checkpoint/secrets/redact.js';
import { emptyContent, type GitState } from '../../../../src/checkpoint/record/schema.js';
import { makeMemCli } from '../../../helpers/mem-cli.js';
import { benignSamples, makeGen, secretSamples } from '../../../helpers/secret-corpus.js';

const redact = (text: string) => {
  const counts: Record<string, number> = {};
  return { out: redactText(text, counts), counts };
};

describe('redactText', () => {
  const g = makeGen(3);
  const gh = `ghp_${g.key('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 36)}`;

  it.each([
    ['a provider token, whole', `use ${gh} now`, 'use [REDACTED:github-token] now', { 'github-token': 1 }],
    ['a key=value credential, keeping the key', 'DB_PASSWORD=s3cr3t-Value!', 'DB_PASSWORD=[REDACTED:password]', { password: 1 }],
    ['a quoted literal in code', 'password = "hunter2hunter2"', 'password = "[REDACTED:password]"', { password: 1 }],
    ['credentials in a URL, keeping scheme and host', 'https://bot:pa55word@git.example.com/x', 'https://[REDACTED:url-credentials]@git.example.com/x', { 'url-credentials': 1 }],
    ['an internal host and a private address', 'db.prod.internal at 10.2.3.4', '[REDACTED:internal-host] at [REDACTED:private-ip]', { 'internal-host': 1, 'private-ip': 1 }],
    ['two emails counted twice', 'a.b@acme.com, c.d@acme.com', '[REDACTED:email], [REDACTED:email]', { email: 2 }],
    ['a PEM block cut off before its end', '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC', '[REDACTED:private-key]', { 'private-key': 1 }],
    // Named by its provider, a value in the provider's shape is taken whatever its case, and even typed in sequence.
    ['a provider-named value typed in sequence', 'SNYK_TOKEN="87654321-DCBA-DCBA-DCBA-0987654321FE"', 'SNYK_TOKEN="[REDACTED:snyk-token]"', { 'snyk-token': 1 }],
    ['a provider-named value in capitals', `HEROKU_KEY: ${'9F3A61C2-7B4D-4E8A-A1C5-3D2E6F7089B4'}`, 'HEROKU_KEY: [REDACTED:heroku-key]', { 'heroku-key': 1 }],
    // After a provider's prefix of three letters and a separator, a body typed in sequence is still a token of that provider.
    ['a prefixed token typed in sequence', 'GROQ_KEY gsk_aBcDeFgHiJkLmNoPqRsT1234567890abcdefghijklmnopqrstuv', 'GROQ_KEY [REDACTED:groq-key]', { 'groq-key': 1 }],
    ['a JWT encoded again in base64', `X-Auth: ${Buffer.from('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEiLCJpYXQiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLW9mLXRoaXMtdG9rZW4').toString('base64')}`, 'X-Auth: [REDACTED:jwt]', { jwt: 1 }],
    ['words as the password of an .npmrc scope', '//npm.example.com/repo/:_auth=CorrectHorseBatteryStaple', '//npm.example.com/repo/:_auth=[REDACTED:password]', { password: 1 }],
    ['several names given several values, after another statement on the line', 'x = 1; user, token := "bob", "ghx7Kp2Lm9Qr4St6Vw" }', 'x = 1; user, token := "bob", "[REDACTED:password]" }', { password: 1 }],
    // A secret is redacted whole, never in part: the end of a GitLab routable token, the password after a Bearer token's `:`, a
    // line's value up to a comment after it, a second copy of a value another rule read in part, stars inside a password.
    ['a GitLab routable token, its version and checksum too', 'gitlab_token: glrt-t7_6wo2fdq7dh5s4yvjqt18owb75zj.fg7afjo56', 'gitlab_token: [REDACTED:gitlab-token]', { 'gitlab-token': 1 }],
    ['a Bearer token of a user and a password', 'Authorization: Bearer customer-ytESOCaL1aAHcTJ8N:3zAAw4x0g2B7ztTxjFoc3', 'Authorization: Bearer [REDACTED:bearer-token]', { 'bearer-token': 1 }],
    ["a line's password holding an ampersand, a comment after it", '# tower_token=@gAdtFo%B!tcnSl+A-Rt5xEuxu&LLVA0y+@oNZhSj4EWn1nb  # ansible tower',
      '# tower_token=[REDACTED:password]  # ansible tower', { password: 1 }],
    ['a value named once and repeated, the repeat read in part by another rule', "optimizely token = 'KUoABcy4vAON5IDR1AskOXAjwrlcoz2IiNYKj8:ocjGep7tW9WMHS7' | 'KUoABcy4vAON5IDR1AskOXAjwrlcoz2IiNYKj8:ocjGep7tW9WMHS7'",
      "optimizely token = '[REDACTED:password]' | '[REDACTED:password]'", { password: 2 }],
    ['a password that holds stars of its own', 'connect(user="app", password="a3SoPCfEn35mkb^1***")', 'connect(user="app", password="[REDACTED:password]")', { password: 1 }],
    // A one-letter name is a JSON Web Key's public coordinate only at a coordinate's length: other values under it are judged.
    ['a random value under a one-letter name', 'x: hf_9X3kQp7VbT2hYRzNcMfWj4DgEsLuHaIoBn y', 'x: [REDACTED:high-entropy] y', { 'high-entropy': 1 }],
    ['a random run at the end of a sentence', 'Deploy with ck_0a6efc600fa229b936e33cb2e62710fe11c2409e.', 'Deploy with [REDACTED:high-entropy].', { 'high-entropy': 1 }],
    ['a value named by its own rule, and seen before as random: each keeps its reason', 'seen q8Zk2Lm7Qp4Rt8Vw3Yz6Hb1Nc5Xd9Fg0Js4Kt7Pw end\nAWS_SECRET_ACCESS_KEY=q8Zk2Lm7Qp4Rt8Vw3Yz6Hb1Nc5Xd9Fg0Js4Kt7Pw',
      'seen [REDACTED:high-entropy] end\nAWS_SECRET_ACCESS_KEY=[REDACTED:aws-key]', { 'high-entropy': 1, 'aws-key': 1 }],
    // (A body of base64 longer than the format's longest match is not cut at a `+` or `/` inside it.)
    ['a short-lived Amazon Bedrock key of 3,200 characters', `I used bedrock-api-key-${Buffer.from(Array.from({ length: 2400 }, (_, i) => (i * 7919) % 256)).toString('base64')} today`,
      'I used [REDACTED:aws-bedrock-key] today', { 'aws-bedrock-key': 1 }],
    ['a short-lived Amazon Bedrock key', 'AWS_BEARER_TOKEN_BEDROCK=bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249Q2FsbFdpdGhCZWFyZXJUb2tlbg==',
      'AWS_BEARER_TOKEN_BEDROCK=[REDACTED:aws-bedrock-key]', { 'aws-bedrock-key': 1 }],
    ['a Slack token of two numbers', 'legacy: xoxa-23984754863-2348975623111', 'legacy: [REDACTED:slack-token]', { 'slack-token': 1 }],
    // Text whose line breaks are written out (a command's output in a JSON string): each line's key and value as on lines of their own.
    ['lines of a JSON string', '{"stdout":"DB_PASSWORD=Xk29fLmQ8vRtA1zz\\nLOG_LEVEL=info\\nSECRET_KEY=Qw2Er5Ty7Ui9Op1As3\\n"}',
      '{"stdout":"DB_PASSWORD=[REDACTED:password]\\nLOG_LEVEL=info\\nSECRET_KEY=[REDACTED:password]\\n"}', { password: 2 }],
    ['a provider token after a written-out line break', `{"out":"token:\\n${gh}\\n"}`, '{"out":"token:\\n[REDACTED:github-token]\\n"}', { 'github-token': 1 }],
    ['lines of a JSON string inside another', '{"log":"{\\"stdout\\":\\"password: Xk29fLmQ8vRtA1zz\\\\nLOG_LEVEL=info\\"}"}',
      '{"log":"{\\"stdout\\":\\"password: [REDACTED:password]\\\\nLOG_LEVEL=info\\"}"}', { password: 1 }],
    // … and a value that holds a backslash and a letter of its own (`\\t` inside a quoted password) is read as written too.
    ['a quoted password holding a written-out tab', "DB_PASSWORD='Kx9#mQ2$vL8\\tpR4z'", "DB_PASSWORD='[REDACTED:password]'", { password: 1 }],
    ['a list inside a JSON string, to its last item', '{"out":"passwords:\\n  - a9F3kLmQ2xR7tVb1\\n  - Z8idYAHm9XIrAfY9V\\n"}',
      '{"out":"passwords:\\n  - [REDACTED:password]\\n  - [REDACTED:password]\\n"}', { password: 2 }],
    ['a value with a closing brace of its own, in quotes', 'password = "aB3$xY9}"', 'password = "[REDACTED:password]"', { password: 1 }],
    ["Gradle's buildConfigField with the literal's quotes escaped, and Ruby's ||=", 'buildConfigField("String", "API_KEY", "\\"BUQDQcd1WrrxUzjKBLSjn7Gg\\"")\nENV[\'STRIPE_SECRET\'] ||= \'kAEb8mCiCa1MhjoEfSmchlEt\'',
      'buildConfigField("String", "API_KEY", "\\"[REDACTED:password]\\"")\nENV[\'STRIPE_SECRET\'] ||= \'[REDACTED:password]\'', { password: 2 }],
    // A password as people type one, in a sentence after a password's name, with or without its verb.
    ['a password typed in a sentence', 'the password is hunter2\nuse password hunter2x9 to log in\nRemember: root password on the NAS is Qx3vY8hK.',
      'the password is [REDACTED:password]\nuse password [REDACTED:password] to log in\nRemember: root password on the NAS is [REDACTED:password].', { password: 3 }],
    // A JSON Web Key's private members, whatever their shape (a prime is no run of high entropy to every reading), and a wallet's phrase.
    ['the private members of a JSON Web Key, not its public ones',
      '{"kty":"RSA","n":"hapl6QttO_zCNuRoOUADyvTi3dBE6Xr5XieqoEWa4l3rox2t87PAaSdEGLgTiWcC0fkZZVuTvBeG6o5iZaDCMcu-C5bAiCuQsuY9tBSILkM-E5g95LdwyiD1Bkmp1acWwQgowjp43SrS2HVGhwvj-BqNZ5Fhhr6XYnQwCCLm26vhPfv9IkQvuxPMRySgGPtGF0KSKh6pNByPkoVBjNs9JmkcpsjOPRKixyFl6QPH9SUx6Or6V24a7SMUmj45YVe-k3BpT7GyglW3NOu_txJIDTUSttPYKpAPu2Wwo1GzBvMsUSCfgZiw1LNh6oR89i8VILhuJ0gfRHyg9HgDU0dBYU","e":"AQAB","d":"Kn9P_x-2Q7vLmZ8rT4sW1yB6","q":"2-_Lfh_N5OW_q7gnZScZoUtLVkJFNAjX"}\n{ kty: \'oct\', k: \'GawgguFyGrWKav7AX4VKUg\' }',
      '{"kty":"RSA","n":"hapl6QttO_zCNuRoOUADyvTi3dBE6Xr5XieqoEWa4l3rox2t87PAaSdEGLgTiWcC0fkZZVuTvBeG6o5iZaDCMcu-C5bAiCuQsuY9tBSILkM-E5g95LdwyiD1Bkmp1acWwQgowjp43SrS2HVGhwvj-BqNZ5Fhhr6XYnQwCCLm26vhPfv9IkQvuxPMRySgGPtGF0KSKh6pNByPkoVBjNs9JmkcpsjOPRKixyFl6QPH9SUx6Or6V24a7SMUmj45YVe-k3BpT7GyglW3NOu_txJIDTUSttPYKpAPu2Wwo1GzBvMsUSCfgZiw1LNh6oR89i8VILhuJ0gfRHyg9HgDU0dBYU","e":"AQAB","d":"[REDACTED:private-key]","q":"[REDACTED:private-key]"}\n{ kty: \'oct\', k: \'[REDACTED:private-key]\' }',
      { 'private-key': 3 }],
    ["a wallet's recovery phrase after its name", 'MNEMONIC="legal winner thank year wave sausage worth useful legal winner thank yellow"',
      'MNEMONIC="[REDACTED:password]"', { password: 1 }],
    // A key named for a secret whose value is an entry of its own, the literal in its `value` or `default` field.
    ["an Azure parameter file's password", '"adminUsername": {\n  "value": "azureuser"\n},\n"adminPassword": {\n  "value": "zxYU+JE1fDgzeXDuOkZp"\n}',
      '"adminUsername": {\n  "value": "azureuser"\n},\n"adminPassword": {\n  "value": "[REDACTED:password]"\n}', { password: 1 }],
    ["Terraform's sensitive output, and CloudFormation's parameter on one line", '"db_password": {\n  "sensitive": true,\n  "type": "string",\n  "value": "Vq8#pL2m!xR4tZ9w"\n},\n"DBPassword": {"Type": "String", "NoEcho": "true", "Default": "Hq7Lm2pRt9zG"}',
      '"db_password": {\n  "sensitive": true,\n  "type": "string",\n  "value": "[REDACTED:password]"\n},\n"DBPassword": {"Type": "String", "NoEcho": "true", "Default": "[REDACTED:password]"}', { password: 2 }],
    ["a property list's secret, its key's name then its string", '<key>CFBundleName</key>\n<string>MyApp</string>\n<key>ClientSecret</key>\n<string>SnpeLfUY7lhzbni8EuUftLvU</string>',
      '<key>CFBundleName</key>\n<string>MyApp</string>\n<key>ClientSecret</key>\n<string>[REDACTED:password]</string>', { password: 1 }],
    ["a password in the Value element of a Windows answer file", '<AdministratorPassword>\n  <Value>JWoLCam4hoBILB</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>',
      '<AdministratorPassword>\n  <Value>[REDACTED:password]</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>', { password: 1 }],
    ["a CloudFormation parameter's default in YAML, not a sibling's value", 'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: zxYU+JE1fDgzeXDuOkZp\n  DBUser:\n    Default: admin',
      'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: [REDACTED:password]\n  DBUser:\n    Default: admin', { password: 1 }],
    // What a command that prints a secret printed, pasted from a terminal: the lines after it that hold one word each.
    ['what openssl rand printed', '$ openssl rand -hex 32\n9f2c4e7a1b3d5f6e8a0c2b4d6f8e1a3c5b7d9f0e2a4c6b8d0f1e3a5c7b9d2f4e\n$ ls',
      '$ openssl rand -hex 32\n[REDACTED:password]\n$ ls', { password: 1 }],
    ['a token a login printed after its warnings, behind a prompt of oh-my-zsh', '➜  app git:(main) ✗ heroku auth:token\n ›   Warning: token will expire 12/04/2027\na4f1c2e8-7b3d-4e9a-8c6f-2d1b5e0a9f73',
      '➜  app git:(main) ✗ heroku auth:token\n ›   Warning: token will expire 12/04/2027\n[REDACTED:password]', { password: 1 }],
    ['passwords read out of a store and a Kubernetes secret', "me@box:~$ pass show email/work\nTr0ub4dor&3\nme@box:~$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\nS3cr3tPassw0rd",
      "me@box:~$ pass show email/work\n[REDACTED:password]\nme@box:~$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\n[REDACTED:password]", { password: 2 }],
    ['a variable and a file named for a secret, echoed', 'PS C:\\> Get-Content .\\api_token.txt\nWq9zPm2LkXv7Rt3N\n$ printenv DB_PASSWORD\n"Vq8#pL2m!xR4tZ9w"',
      'PS C:\\> Get-Content .\\api_token.txt\n[REDACTED:password]\n$ printenv DB_PASSWORD\n"[REDACTED:password]"', { password: 2 }],
    ["a stored secret or a secret's setting printed by its store", '$ gcloud secrets versions access latest --secret=db\nVq8pL2mxR4tZ9wKd\n$ terraform output -raw db_password\nHq7Lm2pRt9zG4dl3',
      '$ gcloud secrets versions access latest --secret=db\n[REDACTED:password]\n$ terraform output -raw db_password\n[REDACTED:password]', { password: 2 }],
    ["a store's password in small letters, behind zsh's and fish's prompts, lines ended by CRLF", 'me@box ~ % pass show wifi\r\ncorrecthorse\r\nme@box ~/src> op read op://Private/db/password\r\nHq7Lm2pRt9zG\r\n',
      'me@box ~ % pass show wifi\r\n[REDACTED:password]\r\nme@box ~/src> op read op://Private/db/password\r\n[REDACTED:password]\r\n', { password: 2 }],
    ['a file named for a secret read in a container, and by another user', '$ docker exec db cat /run/secrets/db_password\nHq7Lm2pRt9zG4dl3S1gn\n$ sudo -u app cat /srv/app/api_token\nZk2n4R8sFvQ1pL0mX7cW',
      '$ docker exec db cat /run/secrets/db_password\n[REDACTED:password]\n$ sudo -u app cat /srv/app/api_token\n[REDACTED:password]', { password: 2 }],
    ['several words printed one to a line', '$ pwgen -1 12 3\nahl7OhphEiqu\nquieZ2aiOoza\ne4chZoh9ieRa\n\nthat is all',
      '$ pwgen -1 12 3\n[REDACTED:password]\n[REDACTED:password]\n[REDACTED:password]\n\nthat is all', { password: 3 }],
    ['a PostgreSQL password file with CRLF line ends', '# ~/.pgpass\r\nlocalhost:5432:*:app:Q3KJx9Lm2Vb7\r\n', '# ~/.pgpass\r\nlocalhost:5432:*:app:[REDACTED:password]\r\n', { password: 1 }],
    ['a password in backquotes in a sentence', 'the token is `Xk29fLmQ8vRtA1zzQ0pP`', 'the token is `[REDACTED:password]`', { password: 1 }],
    ['a name and its value as fields of a JSON string inside another', '{"env": "{\\"name\\": \\"DB_PASSWORD\\", \\"value\\": \\"Xk29fLmQ8vRtA1zz\\"}"}',
      '{"env": "{\\"name\\": \\"DB_PASSWORD\\", \\"value\\": \\"[REDACTED:password]\\"}"}', { password: 1 }],
    // (An unquoted value ends before the backslash of an escaped quote: what is left is a reference, and is kept.)
    ['a secret beside a reference, in a JSON string inside another', '{"log":"{\\"out\\":\\"password=Xk29fLmQ8vRtA1zz token=$GITHUB_TOKEN\\"}"}',
      '{"log":"{\\"out\\":\\"password=[REDACTED:password] token=$GITHUB_TOKEN\\"}"}', { password: 1 }],
    ['a sentence with its quotes escaped', '{"text":"the password is \\"Xk29fLmQ8vRt!\\""}', '{"text":"the password is \\"[REDACTED:password]\\""}', { password: 1 }],
    // A sentence that changes a key names both values: the old one is still a credential until it is revoked.
    ['the old and the new value of a changed password', 'I changed the db password from Kx9#mQ2vL8pR to Tr5@nB7wQ3zYa8', 'I changed the db password from [REDACTED:password] to [REDACTED:password]', { password: 2 }],
    ['a password changed through an arrow, each ending in a symbol', 'changed the password from Xk29fL@mQ8v! -> Summer2024!Qx', 'changed the password from [REDACTED:password] -> [REDACTED:password]', { password: 2 }],
    ['a rotated token, its new value cut off', 'the token was rotated from Xk29fLmQ8vRtA1zz to Qw2Er5…', 'the token was rotated from [REDACTED:password] to Qw2Er5…', { password: 1 }],
    ['a password given by its short name in a sentence', 'my pw is Kx9#mQ2vL8pR, the creds are Tr5nB7wQ3zYa8Lm2', 'my pw is [REDACTED:password], the creds are [REDACTED:password]', { password: 2 }],
    // A generated value whose letters fall, by chance, into two capitalised runs with vowels: the runs hold pairs no word holds (`Gz`, `qj`).
    ['a generated value in a sentence that reads, in part, like two words', 'the token is 3Gz6EPEZVrayIfsa6jek6tEqj', 'the token is [REDACTED:password]', { password: 1 }],
    // (Two capitalised runs whose only vowel is `y`, `ZynrSevu`, are no words; nor does a value that turns seldom read as a name when it holds two pairs no word holds, `xf`… `vn`.)
    ['generated values in sentences that turn seldom or hold capitalised runs', 'the token is dHUyZynrSevuD11ekPx0CbP; the api key is 4idJIObfJdxxfprunvoOHe',
      'the token is [REDACTED:password]; the api key is [REDACTED:password]', { password: 2 }],
    ['values given to other commands that store secrets', 'vercel secrets add my-key Kx9mQ2vL8pRt4Zw\nansible-vault encrypt_string Tr5nB7wQ3zYa8Lm2 --name db\naws secretsmanager create-secret --name prod --secret-string Qw2Er5Ty7Ui9Op1As3',
      'vercel secrets add my-key [REDACTED:password]\nansible-vault encrypt_string [REDACTED:password] --name db\naws secretsmanager create-secret --name prod --secret-string [REDACTED:password]', { password: 3 }],
    // The key names a reference's variable: its default is the value, up to the reference's end (the URL around it is kept).
    ['the default of a reference named for a password, inside a URL', 'DATABASE_URL: postgresql://${DB_USER:-app}:${DB_PASSWORD:-Y6BV6IgbI51aEBH0}@${DB_HOST:-db}:5432/app',
      'DATABASE_URL: postgresql://${DB_USER:-app}:${DB_PASSWORD:-[REDACTED:password]}@${DB_HOST:-db}:5432/app', { password: 1 }],
    ["an env file's generated key holding brackets and a comment mark", 'DEBUG=True\nSECRET_KEY=r&lvybzry1*k+qq)=x-!=0yd5l5#1gxzk!82@ru25*ntos3_9^\nALLOWED_HOSTS=""',
      'DEBUG=True\nSECRET_KEY=[REDACTED:password]\nALLOWED_HOSTS=""', { password: 1 }],
    // … whatever the line's operator, and whole: a value cut at its first bracket or `&` would leave the rest of it in the text.
    ["a line's password holding brackets or an ampersand, whatever its operator", 'password = p@ss(w0rd)9\nsecret_key: r&lv(by)zr#1*k+9q\nENV API_TOKEN=uY7p#&0k08rwkE',
      'password = [REDACTED:password]\nsecret_key: [REDACTED:password]\nENV API_TOKEN=[REDACTED:password]', { password: 3 }],
    ['the default of a setting read by its name', 'SECRET_KEY = env("SECRET_KEY", default="d&lvybzry1*k+qq)=x-!=0yd5l5#1gxzk!82@ru25")',
      'SECRET_KEY = env("SECRET_KEY", default="[REDACTED:password]")', { password: 1 }],
    // A run of over 1,000 characters is embedded data, unless a key names it: OAuth refresh tokens run to 1,500.
    ['a refresh token longer than any other credential, after its key', `"refresh_token": "1.${g.key('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-', 1200)}"`,
      '"refresh_token": "[REDACTED:high-entropy]"', { 'high-entropy': 1 }],
    ['a token given as the user of a URL, without a password', 'git clone https://9166e8318506a30d43d7a30c76a788fc0ad57a98@github.com/acme/repo.git',
      'git clone https://[REDACTED:url-credentials]@github.com/acme/repo.git', { 'url-credentials': 1 }],
    ['a value named by its provider and glued to the name by `=`', 'env:\n- BUNDLE_GEMS__CONTRIBSYS__COM=27ec5ba1:68d13f79',
      'env:\n- BUNDLE_GEMS__CONTRIBSYS__COM=[REDACTED:sidekiq-secret]', { 'sidekiq-secret': 1 }],
    ["an Alibaba AccessKey id of an older account, 16 characters", 'String id = "LTAI5tBcc9SecYAo";', 'String id = "[REDACTED:alibaba-key]";', { 'alibaba-key': 1 }],
    ["Django's default secret key, symbols and all", "SECRET_KEY = 'django-insecure-r&lvybzry1*k+qq)=x-!=0yd5l5#1gxzk!82@ru25*ntos3_9^'",
      "SECRET_KEY = '[REDACTED:django-secret-key]'", { 'django-secret-key': 1 }],
    ['the private lines of a PuTTY key file, not its public ones',
      'Public-Lines: 2\nAAAAB3NzaC1yc2EAAAADAQABAAABAQCMxcogLWgwfvEc8iJfJTAmKci0XjpKsnjZ\nrj5/hQt0aTJDIllZ0mZhyfidZSsplUydrFWU46wO8rknVz9ZyTrPZw9j0gWwU8e5\nPrivate-Lines: 2\nAAABAGqVUHnJ3+pF1dnSmMWsMYQhe8GwUTjlnKE4tdGjlx7ARjQyvtvhmubyTuPd\nnBWbkLtXoDsWbxG2xaXw9OS1YF6XwWsPKv3Mf1dBvbVrYvfNFIkfN4gQRyH8kJMm\nPrivate-MAC: 5b1b6ae6',
      'Public-Lines: 2\nAAAAB3NzaC1yc2EAAAADAQABAAABAQCMxcogLWgwfvEc8iJfJTAmKci0XjpKsnjZ\nrj5/hQt0aTJDIllZ0mZhyfidZSsplUydrFWU46wO8rknVz9ZyTrPZw9j0gWwU8e5\nPrivate-Lines: 2\n[REDACTED:private-key]\nPrivate-MAC: 5b1b6ae6', { 'private-key': 1 }],
    ['a list of keys without quotes, and a Go slice of them', 'api_keys: [Kx9mQ2vL8pRt4ZwQ1, Tr5nB7wQ3zYa8Lm2]\napiKeys := []string{"Qw2Er5Ty7Ui9Op1As3"}',
      'api_keys: [[REDACTED:password], [REDACTED:password]]\napiKeys := []string{"[REDACTED:password]"}', { password: 3 }],
    // Quotes as HTML writes them (a page, an attribute holding JSON): read as quotes, never taken as a value themselves.
    ['JSON in an HTML attribute', '<div data-config="{&quot;apiKey&quot;:&quot;Kx9mQ2vL8pRt4ZwQ1&quot;}"></div>', '<div data-config="{&quot;apiKey&quot;:&quot;[REDACTED:password]&quot;}"></div>', { password: 1 }],
    ['a password between HTML quotes', 'password=&quot;Tr5@nB7wQ3zYa8&quot; and secret: &#39;Qw2Er5Ty7Ui9Op1As3&#39;', 'password=&quot;[REDACTED:password]&quot; and secret: &#39;[REDACTED:password]&#39;', { password: 2 }],
    // A command that stores a secret: whatever literal it is given (not a reference, nor a setting stored beside it).
    ['values given to commands that store secrets', 'gh secret set API_TOKEN --body "Kx9mQ2vL8pRt4Zw"\nfly secrets set STRIPE=Tr5nB7wQ3zYa8Lm2 LOG_LEVEL=debug\nkubectl create secret generic app --from-literal=k=Qw2Er5Ty7Ui9Op',
      'gh secret set API_TOKEN --body "[REDACTED:password]"\nfly secrets set STRIPE=[REDACTED:password] LOG_LEVEL=debug\nkubectl create secret generic app --from-literal=k=[REDACTED:password]', { password: 3 }],
    ["a registry login's password, whichever tool logs in", 'docker login -u ci -p Kx9mQ2vL8pRt4Zw\npodman login -u ci -p Tr5nB7wQ3zYa8Lm2 quay.io\nbuildah login -u ci -p Wq4zN8cV2bX6mL1k r.example',
      'docker login -u ci -p [REDACTED:password]\npodman login -u ci -p [REDACTED:password] quay.io\nbuildah login -u ci -p [REDACTED:password] r.example', { password: 3 }],
    ['a literal piped into a login or a secret store', "echo 'Kx9mQ2vL8pRt4Zw' | docker login -u bob --password-stdin\nprintf '%s' 'Tr5nB7wQ3zYa8Lm2' | wrangler secret put API_KEY",
      "echo '[REDACTED:password]' | docker login -u bob --password-stdin\nprintf '%s' '[REDACTED:password]' | wrangler secret put API_KEY", { password: 2 }],
    ['a generated value holding the other quotes among its symbols', "jwt_secret: \"Q7`x'}/kL)p;W9]zR&m>eT??]H&4\"", 'jwt_secret: "[REDACTED:password]"', { password: 1 }],
    // A self-hosted chat server's incoming webhook: the generated parts of its path, on any host.
    ['webhook tokens in a chat server\'s URL path', 'curl -X POST http://mattermost:8065/hooks/bh5q3yjrufdr7z68nt1msp8oqr\nhttps://chat.acme.io/hooks/Gk7xBQ2mWdLp9fRsZ/Xh4nVq8TzC2rLk6WmP0yBd3sFj9GtN5aQe7',
      'curl -X POST http://mattermost:8065/hooks/[REDACTED:webhook-token]\nhttps://chat.acme.io/hooks/[REDACTED:webhook-token]', { 'webhook-token': 2 }],
    ['a Teams webhook whose tenant name holds an underscore', 'url: https://team_name.webhook.office.com/webhookb2/7aa49aa6-7840-443d-806c-08ebe8f59966@c662313f-14fc-43a2-9a7a-d2e27f4f3478/IncomingWebhook/8592f62b50cf41b9b93ba0c0a00a0b88/eff4cd58-1bb8-4899-94de-795f656b4a18',
      'url: [REDACTED:teams-webhook]', { 'teams-webhook': 1 }],
    ["a Teams webhook whose ids are not UUIDs' shape", 'props.set("teams_webhook_url", "https://acme.webhook.office.com/webhookb2/52feb105-fe74-52b9-8e90-5d165916fe22@71c6aa5a3-6531-4e28-9c0b-33ba1a8aa1ff/IncomingWebhook/f7fb2308e5f14431ace5b7cd0e670e42/4563618c-b03b-4e80-b093-28bb4ff11de8")',
      'props.set("teams_webhook_url", "[REDACTED:teams-webhook]")', { 'teams-webhook': 1 }],
    // A device's push token in a web push subscription's endpoint (the path of a URL is otherwise a name, kept).
    ["a Firebase device's registration token, in a push endpoint's path", "endpoint: 'https://fcm.googleapis.com/fcm/send/dKq3mW9xT2c:APA91bHq8vZ3mKp2Lw9xRt5Yb7Nc4Jd6Fs1Gh8Kl0Qe3Wr5Ty7Ui9Op2As4Df6Gh8Jk0Lz3Xc5Vb7Nm9Qw1Er3Ty5Ui7Op9As1Df3Gh5Jk7Lz9Xc1Vb3Nm5Qw7Er9Ty1Ui3Op5As7Df9Gh1Jk3Lz5Xc7Vb9Nm1Qw3Er5T'",
      "endpoint: 'https://fcm.googleapis.com/fcm/send/[REDACTED:firebase-key]'", { 'firebase-key': 1 }],
    // An older Google OAuth client secret has no prefix: the argument after the client id names it.
    ["a Google OAuth client's secret given after its client id", 'return new google.auth.OAuth2(\n  "514233951460-ptar9o2diyaiz06uxa9inr2iuqjlvg1u.apps.googleusercontent.com",\n  "Tg9YWFmND-1NTYwNTgzMDM3N",\n  "http://localhost");',
      'return new google.auth.OAuth2(\n  "[REDACTED:google-oauth]",\n  "[REDACTED:google-oauth]",\n  "http://localhost");', { 'google-oauth': 2 }],
    // (x's inside a long token mask a part only: the rest is the secret still.)
    ['a session token with a part masked in its middle', 'export AWS_SESSION_TOKEN=FQoGZXIvYXdzENv//////////wEaDEeLj11xTbnBk6azRCKsAacCiJK85DSXExJ81GtHrkEyev8eedQcFY4EoM00PsD1FAEMOfzQclVEFsoh9Y4ZHUjgGmCPRUnYCLNc2NnHkadvmI+MT7jRRa1Mo2HA/HYStOOwEyfXFYG91MNj9rVXXXXXXXXA6+7FF6jcxjKJ3qs84F', 'export AWS_SESSION_TOKEN=[REDACTED:high-entropy]', { 'high-entropy': 1 }],
    // A Secret's entry as a block (`users: |`): each line of the block, not the indicator.
    ['the lines of a block in a Secret\'s stringData', 'kind: Secret\nstringData:\n  users: |\n    admin:Zq8vLm3xRt6w\n\n    user:Kp4nWs9yHb2c\n  host: db\n',
      'kind: Secret\nstringData:\n  users: |\n    [REDACTED:password]\n\n    [REDACTED:password]\n  host: db\n', { password: 2 }],
    ["a Secret's client secret beside its client's id, which is kept", 'kind: Secret\nstringData:\n  clientID: my-oidc-client-name\n  clientSecret: Wq4zN8cV2bX6\n',
      'kind: Secret\nstringData:\n  clientID: my-oidc-client-name\n  clientSecret: [REDACTED:password]\n', { password: 1 }],
    ["a Markdown table's value after a cell whose last word is the key", '| API Token | Qx7kP2mZ9vLw4Rt8 |\n| **Staging API key** | `Wb3Nc6Jd1Fs5Gh0K` |',
      '| API Token | [REDACTED:password] |\n| **Staging API key** | `[REDACTED:password]` |', { password: 2 }],
    ['a Riot Games API key', 'RIOT_KEY = RGAPI-4sb3f6a1-2941-5a81-9c23-4bf3a83c14f3', 'RIOT_KEY = [REDACTED:riot-key]', { 'riot-key': 1 }],
    ['each name of a list given a list of values (numbered names, a type before the operator)',
      'const static_password01, static_password02 string = "6mSmVD4SIhaSaXxISpMw8u", "Af8KT92aqSa01l"\npassword1, password2 = "p3OpR6ANqPlEv7gXblTO", "XjmjwzcyruD5Qh1"',
      'const static_password01, static_password02 string = "[REDACTED:password]", "[REDACTED:password]"\npassword1, password2 = "[REDACTED:password]", "[REDACTED:password]"', { password: 4 }],
    ["a generated value in an element named by a credential's plural", '<api_tokens>uaaObehm5PTaRFm49VLaBJ</api_tokens>', '<api_tokens>[REDACTED:password]</api_tokens>', { password: 1 }],
    ["WordPress' keys and salts, spaces and symbols in them", "define('AUTH_KEY',         'kzgllO;k$F_-W68 Fl*iEekX;-pn =fNS(;c9nDKt;5RW(&jtESXsW9+PhQFS!Tv');\ndefine( 'NONCE_SALT', '^[_9^w_,UPMuJ2-}7=y<|v=y$#xftY[klEW3zt,Y}bB tG4d):p9Fd;$imF[lGqR' );",
      "define('AUTH_KEY',         '[REDACTED:password]');\ndefine( 'NONCE_SALT', '[REDACTED:password]' );", { password: 2 }],
    ['a number in quotes after a typed name, unlike a protobuf field\'s number', 'String asanaToken = "1309455782606278";', 'String asanaToken = "[REDACTED:password]";', { password: 1 }],
    ['a password under a name that changes it', 'change_password: "hunter2x9Q"', 'change_password: "[REDACTED:password]"', { password: 1 }],
    ["a WordPress salt whose first character is a comma", "define('LOGGED_IN_SALT', ',Qx7#m]Lp2;vT9 zR@k4!Wn8$Fb3&Hs6*Jd1(Yc5)Gt0^Ue2%Ai7+Ko9=Mr4~Np');",
      "define('LOGGED_IN_SALT', '[REDACTED:password]');", { password: 1 }],
    ["Sun's MD5 crypt hash, its salt ended by two dollars", 'root:$md5,rounds=5000$Gk2mQx9v$$Tz4Lp8WnR3vB6cY1aD0fH/:18000:0:99999:7:::',
      'root:[REDACTED:password-hash]:18000:0:99999:7:::', { 'password-hash': 1 }],
    ["a workflow webhook's path and secret (Tines)", 'POST https://quiet-owl-3371.tines.com/webhook/7c1e9b3a5d2f48e6a0b4c8d2e6f1a3b5/e2a4c6b8d0f1e3a5c7b9d1f3a5c7e9b0',
      'POST https://quiet-owl-3371.tines.com/webhook/[REDACTED:webhook-token]', { 'webhook-token': 1 }],
    ["a Vault AppRole secret id, with the role id or on a call over several lines", "vault write auth/approle/login role_id=2f6c1a9e-4b7d-4e21-9c3a-7d5e8f0a1b2c secret_id=9b3e7f21-6c4a-4d8e-a1f5-3c7b9e2d4a60\nhvac.Client(url=VAULT_ADDR)\nclient.auth.approle.login(\n    role_id=ROLE,\n    secret_id='4e8a2c6f-1b3d-4f7a-9e5c-8d2b6a4f0c1e',\n)",
      "vault write auth/approle/login role_id=2f6c1a9e-4b7d-4e21-9c3a-7d5e8f0a1b2c secret_id=[REDACTED:vault-secret-id]\nhvac.Client(url=VAULT_ADDR)\nclient.auth.approle.login(\n    role_id=ROLE,\n    secret_id='[REDACTED:vault-secret-id]',\n)", { 'vault-secret-id': 2 }],
    ['Vault AppRole secret ids under numbered keys', "vault config:\nrole_id1 = '2f6c1a9e-4b7d-4e21-9c3a-7d5e8f0a1b2c'\nsecret_id1 = '9b3e7f21-6c4a-4d8e-a1f5-3c7b9e2d4a60'\nsecret_id2 = '4e8a2c6f-1b3d-4f7a-9e5c-8d2b6a4f0c1e'",
      "vault config:\nrole_id1 = '2f6c1a9e-4b7d-4e21-9c3a-7d5e8f0a1b2c'\nsecret_id1 = '[REDACTED:vault-secret-id]'\nsecret_id2 = '[REDACTED:vault-secret-id]'", { 'vault-secret-id': 2 }],
    ['a passphrase of words under a password, words under an API key kept', 'DB_PASSWORD = "winter-test"\napi_key = "redirect_url_mismatch"',
      'DB_PASSWORD = "[REDACTED:password]"\napi_key = "redirect_url_mismatch"', { password: 1 }],
    ['a weak password that holds the key\'s own word', '{"secret":"SecretPass123"}\npassword = "mypassword123"',
      '{"secret":"[REDACTED:password]"}\npassword = "[REDACTED:password]"', { password: 2 }],
    // Passwords given to more commands: archivers, key generators, brokers, consoles, Samba's, Oracle's and Impacket's tools, a
    // user created with one, and a password piped into `sudo -S` or `chpasswd`.
    ['passwords given on the command lines of more tools',
      "mongosh mongodb://db -u admin -p bKgPJvKZw0 && zip -P 0m5CY2cj3AML b.zip d.sql && 7z a -ptzhjY4JQdkC0 b.7z d/\nssh-keygen -t ed25519 -N 'PL3TSH2ums9a' -f k\nmosquitto_pub -u s -P UGDPohcTQpI0 -t t -m 1\nipmitool -U ADMIN -P 1FLKDWcxkwOA chassis status",
      "mongosh mongodb://db -u admin -p [REDACTED:password] && zip -P [REDACTED:password] b.zip d.sql && 7z a -p[REDACTED:password] b.7z d/\nssh-keygen -t ed25519 -N '[REDACTED:password]' -f k\nmosquitto_pub -u s -P [REDACTED:password] -t t -m 1\nipmitool -U ADMIN -P [REDACTED:password] chassis status",
      { password: 6 }],
    ["a token given to vault login, and Nomad's ACL secret as it prints it", 'vault login hvs.qrSq3mXH7eemYBJ20r7Eufip\nAccessor ID  = 5d8a1f0c-93b7-4a24-8d6e-5f1a9c3b7d2e\nSecret ID    = 9c5e8f3a-2b7d-4e1f-8a6c-0d3b5f7e9a21',
      'vault login [REDACTED:vault-token]\nAccessor ID  = 5d8a1f0c-93b7-4a24-8d6e-5f1a9c3b7d2e\nSecret ID    = [REDACTED:consul-token]', { 'vault-token': 1, 'consul-token': 1 }],
    ["a Wi-Fi network's pre-shared key, in wpa_supplicant's and NetworkManager's files and given to wpa_passphrase",
      'network={\n    ssid="HomeNet"\n    psk="correct-horse-battery-9"\n}\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=Tr0ub4dor&3xyz\nwpa_passphrase HomeNet Tr0ub4dor3xyz',
      'network={\n    ssid="HomeNet"\n    psk="[REDACTED:password]"\n}\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=[REDACTED:password]\nwpa_passphrase HomeNet [REDACTED:password]',
      { password: 3 }],
    ["an SNMP community given with -c, and Oracle's JDBC URL with its password", 'snmpwalk -v2c -c gnbIIFC5jMyo router system\njdbc:oracle:thin:scott/Vq8pL2mxR4tZ@//db:1521/orcl',
      'snmpwalk -v2c -c [REDACTED:password] router system\njdbc:oracle:thin:scott/[REDACTED:url-credentials]@//db:1521/orcl', { password: 1, 'url-credentials': 1 }],
    ["a password after a user in Samba's, Oracle's and Impacket's forms",
      'smbclient //srv/share -U corp/alice%bBv2wwVBKLYl\nsqlplus -s scott/9fZVlY9tPJu0@//db:1521/ORCL @x.sql\nimpacket-psexec corp/admin:Xk9fLq2mZp@dc01.corp.local',
      'smbclient //srv/share -U corp/alice%[REDACTED:password]\nsqlplus -s scott/[REDACTED:password]@//db:1521/ORCL @x.sql\nimpacket-psexec corp/admin:[REDACTED:password]@dc01.corp.local',
      { password: 3 }],
    ['a password a user is created or changed with, or piped into a command that reads it',
      "rabbitmqctl add_user admin QlNXfrRQbtSL\nnet user administrator Qwvy8Hwx2sNk\necho \"4T56poX4d9Q6\" | sudo -S apt-get update\necho 'root:4C0eQXWweW3k' | chpasswd",
      "rabbitmqctl add_user admin [REDACTED:password]\nnet user administrator [REDACTED:password]\necho \"[REDACTED:password]\" | sudo -S apt-get update\necho '[REDACTED:password]' | chpasswd",
      { password: 4 }],
    ['a weak password after a short word, on a command line and in a setting', 'psexec \\\\db01 -u Administrator -p dev_admin cmd\nDB_PASSWORD=prod_root',
      'psexec \\\\db01 -u Administrator -p [REDACTED:password] cmd\nDB_PASSWORD=[REDACTED:password]', { password: 2 }],
    ['a token someone chose in words, and one word', "const token = 'hono-is-hot'\nconst token2 = 'honoishot'\nVAULT_TOKEN=s.Xk9mQ2vL7pR4tW8zA3bC5dEf",
      "const token = '[REDACTED:password]'\nconst token2 = '[REDACTED:password]'\nVAULT_TOKEN=[REDACTED:vault-token]", { password: 2, 'vault-token': 1 }],
    ["a wrong credential's value, as a test writes one, is still one", 'wrong_password=Xk9mQ2vL7pR4\nbadToken = "Xk9mQ2vL7pR4tW8zA3"\nAuthorization: Bearer Xk9mQ2vL7pR4tW8z',
      'wrong_password=[REDACTED:password]\nbadToken = "[REDACTED:password]"\nAuthorization: Bearer [REDACTED:bearer-token]', { password: 2, 'bearer-token': 1 }],
    ['a generated value in the shape of a name, a type or a template is still read for it', "password = \"X9K2_M4P7_Q1Z8\"\napi_key = \"Xk9mQ<2vL7pR4tW8\"\nconst k = `sk_live_Xk9mQ2vL7pR4tW8zA3bC5dEf${x}`\npassword = \"&Xk9mQ2vL7pR4\"",
      'password = "[REDACTED:password]"\napi_key = "[REDACTED:password]"\nconst k = `[REDACTED:stripe-key]${x}`\npassword = "[REDACTED:password]"', { password: 3, 'stripe-key': 1 }],
    ['code next to a generated value is still read for it', 'password="+Xk9mQ2vL+"\nprivate_key: "github.com/Xk9mQ2vL7pR4tW8zA3bC5dEf"\n"password": "%sXk9mQ2vL7pR4"',
      'password="[REDACTED:password]"\nprivate_key: "[REDACTED:password]"\n"password": "[REDACTED:password]"', { password: 3 }],
    ['a password on a commented-out line, symbols in it', '# DB_PASSWORD=Qw7>k!U-[st51o|GX%zxR2\n// api_key = Tr5<nB7wQ3zYa8Lm2#x  # old',
      '# DB_PASSWORD=[REDACTED:password]\n// api_key = [REDACTED:password]  # old', { password: 2 }],
    ['a password holding a semicolon, outside a connection string', 'password=Nq8>d!U-[st51o|GX%zxSD;gIr2\nServer=db;Password=Kx9mQ2vL8;Database=app;',
      'password=[REDACTED:password]\nServer=db;Password=[REDACTED:connection-string];Database=app;', { password: 1, 'connection-string': 1 }],
    ['a password compared with a word in code, a key named in words before its operator, a bot token in its API URL',
      "if username == 'ada' and password == 'letmein':\naerisweather SECRET KEY=Vq9Bn3Lp7Qm2Rs5Tw8Xk4Jh6Ty1Ud0\ncurl https://api.telegram.org/bot712345678:ulTK_HG7-Sb3_zcz5CV2VjFyoNH0cZoGM1r/getMe",
      "if username == 'ada' and password == '[REDACTED:password]':\naerisweather SECRET KEY=[REDACTED:password]\ncurl https://api.telegram.org/[REDACTED:telegram-token]/getMe", { password: 2, 'telegram-token': 1 }],
    ["an environment file's generated value under a service's name alone, shorter than the entropy rule's 32", 'GENIUS=2UW4EG0Ml0wCWnwbMXpLVxYhyVYl\nexport IFTTT="BKrT2666jEnUtrVPk0CJeL"\n# MAXMIND=avH2zSZWSvN8xcCT\nPUSHOVER="l8dsz97oo5zeergzqx722ts6yr68z8"',
      'GENIUS=[REDACTED:high-entropy]\nexport IFTTT="[REDACTED:high-entropy]"\n# MAXMIND=[REDACTED:high-entropy]\nPUSHOVER="[REDACTED:high-entropy]"', { 'high-entropy': 4 }],
    ["Redis' password lines with a space for their operator", 'masterauth Xk9mQ2vL7pR4tW\nsentinel auth-pass mymaster "RedisSentPass123"',
      'masterauth [REDACTED:password]\nsentinel auth-pass mymaster "[REDACTED:password]"', { password: 2 }],
    ['a short token whose digits sit before small letters, a random body after a prefix in one case, a password that starts with `*`',
      '-H "Authorization: Bearer p0ak0iNsunE"\nthe service gave us xyz_IiOizDLpkisrlcrTzkhGxmhiajkvYCbwqleFgOje for the sandbox\nREGISTRY_PASSWORD := *KZEPtXmstAbmM19',
      '-H "Authorization: Bearer [REDACTED:authorization]"\nthe service gave us [REDACTED:high-entropy] for the sandbox\nREGISTRY_PASSWORD := [REDACTED:password]',
      { authorization: 1, 'high-entropy': 1, password: 1 }],
    ['a generated value holding a bracket, unlike an index', 'db_password=Nof[dU-st51oGX\nDISCORD=https://discord.com/api/webhooks/123456789012345678/Xq8vB2nL5kR9tZ3wP7mJ1cF4hD6sG0aY2eU5iO8pQ1rT4yW7zX9bN3mK6jH0',
      'db_password=[REDACTED:password]\nDISCORD=[REDACTED:discord-webhook]', { password: 1, 'discord-webhook': 1 }],
    ["a key in the SSH2 format, and a token after a provider's own scheme", '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key-20240101"\nP2/56wAAAi4AAAA3aWYtbW9kbntzaWdufXtyc2EtcGtjczE\n---- END SSH2 ENCRYPTED PRIVATE KEY ----\nAuthorization: clickatell Vk9Bn3Lp7Qm2Rs5Tw8Vk9',
      '[REDACTED:private-key]\nAuthorization: clickatell [REDACTED:authorization]', { 'private-key': 1, authorization: 1 }],
    // A provider's prefix, then a generated body of a length its format does not give (cut short, lengthened since).
    ["a provider's prefix before a body of another length", 'FIGMA=figd_9X3kQp7VbT2hYRzNcMfW\ndeploy with glft-Nf7Rr2Tu6Vw3Xz9Bc5Ae8Eg1H.',
      'FIGMA=[REDACTED:figma-token]\ndeploy with [REDACTED:gitlab-token].', { 'figma-token': 1, 'gitlab-token': 1 }],
    // (… but not the part of a longer value before its `=`: the value is redacted whole.)
    ["a longer value that starts with a provider's prefix", 'DNKEY_TOKEN=dnkey-Q7X2M4P9R3K8W1Z5=ysmx4owp0vno=y488v2qeb', 'DNKEY_TOKEN=[REDACTED:password]', { password: 1 }],
    ["a DeepL key for the free plan, and a Netlify build hook", 'curl -H "DeepL-Auth-Key 2f6c1a9e-4b7d-4e21-9c3a-7d5e8f0a1b2c:fx" https://api-free.deepl.com\ncurl -X POST https://api.netlify.com/build_hooks/5f1e8a2b9c3d7e4f6a0b1c2d',
      'curl -H "DeepL-Auth-Key [REDACTED:deepl-key]" https://api-free.deepl.com\ncurl -X POST https://api.netlify.com/build_hooks/[REDACTED:webhook-token]', { 'deepl-key': 1, 'webhook-token': 1 }],
    ["a YAML map's generated value under a service's name, hex of few different digits, a service whose name starts with `hash`",
      'alienvault: "4c9a8f6e3b7d1a2c5e8f0b9d6a3c4e1f7b2d9c5a8e0f3b1d4c9a8f6e3b7d1a2c"\nPUSHER=7a5c6e6b26ccfcb788cb\nhashnode=1c4ce02cf2dfde95457503bd91cfa2fb',
      'alienvault: "[REDACTED:high-entropy]"\nPUSHER=[REDACTED:high-entropy]\nhashnode=[REDACTED:high-entropy]', { 'high-entropy': 3 }],
    ["a Ghost Admin API key, longer than the reach of its provider's name, a Bluesky app password, a pgpass password that starts with `~`",
      'ghost=7ad8f0e2b92e5ced64d451b1:4cd92e59a6c00bd1bae3cb0e5e60f5fc4caeb9820206cf156659251c39592cb5\nbluesky: kp4q-x7rm-2sn5-tb8v\n*:*:*:postgres:~7JkD1h65X0BCK',
      'ghost=[REDACTED:ghost-key]\nbluesky: [REDACTED:bluesky-app-password]\n*:*:*:postgres:[REDACTED:password]', { 'ghost-key': 1, 'bluesky-app-password': 1, password: 1 }],
    ["a Consul ACL token's secret as the CLI prints it and the API returns it, not its public accessor",
      'AccessorID:       e2c5bdbc-b7bf-4e2b-9b86-3bd1e1e8dd3d\nSecretID:         4c9a8f6e-3b7d-1a2c-5e8f-0b9d6a3c4e1f\n{"SecretID": "5d0b9a7f-2c8e-4b1d-9f3a-6e4c2a1b8d7e"}',
      'AccessorID:       e2c5bdbc-b7bf-4e2b-9b86-3bd1e1e8dd3d\nSecretID:         [REDACTED:consul-token]\n{"SecretID": "[REDACTED:consul-token]"}', { 'consul-token': 2 }],
    ['a generated value of random case before a brace, unlike a type', 'DB_PASSWORD=mfzUrQJIaNrDyHcfQuNQieOy542{', 'DB_PASSWORD=[REDACTED:password]', { password: 1 }],
    ["a Tailscale key of a kind beyond the five of today's documentation", 'TS_KEY=tskey-secret-weRTWSfoeFKI-3480754342kDSFelW3',
      'TS_KEY=[REDACTED:tailscale-key]', { 'tailscale-key': 1 }],
    ["an Alibaba STS key's id, under an id's name; an Asaas key, its `$` part of it; a Cfx.re server key; an Aikido CI token",
      '"AccessKeyId": "STS.NUgYrLnoC37mZZCNnAbez2aRQ"\nASAAS_API_KEY=$aact_prod_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OmE3ZDk2\n' +
        'sv_licenseKey "cfxk_1Ab2Cd3Ef4Gh5Ij6Kl7Mn8_Op9Qr0"\nAIK_CI_k7Qp2mXv9LrTCj4Hs8Nw2Bz6',
      '"AccessKeyId": "[REDACTED:alibaba-key]"\nASAAS_API_KEY=[REDACTED:asaas-key]\nsv_licenseKey "[REDACTED:cfxre-key]"\n[REDACTED:aikido-key]',
      { 'alibaba-key': 1, 'asaas-key': 1, 'cfxre-key': 1, 'aikido-key': 1 }],
    ["an X (Twitter) app's bearer token, URL-encoded as the developer portal gives it, in a sentence",
      'use AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2BuSeid%2BULvsea4JtiGRiSDSJSI%3DEUifiRBkKG5E2XzMDjRfl76ZC9Ub0wnz4XsNiRVBChTYbJcE3F today',
      'use [REDACTED:twitter-token] today', { 'twitter-token': 1 }],
    ["an environment file's base64 without its padding under a service's name alone (whole groups of four, `openssl rand -base64 12`)",
      'GENIUS=OxaL3F9adV+xEeMC\nPUSHER=v9VnYEcc+/aIplIELAN4\ncipher: AES/CBC/PKCS5Padding\nPATH_X=Users/Me/Docs2024/ab',
      'GENIUS=[REDACTED:high-entropy]\nPUSHER=[REDACTED:high-entropy]\ncipher: AES/CBC/PKCS5Padding\nPATH_X=Users/Me/Docs2024/ab', { 'high-entropy': 2 }],
    ["a generated value of letters alone, no digit among them, after a key's colon, in a header or after Bearer (one in sixteen of sixteen characters)",
      'password: yclebUbRspUGqYhy\n  token: VzWabnZUcTsjuXrq\ncurl -H "X-Api-Key: hQddlmXSByiSJqTU" https://api.example.com/v1\nAuthorization: Bearer CSufXHhndSgNPTtW',
      'password: [REDACTED:password]\n  token: [REDACTED:password]\ncurl -H "X-Api-Key: [REDACTED:password]" https://api.example.com/v1\nAuthorization: Bearer [REDACTED:bearer-token]',
      { password: 3, 'bearer-token': 1 }],
    ["… and under a service's name alone: letters alone, and unpadded base64 of letters alone (a name's words, a path and a model's name are kept)",
      'GENIUS=yclebUbRspUGqYhy\nPUSHER=kpWycyeNgr+hcRKdsaRz\nhandle: /redfish/v1/TaskService/TaskMonitors/735\nMODEL=Qwen2VL7BInstruct\nSYSMODMAP="/etc/X11/Xmodmap"',
      'GENIUS=[REDACTED:high-entropy]\nPUSHER=[REDACTED:high-entropy]\nhandle: /redfish/v1/TaskService/TaskMonitors/735\nMODEL=Qwen2VL7BInstruct\nSYSMODMAP="/etc/X11/Xmodmap"',
      { 'high-entropy': 2 }],
    ["an environment file's and a YAML map's generated value with a comment after it", 'GENIUS=2UW4EG0Ml0wCWnwbMXpLVxYhyVYl # prod\n  genius: "2UW4EG0Ml0wCWnwbMXpLVxYhyVYm"  # rotated',
      'GENIUS=[REDACTED:high-entropy] # prod\n  genius: "[REDACTED:high-entropy]"  # rotated', { 'high-entropy': 2 }],
    ["a curl command's password on a line that goes on, inside a JSON string (a backslash written out, then a break)",
      '{"content":"$ curl https://api.example.com/token \\\\\\n  --user c28wlsosanujy2z:qgsnai0xokrw4j1 --data grant_type=code"}',
      '{"content":"$ curl https://api.example.com/token \\\\\\n  --user c28wlsosanujy2z:[REDACTED:password] --data grant_type=code"}', { password: 1 }],
    ["a generated value after a secret's name in a list, as a pair is written", "env = ['SECRET_KEY', 'Xk9fLq2mZpR7vT3w']",
      "env = ['SECRET_KEY', '[REDACTED:password]']", { password: 1 }],
    ['a Bearer token written with a colon after the scheme', 'bearer = "Bearer: 2lkjdfoiuwer092834kjdwf09"', 'bearer = "Bearer: [REDACTED:bearer-token]"',
      { 'bearer-token': 1 }],
    ['a generated value before a parenthesis, its digits between small letters unlike a name called', 'password = Xk9fLq2mZpR7(underlying)',
      'password = [REDACTED:password](underlying)', { password: 1 }],
    ["a generated value under an environment variable's name in capitals, in a JSON member, an object, a constant, a shell's flag and a JSON string",
      '{"GENIUS": "2UW4EG0Ml0wCWnwbMXpLVxYhyVYl", "debug": true}\nenv: { IFTTT: \'BKrT2666jEnUtrVPk0CJeL\' }\nconst GREYNOISE = "_4XCZ6jfqICQrr43YH0c";\n' +
        'docker run -e MARKERIO=dtxQEDX8Y5R6RgO9aPrm app\n{"content":"HOTJAR_CLIENT_ID=zsJWFf-VUjCAnz7_l4YP"}',
      '{"GENIUS": "[REDACTED:high-entropy]", "debug": true}\nenv: { IFTTT: \'[REDACTED:high-entropy]\' }\nconst GREYNOISE = "[REDACTED:high-entropy]";\n' +
        'docker run -e MARKERIO=[REDACTED:high-entropy] app\n{"content":"HOTJAR_CLIENT_ID=[REDACTED:high-entropy]"}', { 'high-entropy': 5 }],
    ["a certificate and its private key encoded together in base64, as a kubeconfig or a Secret keeps them",
      '  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFRc0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQotLS0tLUJFR0lOIFBSSVZBVEUgS0VZLS0tLS0KTUlJRXZRSUJBREFOQmdrcWhraUc5dzBCQVFFRkFBU0NCS2N3Z2dTakFnRUFBb0lCQVFDN1hrOWZMcTJtWnBSNwotLS0tLUVORCBQUklWQVRFIEtFWS0tLS0tCg==', '  tls.crt: [REDACTED:private-key]', { 'private-key': 1 }],
    ["a Kubernetes Secret's data as JSON (`kubectl get secret -o json`), whatever its keys are named, and nothing of its other members",
      '{\n  "apiVersion": "v1",\n  "data": {\n    "api": "b1pZSEZUVnk2Y0RTbEhYdw==",\n    "config.json": "eyJrIjoiWGs5ZkxxMm1acFI3In0="\n  },\n  "kind": "Secret",\n  "metadata": {"name": "app"},\n  "stringData": {"conn": "Server=db;Database=app"}\n}',
      '{\n  "apiVersion": "v1",\n  "data": {\n    "api": "[REDACTED:password]",\n    "config.json": "[REDACTED:password]"\n  },\n  "kind": "Secret",\n  "metadata": {"name": "app"},\n  "stringData": {"conn": "[REDACTED:password]"}\n}',
      { password: 3 }],
    ["a YAML Secret's data in its own document, after a ConfigMap's in the same stream",
      'kind: ConfigMap\ndata:\n  mode: fast\n---\napiVersion: v1\nkind: Secret\ndata:\n  token: c2VjcmV0LXRva2VuLTQyCg==', 'kind: ConfigMap\ndata:\n  mode: fast\n---\napiVersion: v1\nkind: Secret\ndata:\n  token: [REDACTED:password]', { password: 1 }],
    ["a certificate in base64 as a Kubernetes Secret's data (put in a Secret, it is redacted as one)",
      'kind: Secret\ndata:\n  ca.pem: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFRc0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=', 'kind: Secret\ndata:\n  ca.pem: [REDACTED:password]', { password: 1 }],
    ["a token given as the login or the user with GitHub's fixed password x-oauth-basic (the token is the secret, the password is not)",
      "machine github.com login a4fd5de337e31911aeee2ad5248284cebeb6a6f4 password x-oauth-basic\n" +
        "git clone 'https://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:x-oauth-basic@github.com/acme/repo.git'",
      "machine github.com login [REDACTED:password] password x-oauth-basic\ngit clone 'https://[REDACTED:github-token]:x-oauth-basic@github.com/acme/repo.git'",
      { password: 1, 'github-token': 1 }],
    ["a value a test asserts for a credential's getter or member", 'assertThat(app.getClientSecret(), equalTo("9166e8318506a30d43d7a30c76a788fc0ad57a98"));\n' +
      "expect(config.apiKey).toBe('Xk9fLq2mZpR7vT3wQ8zYb4');", 'assertThat(app.getClientSecret(), equalTo("[REDACTED:password]"));\n' +
      "expect(config.apiKey).toBe('[REDACTED:password]');", { password: 2 }],
    ["a password named in the languages people write notes in", 'Passwort: Sommer2024x\ncontraseña: Xk9fLq2mZpR7\n密码：Xk9fLq2mZpR7\nパスワード: Xk9fLq2mZpR7\n' +
      'пароль = "Xk9fLq2mZpR7"\nmot de passe : Xk9fLq2mZpR7', 'Passwort: [REDACTED:password]\ncontraseña: [REDACTED:password]\n密码：[REDACTED:password]\n' +
      'パスワード: [REDACTED:password]\nпароль = "[REDACTED:password]"\nmot de passe : [REDACTED:password]', { password: 6 }],
    ["a value with a note in Chinese after it, a quoted password that is a word with letters beyond ASCII",
      "password: Xk9fLq2mZpR7，请勿外传\nsecret = 'Straße'", 'password: [REDACTED:password]\nsecret = \'[REDACTED:password]\'', { password: 2 }],
    ["base64 of a sentence that holds a URL with a token in it", 'notes: UGxlYXNlIGNsb25lIGl0IHdpdGggaHR0cHM6Ly9naHBfQ0lEN2U4Z0d4UWNNSUplRm1FZlJzVjN6a1hQVUM0MkNqRmJtQGdpdGh1Yi5jb20vYWNtZS9yZXBvIGFuZCB0aGVuIHJ1biB0aGUgYnVpbGQ=', 'notes: [REDACTED:high-entropy]', { 'high-entropy': 1 }],
    ["the password of a URL whose user a provider's rule took", 'https://glpat-Xk9fLq2mZpR7vT3wQ8zY:Xk9fLq2mZpR7@gitlab.com/x',
      'https://[REDACTED:gitlab-token]:[REDACTED:url-credentials]@gitlab.com/x', { 'gitlab-token': 1, 'url-credentials': 1 }],
    ["a token given with x-oauth-basic to curl, and to a netrc entry that names the password first",
      'curl -u a4fd5de337e31911aeee2ad5248284cebeb6a6f4:x-oauth-basic https://api.github.com/user\n' +
        'machine github.com password x-oauth-basic login a4fd5de337e31911aeee2ad5248284cebeb6a6f5',
      'curl -u [REDACTED:password]:x-oauth-basic https://api.github.com/user\nmachine github.com password x-oauth-basic login [REDACTED:password]',
      { password: 2 }],
    ["a generated password in a sentence in German, Spanish, Portuguese and French", 'das Passwort ist Xk9fLq2mZpR7; la contraseña es Xk9fLq2mZpR8.\n' +
      'a senha é Xk9fLq2mZpR9, le mot de passe est Xk9fLq2mZpR6', 'das Passwort ist [REDACTED:password]; la contraseña es [REDACTED:password].\n' +
      'a senha é [REDACTED:password], le mot de passe est [REDACTED:password]', { password: 4 }],
    ["a user and a password given to a key as a pair (Python's requests and httpx)", "requests.get(url, auth=('bob', 'Xk9fLq2mZpR7'))",
      "requests.get(url, auth=('bob', '[REDACTED:password]'))", { password: 1 }],
    ["a user and a password given to requests' HTTPBasicAuth and HttpNtlmAuth", "auth=HTTPBasicAuth('bob', 'Xk9fLq2mZpR7')\nHttpNtlmAuth('bob', 'Yk8eKp1lYoQ6')",
      "auth=HTTPBasicAuth('bob', '[REDACTED:password]')\nHttpNtlmAuth('bob', '[REDACTED:password]')", { password: 2 }],
    ["… also to a session's `auth`", "session.auth = ('bob', 'Xk9fLq2mZpR7')", "session.auth = ('bob', '[REDACTED:password]')", { password: 1 }],
    ["a generated value in a sentence that says what the credential is for", 'the password for the staging db is Xk9fLq2mZpR7, and the api key for prod is now 9f3Kx2mZpR7vT3wQ8zYb4.',
      'the password for the staging db is [REDACTED:password], and the api key for prod is now [REDACTED:password].', { password: 2 }],
    ["a value pasted with a blank inside its quotes, on either side", "token = ' Xk9fLq2mZpR7vT3wQ8'\nrev token - 'T5LJHzWwZzdpmNtxKDaDcDUlckU= '",
      "token = ' [REDACTED:password]'\nrev token - '[REDACTED:password] '", { password: 2 }],
    ["a container definition's environment, each variable's name and value as a pair of members",
      '"environment": [{"name": "GENIUS", "value": "2UW4EG0Ml0wCWnwbMXpLVxYhyVYl"}, {"name": "LOG_LEVEL", "value": "debug"}]',
      '"environment": [{"name": "GENIUS", "value": "[REDACTED:high-entropy]"}, {"name": "LOG_LEVEL", "value": "debug"}]', { 'high-entropy': 1 }],
    ["a line of base64 whose text holds a user and a password, cut inside a group of four", 'GhlIGxvZ2luIGZvciB0aGUgc3RhZ2luZyBkYXRhYmFzZSBpcyBhZG1pbjpYazlmTHEybVpwU',
      '[REDACTED:high-entropy]', { 'high-entropy': 1 }],
    // A secret a tool announces, then prints alone on the lines after (one blank line between allowed), or gives last in the sentence.
    ['a password, codes and a key a tool announces and prints',
      'ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  -Fcmhp3#prribrVU!4nh\n\n' +
        '[Note] A temporary password is generated for root@localhost: 2CEMz1HJ#rFx\nYour new recovery codes:\n888xu-8wut9\nndg1s-xa5bt\n' +
        'Rancher bootstrap password:\nIbH0qEFkUkEUgAU89aCw\nHere is your API key, copy it now:\n\n    Xk9fLq2mZpR7vT3wQ8zYb4HcN6dJ\n',
      'ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  [REDACTED:password]\n\n' +
        '[Note] A temporary password is generated for root@localhost: [REDACTED:password]\nYour new recovery codes:\n[REDACTED:password]\n[REDACTED:password]\n' +
        'Rancher bootstrap password:\n[REDACTED:password]\nHere is your API key, copy it now:\n\n    [REDACTED:password]\n',
      { password: 6 }],
    ["MySQL's native password hash, as mysql.user shows it", "| app   | *9031D43D54BBA7CB5106397EF568ECB417AEBF17  |\nSET authentication_string='*9031D43D54BBA7CB5106397EF568ECB417AEBF17'",
      "| app   | [REDACTED:password-hash]  |\nSET authentication_string='[REDACTED:password-hash]'", { 'password-hash': 2 }],
    ["a password after an email address: an account's line, Postfix's sasl_passwd", 'alice@example.com:Xk9fLq2mZpR7\n[smtp.gmail.com]:587 alerts@example.com:ktdae38i5vjluxtr',
      '[REDACTED:email]:[REDACTED:password]\n[smtp.gmail.com]:587 [REDACTED:email]:[REDACTED:password]', { email: 2, password: 2 }],
    ["passwords of lftp, HAProxy's stats page, and LDAP's bind in nslcd, slapd and SSSD",
      'lftp -u backup,cFUmdmjHWno7zb sftp://files.example.com\n    stats auth admin:nU7d6a9ku59gVj\nbindpw Xk9fLq2mZpR7\nrootpw Qx3vY8hKpL2m\nldap_default_authtok = vzCGMQ0Fgo1GLMFr',
      'lftp -u backup,[REDACTED:password] sftp://files.example.com\n    stats auth admin:[REDACTED:password]\nbindpw [REDACTED:password]\nrootpw [REDACTED:password]\nldap_default_authtok = [REDACTED:password]',
      { password: 5 }],
    ['a user and a password given as one to etcdctl, HTTPie and xh', 'etcdctl --user root:x2sFsVezv5UiIvNa get /registry\nhttp -a alice:Xk9fLq2mZpR7 GET https://api.example.com/me\nxh --auth=bob:Qx3vY8hKpL2m :8080/me',
      'etcdctl --user root:[REDACTED:password] get /registry\nhttp -a alice:[REDACTED:password] GET https://api.example.com/me\nxh --auth=bob:[REDACTED:password] :8080/me', { password: 3 }],
    // A password passed by its place: a login's second argument, a connection's third, a user's pair encoded for a Basic header.
    ['a password given to a login or a connection by its place, or encoded with its user for a Basic header',
      'server.login("alerts@example.com", "0yq9 9z3g zoo4 g5g2")\nldap_conn.simple_bind_s("cn=admin,dc=example,dc=com", "aSkWJbU8BGEUSU")\n' +
        'DriverManager.getConnection("jdbc:mysql://db:3306/app", "app", "kkFJKjXd4GB7CWf6");\n$db = new mysqli("localhost", "app", "gsXyEPCo5Odaf4SN", "app");\n' +
        "const auth = 'Basic ' + btoa('admin:aIZMhE9XjX9sNj');\nbase64.b64encode(b\"svc-user:fjCKxSlr5k0CYlY9\")\ncurl -H \"Authorization: Basic $(echo -n 'admin:QiDeyHrkWYx8id' | base64)\" https://api.example.com",
      'server.login("[REDACTED:email]", "[REDACTED:password]")\nldap_conn.simple_bind_s("cn=admin,dc=example,dc=com", "[REDACTED:password]")\n' +
        'DriverManager.getConnection("jdbc:mysql://db:3306/app", "app", "[REDACTED:password]");\n$db = new mysqli("localhost", "app", "[REDACTED:password]", "app");\n' +
        "const auth = 'Basic ' + btoa('admin:[REDACTED:password]');\nbase64.b64encode(b\"svc-user:[REDACTED:password]\")\ncurl -H \"Authorization: Basic $(echo -n 'admin:[REDACTED:password]' | base64)\" https://api.example.com",
      { email: 1, password: 7 }],
    ["what a script types at a password prompt (Expect, pexpect), and Go's MySQL address",
      'expect "password:"\nsend "Nd74WMNFVKsedd\\r"\nchild.expect(\'Password:\')\nchild.sendline(\'Qx3vY8hKpL2m\')\nsql.Open("mysql", "app:vgjYPzlchkF3Gubb@tcp(db:3306)/app")',
      'expect "password:"\nsend "[REDACTED:password]\\r"\nchild.expect(\'Password:\')\nchild.sendline(\'[REDACTED:password]\')\nsql.Open("mysql", "app:[REDACTED:url-credentials]@tcp(db:3306)/app")',
      { password: 2, 'url-credentials': 1 }],
    ['passwords given to rar, ldappasswd, mosquitto_passwd and MinIO\'s mc', 'rar a -pH1kVc3aLVUYjfg archive.rar docs/\nldappasswd -x -W -s PuYrcdS4OrlQSb "uid=alice"\nmosquitto_passwd -b /etc/mosquitto/passwd sensor01 Y2nFYmDlWDUFxg\nmc admin user add myminio newuser X6a9fuacVYpUd4Q2',
      'rar a -p[REDACTED:password] archive.rar docs/\nldappasswd -x -W -s [REDACTED:password] "uid=alice"\nmosquitto_passwd -b /etc/mosquitto/passwd sensor01 [REDACTED:password]\nmc admin user add myminio newuser [REDACTED:password]',
      { password: 4 }],
    // Credentials written in prose or in a table: a user and its password, a password's name and what it is for, a column named for it.
    ['a user and its password written in prose', 'login: admin / vvnW98mO4HZV7K\nCredentials: deploy / pPGusNS4hkfk9D\nusername/password: admin/r7hclifAxdFK\n' +
        'creds are admin:bQHVlJR96Oxi for the staging box\nDB is at db.example.com, user app, pass sdHnCe5vfEzi\nYou can log in as root with bJURlOGvI0U4.\n- Jenkins: admin / Zo6ohgig35IdhI',
      'login: admin / [REDACTED:password]\nCredentials: deploy / [REDACTED:password]\nusername/password: admin/[REDACTED:password]\n' +
        'creds are admin:[REDACTED:password] for the staging box\nDB is at db.example.com, user app, pass [REDACTED:password]\nYou can log in as root with [REDACTED:password].\n- Jenkins: admin / [REDACTED:password]',
      { password: 7 }],
    ["a password reset by Elasticsearch, given on the line after its name; htpasswd's and mosquitto_passwd's -b after other options",
      'Password for the [elastic] user successfully reset.\nNew value: 6pW4bX=Kq*Zr1uT8mNc\nmosquitto_passwd -c -b /etc/mosquitto/passwd sensor1 Yq3nV8xK2pLw\n' +
        'htpasswd -nbB admin Kx8mQ2pLr9Wd\nhtpasswd -B -b -c /etc/nginx/.htpasswd admin Hq7vN2xR5tGs',
      'Password for the [elastic] user successfully reset.\nNew value: [REDACTED:password]\nmosquitto_passwd -c -b /etc/mosquitto/passwd sensor1 [REDACTED:password]\n' +
        'htpasswd -nbB admin [REDACTED:password]\nhtpasswd -B -b -c /etc/nginx/.htpasswd admin [REDACTED:password]',
      { password: 4 }],
    ['a user and its password written as code in prose', 'Credentials: `admin` / `Xk9fLq2m!Zp`\n- Grafana: `admin` / `Kx8mQ2pLr9`',
      'Credentials: `admin` / `[REDACTED:password]`\n- Grafana: `admin` / `[REDACTED:password]`', { password: 2 }],
    ["a password given by its place to Go's and PHP's LDAP bind and to Python's MySQLdb",
      'err := conn.Bind("cn=admin,dc=example,dc=org", "Xk9fLq2m!Zp")\nerr = l.Bind(cfg.BindDN, "Wm4rT8zQ2vLp")\n$ok = ldap_bind($ds, "cn=admin,dc=corp", "Hq7vN2xR5t");\n' +
        'db = MySQLdb.connect("localhost", "app", "Kx8mQ2pLr9", "shop")',
      'err := conn.Bind("cn=admin,dc=example,dc=org", "[REDACTED:password]")\nerr = l.Bind(cfg.BindDN, "[REDACTED:password]")\n$ok = ldap_bind($ds, "cn=admin,dc=corp", "[REDACTED:password]");\n' +
        'db = MySQLdb.connect("localhost", "app", "[REDACTED:password]", "shop")',
      { password: 4 }],
    ["passwords given to Windows' cmdkey, schtasks and net use, to PowerShell with its switches first, to macOS's keychains, mcrcon and openconnect",
      'cmdkey /add:fs01 /user:CORP\\svc /pass:XWXmlSV@bvJlFW7f\nschtasks /create /tn x /tr y /ru CORP\\svc /rp hUlr0bH8aQ!egx0bSr\nnet use \\\\nas01\\backup /user:NAS01\\backup "32vbZ6B#z7KLem"\n' +
        '(ConvertTo-SecureString -AsPlainText "B!jpvHYamsv5F#" -Force)\nsecurity create-keychain -p ufqy1azSOE5tGi71F7 build.keychain\nsecurity import dist.p12 -k build.keychain -P 30qdrH77g3eT0pVR -T /usr/bin/codesign\n' +
        "mcrcon -H 127.0.0.1 -P 25575 -p '8LOyliNA4%PGIt' save-all\necho '3z!CvubhTy4Dfy' | sudo openconnect --user=jdoe --passwd-on-stdin vpn.example.com",
      'cmdkey /add:fs01 /user:CORP\\svc /pass:[REDACTED:password]\nschtasks /create /tn x /tr y /ru CORP\\svc /rp [REDACTED:password]\nnet use \\\\nas01\\backup /user:NAS01\\backup "[REDACTED:password]"\n' +
        '(ConvertTo-SecureString -AsPlainText "[REDACTED:password]" -Force)\nsecurity create-keychain -p [REDACTED:password] build.keychain\nsecurity import dist.p12 -k build.keychain -P [REDACTED:password] -T /usr/bin/codesign\n' +
        "mcrcon -H 127.0.0.1 -P 25575 -p '[REDACTED:password]' save-all\necho '[REDACTED:password]' | sudo openconnect --user=jdoe --passwd-on-stdin vpn.example.com",
      { password: 8 }],
    ["a network device's passwords, keys and SNMP communities (Cisco's types 0 and 7, Juniper's ascii-text)",
      'enable secret 0 xZDaHj7v!nod67\nusername admin privilege 15 secret 0 abpMqFuJIPQ#1Bp%\n password 7 0822455D0A16\n  key-string 7 104D000A0618\n   wpa-psk ascii 0 VRCCDdF!yOA3qndl\n' +
        'snmp-server community PepFwfaOPX4OfHh2 RW 10\nset security ike policy p pre-shared-key ascii-text "DO7#qazvGZM7uNGV3!"\nset snmp community LW2HH8bK3201xS authorization read-write',
      'enable secret 0 [REDACTED:password]\nusername admin privilege 15 secret 0 [REDACTED:password]\n password 7 [REDACTED:password]\n  key-string 7 [REDACTED:password]\n   wpa-psk ascii 0 [REDACTED:password]\n' +
        'snmp-server community [REDACTED:password] RW 10\nset security ike policy p pre-shared-key ascii-text "[REDACTED:password]"\nset snmp community [REDACTED:password] authorization read-write',
      { password: 8 }],
    ["VPN and mail servers' stores: ipsec.secrets' XAUTH and key passphrases, pppd's chap-secrets, Dovecot's {PLAIN}, OpenVPN's inline credentials",
      'vpnuser : XAUTH "r%gLMciFe3C!3U"\n: RSA moonKey.pem "Kx8mQ2pLr9Wd"\n# client\tserver\tsecret\t\t\tIP addresses\nvpnuser\t\tl2tpd\t"c1rRf4Qf%UbFystk"\t\t*\nalice\t*\tTz02W5lwdLJ9\t*\n\n' +
        'jdoe:{PLAIN}zobqSuKWx5#sBN:1001:1001::/home/jdoe\n<auth-user-pass>\njdoe\nuozhZDK4%3i4jdu7\n</auth-user-pass>',
      'vpnuser : XAUTH "[REDACTED:password]"\n: RSA moonKey.pem "[REDACTED:password]"\n# client\tserver\tsecret\t\t\tIP addresses\nvpnuser\t\tl2tpd\t"[REDACTED:password]"\t\t*\nalice\t*\t[REDACTED:password]\t*\n\n' +
        'jdoe:{PLAIN}[REDACTED:password]:1001:1001::/home/jdoe\n<auth-user-pass>\njdoe\n[REDACTED:password]\n</auth-user-pass>',
      { password: 6 }],
    ["a password told to IRC's NickServ and ZNC, sent in SMTP's AUTH, after an address that holds an @, and offlineimap's remotepass",
      '/msg NickServ IDENTIFY jdoe_dev cf5iyug#QL1!jUEM\n/msg *sasl Set jdoe_dev D#69J662jBeJ4WuW\n<~  334 UGFzc3dvcmQ6\n~> YWdvSmdAYSNCS0ZWM01KSg==\nAUTH PLAIN AGpkb2UAWGs5ZkxxMm1acFI3\n' +
        '[smtp.example.com]:587 jdoe@example.com:g@Ngn0Fa5v#MK7j0\nremotepass = 1Xr%u3xHDKa83m97',
      '/msg NickServ IDENTIFY jdoe_dev [REDACTED:password]\n/msg *sasl Set jdoe_dev [REDACTED:password]\n<~  334 UGFzc3dvcmQ6\n~> [REDACTED:password]\nAUTH PLAIN [REDACTED:password]\n' +
        '[smtp.example.com]:587 [REDACTED:email]:[REDACTED:password]\nremotepass = [REDACTED:password]',
      { password: 6, email: 1 }],
    ["passwords given to database shells (cqlsh, cypher-shell, couchbase-cli, vsql, DB2's connect), registries' logins, skopeo's creds, Poetry, Pulumi, and sudo chpasswd",
      "cqlsh db 9042 -u admin -p 'AydvKqamxS7@8MqE' --ssl\ncypher-shell -u neo4j -p 'Wmf6AcCs#%AaJu'\ncouchbase-cli bucket-list -u Administrator -p '7iKR1y4fSfNO@NwZ'\nvsql -U dbadmin -w 'PSvdONawF4@cQT6' -d analytics\n" +
        "db2 => connect to SAMPLE user db2inst1 using UfRLQBDn9lly\noras login r.example.com -u ci -p 'owrzU!DnWYnxJ5v#wv'\nhelm registry login r.example.com -u ci -p PE0vJIcBPFmiBbZtxcvIm\n" +
        "skopeo copy --src-creds ci-reader:'UTr#8ce6h#HzkqaQ' docker://a docker://b\npoetry config http-basic.acme ci-reader Qv1tZRfWJozHxog2J1ulep\npulumi config set --secret dbPassword 'elMRNAHKnDh5%xHdUckv'\necho 'root:9eQF13Xi#dB!fBlH' | sudo chpasswd",
      "cqlsh db 9042 -u admin -p '[REDACTED:password]' --ssl\ncypher-shell -u neo4j -p '[REDACTED:password]'\ncouchbase-cli bucket-list -u Administrator -p '[REDACTED:password]'\nvsql -U dbadmin -w '[REDACTED:password]' -d analytics\n" +
        "db2 => connect to SAMPLE user db2inst1 using [REDACTED:password]\noras login r.example.com -u ci -p '[REDACTED:password]'\nhelm registry login r.example.com -u ci -p [REDACTED:password]\n" +
        "skopeo copy --src-creds ci-reader:'[REDACTED:password]' docker://a docker://b\npoetry config http-basic.acme ci-reader [REDACTED:password]\npulumi config set --secret dbPassword '[REDACTED:password]'\necho '[REDACTED:password]' | sudo chpasswd",
      { password: 11 }],
    ["cloud-init's chpasswd list, a NATS seed, a value with a # on a line grep printed, a password in backticks that ends with !",
      'chpasswd:\n  expire: false\n  list: |\n    root:1bxGwhUr@lXn7lwo\n    ubuntu:RANDOM\n-----BEGIN USER NKEY SEED-----\nSU7OVIDIBC5MXR3RIHZGZRPOIVRDJVVQRXZDCUSJTMPKECF7YYKIZWDNNF\n------END USER NKEY SEED------\n' +
        './config/database.yml:14:  password: xma24R#Dic9KV%ys\nI set DB_PASSWORD to `12igG5iytAReXrLzp!` so it matches.',
      'chpasswd:\n  expire: false\n  list: |\n    root:[REDACTED:password]\n    ubuntu:RANDOM\n-----BEGIN USER NKEY SEED-----\n[REDACTED:nats-seed]\n------END USER NKEY SEED------\n' +
        './config/database.yml:14:  password: [REDACTED:password]\nI set DB_PASSWORD to `[REDACTED:password]` so it matches.',
      { password: 3, 'nats-seed': 1 }],
    // Random values that read in part as words: runs that start as no word starts (`kkelu`, `Tbid`), groups of four letters.
    ["random letters under a weak key whose runs start as no word does, an app password in groups of four, a password set in prose",
      'DEPLOY_KEY=kkeluIsputlrMTbidDlx2\nbsky: oems-eebb-9upg-ndej\nand set DB_PASSWORD to `G!m6hN6O8LreeWhmug` so it matches',
      'DEPLOY_KEY=[REDACTED:password]\nbsky: [REDACTED:bluesky-app-password]\nand set DB_PASSWORD to `[REDACTED:password]` so it matches',
      { password: 2, 'bluesky-app-password': 1 }],
    ["a password given to a hasher, a user's creation, a tool that reads it piped in, a file named for it, and HTTPie's quoted password",
      "openssl passwd -6 'o124guEBW!tzHMvU'\nsudo useradd -m -p \"$(openssl passwd -1 'ij%M@igLa6USUd')\" bob\nmkpasswd -m sha-512 '1gLMysVDVhq#6V'\ndoveadm pw -s SHA512-CRYPT -p '3p!GB#qtKJVpNo'\n" +
        "slappasswd -s 'IZiad9AbWp9w!KwE'\nrclone obscure 'xX15B0V!PeQj%uVHpf'\nsamba-tool user create alice '3%o#8WUHGyTXfIt' --given-name=Alice\n" +
        "echo '2Chr4YUlL@FfVp7u1c' | gpg --batch --passphrase-fd 0 -d x.gpg\necho 'N7Z2g#Nrf6ZhyaJ3' | ipa user-add jdoe --password\nxcrun altool --upload-app -u ci -p iwoc-vjep-zzxz-woig\n" +
        "echo 'SpQ@YyqHIucWo0@BXsuC9va7rd' > ~/.vault_pass\nhttp -a admin:'EK@f7TuudpcVCjAw' POST https://api.example.com/v2/deploys",
      "openssl passwd -6 '[REDACTED:password]'\nsudo useradd -m -p \"$(openssl passwd -1 '[REDACTED:password]')\" bob\nmkpasswd -m sha-512 '[REDACTED:password]'\ndoveadm pw -s SHA512-CRYPT -p '[REDACTED:password]'\n" +
        "slappasswd -s '[REDACTED:password]'\nrclone obscure '[REDACTED:password]'\nsamba-tool user create alice '[REDACTED:password]' --given-name=Alice\n" +
        "echo '[REDACTED:password]' | gpg --batch --passphrase-fd 0 -d x.gpg\necho '[REDACTED:password]' | ipa user-add jdoe --password\nxcrun altool --upload-app -u ci -p [REDACTED:password]\n" +
        "echo '[REDACTED:password]' > ~/.vault_pass\nhttp -a admin:'[REDACTED:password]' POST https://api.example.com/v2/deploys",
      { password: 12 }],
    ["a wallet's secrets: a key given to make a wallet, a Solana keypair's 64 bytes, a seed phrase printed after its name, and a REST client's variable",
      'const wallet = new ethers.Wallet("0407a2eeeef1e08bda5672dad6ba37d7dff2b57fc5d8c707912d03df55ddec97", provider);\n$ cat ~/.config/solana/id.json\n' +
        '[66,199,117,252,172,36,84,251,214,106,145,43,58,179,237,24,214,77,80,218,73,60,62,4,32,149,90,189,126,2,113,74,73,184,231,157,222,181,0,204,85,209,46,81,28,64,115,249,19,120,151,133,218,248,241,252,62,142,162,87,53,68,125,177]\n' +
        'Save this seed phrase and your BIP39 passphrase to recover your new keypair:\nyard cheap belt antique various brass congress wine unusual aerobic attitude wet\n@adminPassword = Uc5AzAgP#0eAQ%',
      'const wallet = new ethers.Wallet("[REDACTED:private-key]", provider);\n$ cat ~/.config/solana/id.json\n[REDACTED:private-key]\n' +
        'Save this seed phrase and your BIP39 passphrase to recover your new keypair:\n[REDACTED:password]\n@adminPassword = [REDACTED:password]',
      { 'private-key': 2, password: 2 }],
    ["a command's quoted password in a JSON string, its quotes escaped (a tool's output in an agent's transcript)",
      '{"content":"C:\\\\>cmdkey /generic:TERMSRV/rdp01 /user:CORP\\\\jdoe /pass:\\"2FtD7KuBN6Ryc!e0\\"\\n"}',
      '{"content":"C:\\\\>cmdkey /generic:TERMSRV/rdp01 /user:CORP\\\\jdoe /pass:\\"[REDACTED:password]\\"\\n"}', { password: 1 }],
    ["quoted values with blanks (an SNMP community, Juniper's ascii-text), a NickServ password before a comment, AUTH PLAIN's argument sent after 334, ipsec.secrets in single quotes",
      'snmp-server community "quoted comm1" RO\nset security ike policy p pre-shared-key ascii-text "my wifi secret";\n/msg NickServ IDENTIFY mynick hunter2abc # my pass\n -> AUTH PLAIN\n <-  334\n -> AGFsaWNlAHMzY3JldA==\nalice : EAP \'s3cretEap\'',
      'snmp-server community "[REDACTED:password]" RO\nset security ike policy p pre-shared-key ascii-text "[REDACTED:password]";\n/msg NickServ IDENTIFY mynick [REDACTED:password] # my pass\n -> AUTH PLAIN\n <-  334\n -> [REDACTED:password]\nalice : EAP \'[REDACTED:password]\'',
      { password: 5 }],
    ["a Secret's data after a fence indented inside one of its values (a block scalar's text, no document's end)",
      'kind: Secret\nstringData:\n  notes.md: |\n    ```\n    run it\n    ```\ndata:\n  mode: cHJvZHVjdGlvbg==',
      'kind: Secret\nstringData:\n  notes.md: |\n    ```\n    [REDACTED:password]\n    ```\ndata:\n  mode: [REDACTED:password]', { password: 2 }],
    ["a password after what it is for and a colon, in English and in other languages", 'pw for the vm: YFaI3n59khQJ\nPasswort für den Server: OeU4SQ46hSKv\nSenha do banco: SDCS2GvnZky2\n密码是 g2OWguKFb8qj',
      'pw for the vm: [REDACTED:password]\nPasswort für den Server: [REDACTED:password]\nSenha do banco: [REDACTED:password]\n密码是 [REDACTED:password]', { password: 4 }],
    ["a Markdown table's column named for a password", '| Service | User | Password |\n|---------|------|----------|\n| Grafana | admin | ufH8PSraXjOd1E |\n| MinIO | root | `gznvZnSzKr9NZIUG` |\n| Vault | — | see 1Password |',
      '| Service | User | Password |\n|---------|------|----------|\n| Grafana | admin | [REDACTED:password] |\n| MinIO | root | `[REDACTED:password]` |\n| Vault | — | see 1Password |',
      { password: 2 }],
    ['a secret stored from a here-string or a pipe, and by macOS security', 'gcloud secrets create db-pass --data-file=- <<< "PoFjFIZa1lyQAISf"\necho -n "hSAhTrdYJh5W81RW" | gcloud secrets versions add db-pass --data-file=-\n' +
        'secret-tool store --label=db service db <<< "2G93onlc9GTnruwB"\nkeyring set db app <<< yU0PVzc0QHBMRaLL\nsecurity add-generic-password -a app -s db -w 3IhtmwQwpQIVOz6y',
      'gcloud secrets create db-pass --data-file=- <<< "[REDACTED:password]"\necho -n "[REDACTED:password]" | gcloud secrets versions add db-pass --data-file=-\n' +
        'secret-tool store --label=db service db <<< "[REDACTED:password]"\nkeyring set db app <<< [REDACTED:password]\nsecurity add-generic-password -a app -s db -w [REDACTED:password]',
      { password: 5 }],
    ["an environment file's line whose value is base64 with its padding", 'API_TOKEN_SALT=wA9LYmQlpRMvgYxiGBRdsp==\nTRANSFER_TOKEN_SALT=Xk9f+Lq2mZpR7vT3wQ8z/b4==',
      'API_TOKEN_SALT=[REDACTED:high-entropy]\nTRANSFER_TOKEN_SALT=[REDACTED:high-entropy]', { 'high-entropy': 2 }],
    ['more forms of the same: rar -hp, etcd user add, a commented stats line, a name in capitals, Expect blocks, base64 without -n',
      'rar a -hpS3cretPw9 b.rar d/\netcdctl user add root:S3cretPw9\n    stats auth admin:S3cretPw9 # dashboard\nPASSWORT für den Server: S3cretPw9\n' +
        'expect {\n  "*assword:*" { send "S3cretPw9\\r" }\n}\nexpect -c \'spawn ssh u@h; expect "password:"; send "S3cretPw9\\r"; interact\'\n' +
        "printf 'admin:S3cretPw9' | base64\nserver.login(os.environ[\"SMTP_USER\"], \"Xk9fLq2mZpR7\")\nsql.Open(\"mysql\", \"app:S3cretPw9@/appdb\")\n| Username | Default Password |\n|--|--|\n| admin | Zo6ohgig35IdhI |",
      'rar a -hp[REDACTED:password] b.rar d/\netcdctl user add root:[REDACTED:password]\n    stats auth admin:[REDACTED:password] # dashboard\nPASSWORT für den Server: [REDACTED:password]\n' +
        'expect {\n  "*assword:*" { send "[REDACTED:password]\\r" }\n}\nexpect -c \'spawn ssh u@h; expect "password:"; send "[REDACTED:password]\\r"; interact\'\n' +
        "printf 'admin:[REDACTED:password]' | base64\nserver.login(os.environ[\"SMTP_USER\"], \"[REDACTED:password]\")\nsql.Open(\"mysql\", \"app:[REDACTED:url-credentials]@/appdb\")\n| Username | Default Password |\n|--|--|\n| admin | [REDACTED:password] |",
      { password: 9, 'url-credentials': 1 }],
    ["a Basic header's value where its name is not beside it (a HAR file's headers, a Postman collection's), and the key of Postman's API-key authorization",
      '"headers": [\n  {\n    "name": "authorization",\n    "value": "Basic ZGVwbG95OlFZMUFFJU1RQE9XU0ZRaDc="\n  }\n]\n' +
        '{"key": "Authorization", "value": "Basic c2tfbGl2ZV81MUh4UTJlTTlrUHZ3Ujc6"}\n' +
        '"auth": {\n  "type": "apikey",\n  "apikey": [\n    {\n      "key": "value",\n      "value": "f4036681dffdf7f1e50e",\n      "type": "string"\n    },\n    {\n      "key": "key",\n      "value": "X-Billing-Key"\n    }\n  ]\n}',
      '"headers": [\n  {\n    "name": "authorization",\n    "value": "Basic [REDACTED:authorization]"\n  }\n]\n' +
        '{"key": "Authorization", "value": "Basic [REDACTED:authorization]"}\n' +
        '"auth": {\n  "type": "apikey",\n  "apikey": [\n    {\n      "key": "value",\n      "value": "[REDACTED:password]",\n      "type": "string"\n    },\n    {\n      "key": "key",\n      "value": "X-Billing-Key"\n    }\n  ]\n}',
      { authorization: 2, password: 1 }],
    ["a password printed from an auth file after its user's short name (OpenVPN's `auth-user-pass` file)", '$ cat /etc/openvpn/auth.txt\nalice\nHq7wP2mZ9x!Lt\n$ ls',
      '$ cat /etc/openvpn/auth.txt\nalice\n[REDACTED:password]\n$ ls', { password: 1 }],
    ['the password a hash is made of in a seed script or a test, and the third argument of a new Django user',
      "$hash = Hash::make('Hq7wP2mZ9xLt');\n'password' => bcrypt('nK4vT8qLz2Wp'),\npw = generate_password_hash(\"Xc9!mRt4Lq\")\n" +
        "hashed = bcrypt.hashpw(b\"Hq7wP2mZ9xLt\", bcrypt.gensalt())\nString enc = passwordEncoder.encode(\"P0o9i8u7y6t5\");\n" +
        'hash, _ := bcrypt.GenerateFromPassword([]byte("Zq8#rTx2Vb"), bcrypt.DefaultCost)\nUser.objects.create_superuser(\'admin\', None, \'Wm3xKq9Lr2Tz\')',
      "$hash = Hash::make('[REDACTED:password]');\n'password' => bcrypt('[REDACTED:password]'),\npw = generate_password_hash(\"[REDACTED:password]\")\n" +
        "hashed = bcrypt.hashpw(b\"[REDACTED:password]\", bcrypt.gensalt())\nString enc = passwordEncoder.encode(\"[REDACTED:password]\");\n" +
        'hash, _ := bcrypt.GenerateFromPassword([]byte("[REDACTED:password]"), bcrypt.DefaultCost)\nUser.objects.create_superuser(\'admin\', None, \'[REDACTED:password]\')',
      { password: 7 }],
    ["each key of a plural name's list written without brackets", 'API_KEYS=Zq8rTx2Vb9k4Lm,Hq7wP2mZ9xLt4vK\napi_keys: eqpcn135b4tcd6o1u23v , d7adf046b10b8b50782320fvbh',
      'API_KEYS=[REDACTED:password],[REDACTED:password]\napi_keys: [REDACTED:password] , [REDACTED:password]', { password: 4 }],
    ["a Redis user's password among its ACL rules, MinIO's client given a server, Azure's CLI as a service principal, InfluxDB's CLI",
      'ACL SETUSER alice on >Hq7wP2mZ9xLt ~cached:* +get\nuser worker on -@all +@list >nK4vT8qLz2Wp ~jobs:*\n' +
        'mc alias set prod https://minio.example.com AKIA5EXAMPLEUSER Zq8rTx2Vb9k4LmQ1\naz login --service-principal -u 0d3f9a2b -p Xc9~mRt4Lq.W8z --tenant t\n' +
        'influx setup -u admin -p Wm3xKq9Lr2Tz -o acme -b metrics',
      'ACL SETUSER alice on >[REDACTED:password] ~cached:* +get\nuser worker on -@all +@list >[REDACTED:password] ~jobs:*\n' +
        'mc alias set prod https://minio.example.com AKIA5EXAMPLEUSER [REDACTED:password]\naz login --service-principal -u 0d3f9a2b -p [REDACTED:password] --tenant t\n' +
        'influx setup -u admin -p [REDACTED:password] -o acme -b metrics',
      { password: 5 }],
    ["a quoted curl password with blanks (WordPress' application password), a secret printed by kubectl after its options, a plural key's list in one value (quoted)",
      '$ curl --user "editor:0uVY 6Imr 1OxQ sLu3 vbK0 m9Zt" https://blog.example.com/wp-json/wp/v2/posts\n' +
        '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d; echo\nk04cpfZWXE1kYZt7\n' +
        'API_KEYS="dcHkd+J0fRWGV1S9lEBzHA==,ZXRKKzbe3IjEteHJ4h4JGQ=="',
      '$ curl --user "editor:[REDACTED:password]" https://blog.example.com/wp-json/wp/v2/posts\n' +
        '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d; echo\n[REDACTED:password]\n' +
        'API_KEYS="[REDACTED:password],[REDACTED:password]"',
      { password: 4 }],
    ["a session's cookie as a request sends it, a response sets it and a browser's \"Copy as cURL\" gives it (not an anti-forgery token)",
      'set-cookie: SID=e5cc/QvAKBLL7nvuwZ+M2se0O1XgSOL8; HttpOnly; path=/\nCookie: PHPSESSID=9t8ksl2m7r4q0v3e1p6o5n; theme=dark\n' +
        "  -b '_ga=GA1.1.763023608.4704210089; connect.sid=s%3AqZr7Tx1Vb4N9f3kLm2Qx.Hq7wP2mZ9xLt4vKq8; csrftoken=TaV4MiJ5BHc9Cs1KrwgO2i9K' \\",
      'set-cookie: SID=[REDACTED:password]; HttpOnly; path=/\nCookie: PHPSESSID=[REDACTED:password]; theme=dark\n' +
        "  -b '_ga=GA1.1.763023608.4704210089; connect.sid=[REDACTED:password]; csrftoken=TaV4MiJ5BHc9Cs1KrwgO2i9K' \\",
      { password: 3 }],
    ["the password Terraform generated, as its state keeps it (a quote in it escaped), and not another resource's result",
      '{"type": "random_id", "instances": [{"attributes": {"result": "k4Lm2Qx8"}}]},\n{\n  "type": "random_password",\n  "instances": [{"attributes": {"length": 16, "result": "a\\"b)Zc!9xQ"}}]\n}',
      '{"type": "random_id", "instances": [{"attributes": {"result": "k4Lm2Qx8"}}]},\n{\n  "type": "random_password",\n  "instances": [{"attributes": {"length": 16, "result": "[REDACTED:password]"}}]\n}',
      { password: 1 }],
    ['password hashes as databases store them: PostgreSQL\'s SCRAM, MySQL\'s caching_sha2 given with AS, a Redis user\'s sha256',
      ' app_rw | SCRAM-SHA-256$4096:B4SctlQksmSIlTel0KsIJw==$ojW/cHtjTwv8kis54dWNFzapKuGOf35IqgpWiuTn234=:SJTpc+kSO3lSdJNYtvCvqhxXUUEqTW+2G16bv+SLzs8=\n' +
        "CREATE USER `shop`@`%` IDENTIFIED WITH 'caching_sha2_password' AS '$A$005$u81C?;bRxJ[2dI+nvWB;F.2H9Fu' REQUIRE NONE\n" +
        '1) "user worker on #e5e9fa1ba31ecd1ae84f75caaa474f3a663f05f4a1c5e0b6a6ae1f6f0f0b9b0f ~jobs:* +@list"',
      ' app_rw | [REDACTED:password-hash]\n' +
        "CREATE USER `shop`@`%` IDENTIFIED WITH 'caching_sha2_password' AS '[REDACTED:password-hash]' REQUIRE NONE\n" +
        '1) "user worker on #[REDACTED:password-hash] ~jobs:* +@list"',
      { 'password-hash': 3 }],
    ["Kafka's JAAS users, T-SQL's Unicode literal, signtool's /p, Oracle's mkstore and paho's username_pw_set",
      'KafkaServer {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  user_orders-svc="Orchid1990&deploy";\n};\n' +
        "CREATE LOGIN [svc] WITH PASSWORD = N'Winter2019!rocket', CHECK_POLICY = ON;\nsigntool sign /f C:\\certs\\a.pfx /p w@KvByh#7uBGsOb /fd SHA256 a.exe\n" +
        "mkstore -wrl /u01/wallet -createCredential ORCLPDB1 app_user 'Maple2011@violet'\nclient.username_pw_set(\"sensor-12\", \"Thunder1977#kitchen\")\nredis-server --requirepass EC6frdUAylG9VclqDZHi",
      'KafkaServer {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  user_orders-svc="[REDACTED:password]";\n};\n' +
        "CREATE LOGIN [svc] WITH PASSWORD = N'[REDACTED:password]', CHECK_POLICY = ON;\nsigntool sign /f C:\\certs\\a.pfx /p [REDACTED:password] /fd SHA256 a.exe\n" +
        "mkstore -wrl /u01/wallet -createCredential ORCLPDB1 app_user '[REDACTED:password]'\nclient.username_pw_set(\"sensor-12\", \"[REDACTED:password]\")\nredis-server --requirepass [REDACTED:password]",
      { password: 6 }],
    ["a game server's and an FTP client's login, a token piped into az devops login, a setting under its section, a password with a symbol in a driver's auth pair, libpq's words with an & inside the password, a WordPress salt in an .env file",
      "./steamcmd.sh +login studio_buildbot 'b19WYV43wKs+' +run_app_build app_build_1938270.vdf +quit\nsteamcmd +login builder Xk9mPq2vLz7 +quit\n" +
        "lftp -u deploy,'Gr3m10#519' sftp://files.example.com -e 'mirror -R ./dist; bye'\nkeystore/release_password=\"Orion#49Prod\"\n" +
        'driver = GraphDatabase.driver("neo4j+s://db.example.com", auth=("neo4j", "xibGe5MA6BN!OTyH_"))\n' +
        "panic: failed to connect to `host=db user=inventory password=5-ZA&y#v_c7f database=inventory`: server error\n" +
        "AUTH_KEY='i?u Q(*Y(]!Z&F-Y0u@cEM,!(E}hd(/V1~xb:E+Q=Ar-sl_A@<XX(:qR@KZ!m}Nr'\necho oqrtcjudfjwzmel2jnr5pkts7msrwsmobwww3ricbhizrvvftldv | az devops login --org https://dev.azure.com/contoso",
      "./steamcmd.sh +login studio_buildbot '[REDACTED:password]' +run_app_build app_build_1938270.vdf +quit\nsteamcmd +login builder [REDACTED:password] +quit\n" +
        "lftp -u deploy,'[REDACTED:password]' sftp://files.example.com -e 'mirror -R ./dist; bye'\nkeystore/release_password=\"[REDACTED:password]\"\n" +
        'driver = GraphDatabase.driver("neo4j+s://db.example.com", auth=("neo4j", "[REDACTED:password]"))\n' +
        "panic: failed to connect to `host=db user=inventory password=[REDACTED:password] database=inventory`: server error\n" +
        "AUTH_KEY='[REDACTED:password]'\necho [REDACTED:password] | az devops login --org https://dev.azure.com/contoso",
      { password: 8 }],
    ["the passwords of a map of users, on one line (Orthanc's RegisteredUsers) or several (express-basic-auth's users)",
      '"RegisteredUsers": { "admin": "istanbul.marzo@86", "viewer": "bB*OqMg4Pkfo" }\n' +
        "app.use(basicAuth({\n    users: {\n        'admin': 'supersecret1',\n        'adam': 'Password1234',\n    }\n}))",
      '"RegisteredUsers": { "admin": "[REDACTED:password]", "viewer": "[REDACTED:password]" }\n' +
        "app.use(basicAuth({\n    users: {\n        'admin': '[REDACTED:password]',\n        'adam': '[REDACTED:password]',\n    }\n}))",
      { password: 4 }],
    ["a password after a user named token (a refused value is read again from a password's name inside it), and one named in backticks in a sentence",
      '{"username": "token", "password": "AuvT4IE6vVJ35Vr-jKvzvtQk"}\nThe connection fails because `DB_PASSWORD` in `.env` is `Globex?2022` but the role was recreated',
      '{"username": "token", "password": "[REDACTED:password]"}\nThe connection fails because `DB_PASSWORD` in `.env` is `[REDACTED:password]` but the role was recreated',
      { password: 2 }],
    ["a network device's RADIUS key with no type, an IKEv2 pre-shared key, SNMPv3 users' passphrases (Cisco's and net-snmp's)",
      'radius-server host 192.0.2.6 auth-port 1812 acct-port 1813 key Janvier2025%\n ikev2 remote-authentication pre-shared-key uYd?Lp#YKS1Ua2YFYjWiRiYO\n' +
        'snmp-server user nms-poller NMS v3 auth sha Nordwind+2025x priv aes 128 C%RNT-4c0@?yb2a0\ncreateUser monitor SHA-256 "Quasar_riverside_pumpkin6" AES "Hl?um7Azo@kq3gT=85"',
      'radius-server host 192.0.2.6 auth-port 1812 acct-port 1813 key [REDACTED:password]\n ikev2 remote-authentication pre-shared-key [REDACTED:password]\n' +
        'snmp-server user nms-poller NMS v3 auth sha [REDACTED:password] priv aes 128 [REDACTED:password]\ncreateUser monitor SHA-256 "[REDACTED:password]" AES "[REDACTED:password]"',
      { password: 6 }],
    ["what password-auditing tools print: NetExec's found login, a cracked hash's password, john's passwd file, a captured NTLMv2 response",
      'SMB  192.0.2.20  445  FS01  [+] CORP\\svc_backup:Octubre2020? (Pwn3d!)\n$6$nYudkNoDzutPNVDP$9cf3k8Vb2QxLm4Rt7Yw1Zp0Nc5c1:Umbrella%2022!\n' +
        'alice:HarborWalrus692*:1001:1001:Alice:/home/alice:/bin/bash\nroot:x:0:0:root:/root:/bin/bash\n' +
        'm.keller::CORP:c2b8076c2cfad859:FB820AD7F7CD9309E35F1ABE915C1E1C:0101000000000000410204a1b2c3d4e5f60718293a4b5c6d7e8f90011223344',
      'SMB  192.0.2.20  445  FS01  [+] CORP\\svc_backup:[REDACTED:password] (Pwn3d!)\n[REDACTED:password-hash]:[REDACTED:password]\n' +
        'alice:[REDACTED:password]:1001:1001:Alice:/home/alice:/bin/bash\nroot:x:0:0:root:/root:/bin/bash\n' +
        'm.keller::CORP:c2b8076c2cfad859:[REDACTED:password-hash]',
      { password: 3, 'password-hash': 2 }],
    ["the tokens of a Consul agent's acl block, in HCL over several lines and in JSON",
      'acl {\n  tokens {\n    initial_management = "3daa3f7f-dc5e-48fb-82cf-3a3280408a39"\n    agent = "8c1a2b3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d"\n  }\n}\n{"acl": {"tokens": {"agent": "5e2f9a1b-7c3d-4e8f-a0b1-c2d3e4f5a6b7"}}}',
      'acl {\n  tokens {\n    initial_management = "[REDACTED:consul-token]"\n    agent = "[REDACTED:consul-token]"\n  }\n}\n{"acl": {"tokens": {"agent": "[REDACTED:consul-token]"}}}',
      { 'consul-token': 3 }],
    ["a Terraform Cloud token whose first part holds capitals, in a sentence",
      'the token is ikovTaLUGPI7GN.atlasv1.D8dRLQlqzXPIFZcJ3JuALHsqwLF_rRYK3awA77iDbnGOFkyHK8D=4ixhrl6Uewq6u1m ok',
      'the token is [REDACTED:terraform-token] ok', { 'terraform-token': 1 }],
    ["a password that starts with a printf verb, a bare credential after a hash's =>, a literal assigned with R's <-, a generated key that holds the word Key by chance, and passwords that look like names of code, addresses, paths, passphrases or defaults",
      "define( 'DB_PASSWORD', '%q+KV2LlIzH#Qm+B' );\napi_token => hj65Xklhz9trlupok76\napi_key <- 'hj65Xklhz9trlupok76'\napiKey: aB3kZ9qKeyXm7Lp2Qw,\n" +
        'password: mySecret123\nsecret = ocean.Breeze2024Q\nJWT_SECRET=correct-horse-battery-staple\npassword: P@ssw0rd.com\npassword: "correct/horse/battery"\nurl=postgres://app:${DB_PASSWORD:-devpassword}@db/app',
      "define( 'DB_PASSWORD', '[REDACTED:password]' );\napi_token => [REDACTED:password]\napi_key <- '[REDACTED:password]'\napiKey: [REDACTED:password],\n" +
        'password: [REDACTED:password]\nsecret = [REDACTED:password]\nJWT_SECRET=[REDACTED:password]\npassword: [REDACTED:password]\npassword: "[REDACTED:password]"\nurl=postgres://app:${DB_PASSWORD:-[REDACTED:password]}@db/app',
      { password: 10 }],
    ["a password in sentences of other languages: after what it is for in many words, after now, after Polish's to, a Turkish inflection, a leading symbol, words joined with a digit and a symbol",
      'la contraseña del panel de admin de WooCommerce es Matrix2020x (usuario: tienda_admin)\ndas Passwort für den Staging-Server ist jetzt Zima?30Prod – bitte nicht kopieren\n' +
        'hasło do VPN to Gremio#81Dev, login jak zwykle\nsunucu şifresi: bayern-orion!34 — kullanıcı adı root\nпароль от админки Grafana: ^ITjQR1Gn3?SUxh',
      'la contraseña del panel de admin de WooCommerce es [REDACTED:password] (usuario: tienda_admin)\ndas Passwort für den Staging-Server ist jetzt [REDACTED:password] – bitte nicht kopieren\n' +
        'hasło do VPN to [REDACTED:password], login jak zwykle\nsunucu şifresi: [REDACTED:password] — kullanıcı adı root\nпароль от админки Grafana: [REDACTED:password]',
      { password: 5 }],
    ["a password in a sentence of another language: what it is for with an apostrophe or in Russian, in the quotes of the language (German's closing „…“ too), after a name glued to the word, before a full-width comma",
      "le mot de passe de l'admin Prestashop est « 05AzlxO#!34Nr6y6 » (identifiant : admin)\nПароль от админки: jDSt98NJz9c7#pTt, логин admin\n" +
        'ステージングのDBパスワードは `8b@Dq!yz4Stf1k9L` です。\n服务器密码是 Orchid1989%kitchen，用户名 root\nDas Passwort für den Server ist „Kx7!mP2qLv9z“.',
      "le mot de passe de l'admin Prestashop est « [REDACTED:password] » (identifiant : admin)\nПароль от админки: [REDACTED:password], логин admin\n" +
        'ステージングのDBパスワードは `[REDACTED:password]` です。\n服务器密码是 [REDACTED:password]，用户名 root\nDas Passwort für den Server ist „[REDACTED:password]“.',
      { password: 5 }],
    ["a password SQL inserts into the column named for it, in each row, also handed to a function that hashes it",
      "INSERT INTO mysql_users(username,password,default_hostgroup) VALUES ('shop_app','il3TvW!X8oITGShTi2oM',10);\n" +
        "INSERT INTO users (name, password, created_at) VALUES\n  ('ada', 'Hq7wP2mZ9x!', NOW()),\n  ('bob', crypt('Zq8rTx2Vb9k4', gen_salt('bf')), NOW());",
      "INSERT INTO mysql_users(username,password,default_hostgroup) VALUES ('shop_app','[REDACTED:password]',10);\n" +
        "INSERT INTO users (name, password, created_at) VALUES\n  ('ada', '[REDACTED:password]', NOW()),\n  ('bob', crypt('[REDACTED:password]', gen_salt('bf')), NOW());",
      { password: 3 }],
    ["PgBouncer's userlist.txt, and a literal written as the fallback of Groovy's or PHP's ?:",
      '$ cat /etc/pgbouncer/userlist.txt\n"pgbouncer_admin" "V9e6HtWS6B#oE%zF"\n"stats" "md5e6aff8c9bade1fbeefd937ab36e8d5b9"\n' +
        "def dbPass = env.DB_PASS ?: 'Meadow1982#deploy'\n$pw = getenv('DB_PASSWORD') ?: 'Qx7!mTr2Lp9z';",
      '$ cat /etc/pgbouncer/userlist.txt\n"pgbouncer_admin" "[REDACTED:password]"\n"stats" "[REDACTED:password]"\n' +
        "def dbPass = env.DB_PASS ?: '[REDACTED:password]'\n$pw = getenv('DB_PASSWORD') ?: '[REDACTED:password]';",
      { password: 4 }],
    ["a setting on the line after a keyword alone on its line, a plural name's keys in one value, Junos' secret data and SNMP communities, a hash line as Responder prints it",
      '[android]\ntoken\nrelease_password = Qv7#pLm2xR9w\nAPP_KEYS=Xq9mZ2vL7pK4wR8tN3yB6g==,Hj5kP8sD2fG7aQ1wE4rT9y==\n' +
        '    192.0.2.20 secret "$9$HtFI7sfbo2iDDLWTn4b/Q8b/3eaq"; ## SECRET-DATA\n    community m2ss6520A171WU { authorization read-only; }\n' +
        '    community Xk9vQ2mPzL7r {\n        authorization read-only;\n    }\n' +
        '[SMB] NTLMv2-SSP Hash     : m.keller::CORP:c2b8076c2cfad859:FB820AD7F7CD9309E35F1ABE915C1E1C:0101000000000000410204a1b2c3d4e5f60718293a4b5c6d7e8f90011223344',
      '[android]\ntoken\nrelease_password = [REDACTED:password]\nAPP_KEYS=[REDACTED:password]\n' +
        '    192.0.2.20 secret "[REDACTED:password]"; ## SECRET-DATA\n    community [REDACTED:password] { authorization read-only; }\n' +
        '    community [REDACTED:password] {\n        authorization read-only;\n    }\n' +
        '[SMB] NTLMv2-SSP Hash     : m.keller::CORP:c2b8076c2cfad859:[REDACTED:password-hash]',
      { password: 5, 'password-hash': 1 }],
    ["a password in sentences of other languages, what it is for in words without a preposition (Vietnamese, Indonesian, Arabic), Hindi's hai, a dash, words joined with a capital and a symbol",
      'Mật khẩu DB production là FTf7zJp6dSBWsObdFGecfQ3OajD nhé\nkata sandi akun AWS root: C4nyon2017!\nbhai staging server ka root password hai fable-Shale%67\n' +
        'كلمة المرور للخادم هي Fable724Walnut!\nпароль от сервера — Xk9!mP2qLv9z',
      'Mật khẩu DB production là [REDACTED:password] nhé\nkata sandi akun AWS root: [REDACTED:password]!\nbhai staging server ka root password hai [REDACTED:password]\n' +
        'كلمة المرور للخادم هي [REDACTED:password]!\nпароль от сервера — [REDACTED:password]',
      { password: 5 }],
    ["Windows' automatic logon in the registry (reg add, Set-ItemProperty), Pi-hole's, a Synology user's and SAP HANA's secure store's passwords, a password piped into secret-tool",
      'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d ATDMwvLzvZp0CoxrJSmZN5A /f\n' +
        'Set-ItemProperty -Path $winlogon -Name DefaultPassword -Value "Quartz!Harbor82"\nsudo pihole -a -p \'Fable%Fennel43\'\nsudo synouser --setpw hyperbackup \'Jetty9Lotus!\'\n' +
        "hdbuserstore SET BACKUPKEY hanadb01:30013@SYSTEMDB BACKUP_OPERATOR 'Cl0ver2025!'\nprintf '%s' 'XWiG8-n2fvA-E8t1u-HRZht-eumx0' | secret-tool store --label=nextcloud service nextcloud user lucia",
      'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d [REDACTED:password] /f\n' +
        'Set-ItemProperty -Path $winlogon -Name DefaultPassword -Value "[REDACTED:password]"\nsudo pihole -a -p \'[REDACTED:password]\'\nsudo synouser --setpw hyperbackup \'[REDACTED:password]\'\n' +
        "hdbuserstore SET BACKUPKEY hanadb01:30013@SYSTEMDB BACKUP_OPERATOR '[REDACTED:password]'\nprintf '%s' '[REDACTED:password]' | secret-tool store --label=nextcloud service nextcloud user lucia",
      { password: 6 }],
    ["a credential with an empty user, an answer file's value as Select-String prints it, Postfix's sasl_passwd, a Google app password and a passphrase of words to the end of the line",
      'Password = new NetworkCredential("", "Hollow17Saffron?").SecurePassword,\n  autounattend.xml:41:        <AdministratorPassword>\n> autounattend.xml:42:          <Value>Tundra!0073</Value>\n' +
        '[smtp.office365.com]:587 alerts:j9NotuHeuwrMFsQQa1fwXxMoIf\npassword       vskg hxyv alzu vxjh\nBORG_PASSPHRASE=quince newt rotor 649',
      'Password = new NetworkCredential("", "[REDACTED:password]").SecurePassword,\n  autounattend.xml:41:        <AdministratorPassword>\n> autounattend.xml:42:          <Value>[REDACTED:password]</Value>\n' +
        '[smtp.office365.com]:587 alerts:[REDACTED:password]\npassword       [REDACTED:password]\nBORG_PASSPHRASE=[REDACTED:password]',
      { password: 5 }],
    ["lines of a tool's output in a transcript's JSON string read as printed: a .pgpass line that starts the string, what a command printed last in it",
      JSON.stringify({ type: 'tool_result', content: '*:5432:*:analyst:SIznxg9kTxaGYeoZjniWjOsy1\n---\n$ sudo cat /etc/chef/encrypted_data_bag_secret\nk04cpfZWXE1kYZt7QxR2' }),
      JSON.stringify({ type: 'tool_result', content: '*:5432:*:analyst:[REDACTED:password]\n---\n$ sudo cat /etc/chef/encrypted_data_bag_secret\n[REDACTED:password]' }),
      { password: 2 }],
    ["a password under pass or pw with a number (pass2, pw2), its symbols braces and brackets",
      'final String pass2 = "f#a};!y~7VBcu<&F@[%,{b";\npw2 = \'Kx7!mP2qLv9z\'',
      'final String pass2 = "[REDACTED:password]";\npw2 = \'[REDACTED:password]\'',
      { password: 2 }],
    ["generated passwords whose symbols are punctuation (a comma or a colon at an edge, a brace, <, a leading $ or @), a short one in a YAML block, OCI's pass_phrase",
      'DB_PASSWORD = "9SLYB;Wlm=pZhEIuR^Z,"\nDB_PASSWORD=}IQkQNG,DXBFPB2Unzd:\ndb_password: |\n  8soJSA\nDB_PASSWORD="$HKnGM1HIN746reC?kmP"\n' +
        'DB_PASSWORD="Oy<;VsCnBK7=ks}oB<}X"\nDB_PASSWORD="@cwGYvpKRtQvwxBDehqH"\npass_phrase=heron-kelp_013!',
      'DB_PASSWORD = "[REDACTED:password]"\nDB_PASSWORD=[REDACTED:password]\ndb_password: |\n  [REDACTED:password]\nDB_PASSWORD="[REDACTED:password]"\n' +
        'DB_PASSWORD="[REDACTED:password]"\nDB_PASSWORD="[REDACTED:password]"\npass_phrase=[REDACTED:password]',
      { password: 7 }],
    ["a private key as an agent's file reader prints it (each line after its number), Elasticsearch's setup-passwords output (in a JSON string too), Jenkins' UsernamePasswordCredentialsImpl over two lines, Thai's and Romanian's words for a password, Responder's hash line in its colours",
      '     1→-----BEGIN PRIVATE KEY-----\n     2→MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n     3→mf9pA2jBPww9m0VV84WyZQ==\n     4→-----END PRIVATE KEY-----\n' +
        "PASSWORD kibana_system = OrblMljoIdB1qt5JZkw5\ndef nexus = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL,\n    'nexus-deployer', 'Nexus deploy user', 'deployer', 'hollow.marina_420!')\n" +
        'รหัสผ่าน: quince_anchor.07@\nparolă: Womb4t2019*\n{"response":"Changed\\nPASSWORD elastic = 3SQLl0wC2vX1ZpdRnFeM","ts":1}\n' +
        '\x1b[1;34m[SMB]\x1b[0m NTLMv2-SSP Hash     : \x1b[0;33mm.keller::CORP:c2b8076c2cfad859:FB820AD7F7CD9309E35F1ABE915C1E1C:0101000000000000410204a1b2c3d4e5f60718293a4b5c6d7e8f90011223344\x1b[0m',
      '     1→[REDACTED:private-key]\n' +
        "PASSWORD kibana_system = [REDACTED:password]\ndef nexus = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL,\n    'nexus-deployer', 'Nexus deploy user', 'deployer', '[REDACTED:password]')\n" +
        'รหัสผ่าน: [REDACTED:password]\nparolă: [REDACTED:password]\n{"response":"Changed\\nPASSWORD elastic = [REDACTED:password]","ts":1}\n' +
        '\x1b[1;34m[SMB]\x1b[0m NTLMv2-SSP Hash     : \x1b[0;33mm.keller::CORP:c2b8076c2cfad859:[REDACTED:password-hash]\x1b[0m',
      { 'private-key': 1, password: 5, 'password-hash': 1 }],
    ["a value under a SealedSecret's encryptedData that the controller did not seal",
      'kind: SealedSecret\nspec:\n  encryptedData:\n    AWS_SECRET_ACCESS_KEY: wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Lm3Np2Q',
      'kind: SealedSecret\nspec:\n  encryptedData:\n    AWS_SECRET_ACCESS_KEY: [REDACTED:aws-key]',
      { 'aws-key': 1 }],
    ["a value under encryptedData where no SealedSecret is named",
      'encryptedData:\n  DB_PASSWORD: AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq6Kw8xYz2aVbN1qP7sR3tU9vW0eF5gH2jK4lM6nO8pQ',
      'encryptedData:\n  DB_PASSWORD: [REDACTED:password]',
      { password: 1 }],
    ["a passphrase of words in quotes after a password's name and a colon (YAML, JSON), a password after an ASCII dash in Russian, a credential whose user is string.Empty or null",
      'password: "vskg hxyv alzu vxjh"\n"passphrase": "correct horse battery staple"\nпароль - Xk9mP2qLv9z\n' +
        'var a = new NetworkCredential(string.Empty, "Hollow17Saffron?");\nvar b = new NetworkCredential(null, "Quartz!Harbor82");',
      'password: "[REDACTED:password]"\n"passphrase": "[REDACTED:password]"\nпароль - [REDACTED:password]\n' +
        'var a = new NetworkCredential(string.Empty, "[REDACTED:password]");\nvar b = new NetworkCredential(null, "[REDACTED:password]");',
      { password: 5 }],
    ["`pass` or `pw` alone as a password's name: in capitals, given a quoted value (nodemailer's auth), as an entry's key",
      "PASS=Kq8wPzLt3\nexport PW=\"Vt7nRx2Lp\"\nauth: { user: 'mailer', pass: 'hunter2x' }\n{\"key\": \"PASS\", \"value\": \"Ws4kBn8Yq\"}\n<key>PASS</key><value>Zc9mTf3Hd</value>",
      "PASS=[REDACTED:password]\nexport PW=\"[REDACTED:password]\"\nauth: { user: 'mailer', pass: '[REDACTED:password]' }\n{\"key\": \"PASS\", \"value\": \"[REDACTED:password]\"}\n<key>PASS</key><value>[REDACTED:password]</value>",
      { password: 5 }],
    ['`pass` or `pw` alone given a value with `=` (a query, a form) or after a colon, not in capitals',
      'login?user=bob&pw=Kq8wPzLt3\ncurl -d "user=bob&pass=Vt7n!Rx2" https://x\npass: hunter2x\nUser: bob / Pass: Ws4kBn8Yq',
      'login?user=bob&pw=[REDACTED:password]\ncurl -d "user=bob&pass=[REDACTED:password]" https://x\npass: [REDACTED:password]\nUser: bob / Pass: [REDACTED:password]',
      { password: 4 }],
    ["a setting between an armor's lines, where only the armor's own headers may stand",
      '-----BEGIN PGP MESSAGE-----\npassword: Xk9fLq2mZpR7\n-----END PGP MESSAGE-----', '-----BEGIN PGP MESSAGE-----\npassword: [REDACTED:password]\n-----END PGP MESSAGE-----',
      { password: 1 }],
    ["a URL's password of four digits (a PIN as often as a keyboard's run)", "uri = 'https://kaNydBSAodo87dsm9asuiSAFtsd7.com:1234@qYY3SylY7fHP'",
      "uri = 'https://[REDACTED:url-credentials]@qYY3SylY7fHP'", { 'url-credentials': 1 }],
    ['a token returned by a getter named for it',
      'func getBetterStackToken() string{ return "ntJD0ER8QpuT0O1WqsclApO2" }\n' + "    def api_key(self):\n        return 'Zk29sLmQ8vNp4RtY'",
      'func getBetterStackToken() string{ return "[REDACTED:password]" }\n' + "    def api_key(self):\n        return '[REDACTED:password]'",
      { password: 2 }],
    ['a secret printed between an armor cut short and a later end line (what `sops -d` printed among `sed` and `tail` of the file)',
      '            -----BEGIN PGP MESSAGE-----\n$ sops -d secrets.enc.yaml\ndb_password: Xk9fLq2mZpR7vB\n$ tail -1 secrets.enc.yaml\n            -----END PGP MESSAGE-----',
      '            -----BEGIN PGP MESSAGE-----\n$ sops -d secrets.enc.yaml\ndb_password: [REDACTED:password]\n$ tail -1 secrets.enc.yaml\n            -----END PGP MESSAGE-----',
      { password: 1 }],
    ['a token returned by a getter in Go, Kotlin, Swift and C#',
      'func getAPIToken() (string, error) {\n\treturn "ghx8Kq2LmZp4Rt7YvB3nW9sD", nil\n}\noverride fun getApiKey() = "Lm4Zp8Rt2YvB7nW3sDgh"\n' +
      'val apiToken: String\n    get() = "Vb5nW1sDgh6Kq9LmZp3R"\nvar apiKey: String { return "Qz7Yv2Bn5Wk8Sd3Gh6Lm" }\n' +
      'public string ApiKey { get { return "Tr4Lm8Zp2Qk6Vb9Nw3Sd"; } }',
      'func getAPIToken() (string, error) {\n\treturn "[REDACTED:password]", nil\n}\noverride fun getApiKey() = "[REDACTED:password]"\n' +
      'val apiToken: String\n    get() = "[REDACTED:password]"\nvar apiKey: String { return "[REDACTED:password]" }\n' +
      'public string ApiKey { get { return "[REDACTED:password]"; } }',
      { password: 5 }],
    ['a password a client sends in the clear, as `curl -v` and a POP3 session show it (the server\'s reply between USER and PASS)',
      '> USER deploy\n< 331 Password required for deploy\n> PASS Tr0ub4dor&3x\n< 230 User deploy logged in\nUSER deploy\n+OK\nPASS s3cr3tPop',
      '> USER deploy\n< 331 Password required for deploy\n> PASS [REDACTED:password]\n< 230 User deploy logged in\nUSER deploy\n+OK\nPASS [REDACTED:password]',
      { password: 2 }],
    ["IMAP's LOGIN and the ftp client's user command", 'a001 LOGIN deploy Tr0ub4dor&3x\na2 LOGIN "deploy" "Xk9 fLq2"\nftp> user deploy Tr0ub4dor&3x',
      'a001 LOGIN deploy [REDACTED:password]\na2 LOGIN "deploy" "[REDACTED:password]"\nftp> user deploy [REDACTED:password]', { password: 3 }],
    // What a name of code or a line of code is kept for, a generated value is not: random letters with a number in them, a password
    // after `&` or `*`, a value behind `urn:`, words around a UUID under a session's name.
    ['values that look like code or a name at a glance', 'Cookie: sessionid=qPyma5621WZaawFq\nAPI_KEY=mOblNatAohuAlaiwde5931ln\npassword: &Hunter2.Qx9z\n' +
      'secret: "urn:pw:Xk9fLq2mZpR7vB"\nsessionid=Marble-Vacation-9f2b6c1e-4d3a-4b8e-a1f0-7c5d2e8b9a41-Zebra\nCookie: sid=x0445MyesnWMYwch',
      'Cookie: sessionid=[REDACTED:password]\nAPI_KEY=[REDACTED:high-entropy]\npassword: [REDACTED:password]\nsecret: "[REDACTED:password]"\nsessionid=[REDACTED:high-entropy]\n' +
      'Cookie: sid=[REDACTED:password]',
      { password: 4, 'high-entropy': 2 }],
    // Words around a UUID make it an id only when they name no secret.
    ['a UUID under words that name a key', 'acme-secret-key-9f2b6c1e-4d3a-4b8e-a1f0-7c5d2e8b9a41', '[REDACTED:high-entropy]', { 'high-entropy': 1 }],
    // A key's name longer than 40 characters before its keyword (Bitwarden's data.json names a user's secret by the user's UUID).
    ['a token in the query of an address that is no image, a generated token given to a call named for one', 'https://api.example.com/v1/data?token=Xk9fLq2mZpR7vB3n\napi.setToken("user", "Xk9fLq2mZpR7vB3nQ")',
      'https://api.example.com/v1/data?token=[REDACTED:password]\napi.setToken("user", "[REDACTED:password]")', { password: 2 }],
    // What looks like a translation's text, a message's key or a badge only at a glance (found by a second reader).
    ['a passphrase in a sentence\'s case, and generated or chosen values under keys that only start like a message\'s',
      'DB_PASSWORD="Tiger lily rose"\nMESSAGE_BROKER_PASSWORD=vskghxyvalzuvxjh\nERROR_TRACKER_TOKEN=qhzmxkvbyawtnrlpcsdfgeoj\n"title.password": "Qhzmxkvbyawtnrlpcsdfgeoj"\n' +
      '{"Client Secret": "kQzRtPwXmnbVfGhJaLsDeRtY"}\n{"Admin Password": "Tigerlily"}\nNO_REPLY_PASSWORD=Summer2024!\nhashed_secret = "Xk9fLq2mZpR7vB3n"',
      'DB_PASSWORD="[REDACTED:password]"\nMESSAGE_BROKER_PASSWORD=[REDACTED:password]\nERROR_TRACKER_TOKEN=[REDACTED:password]\n"title.password": "[REDACTED:password]"\n' +
      '{"Client Secret": "[REDACTED:password]"}\n{"Admin Password": "[REDACTED:password]"}\nNO_REPLY_PASSWORD=[REDACTED:password]\nhashed_secret = "[REDACTED:password]"',
      { password: 8 }],
    ['a token in an image\'s address that is no badge\'s, a name before a digest that says it holds a token, a random folder before an asset',
      'https://gitlab.com/g/p/badges/main/pipeline.svg?private_token=9koXpg98eAheJpvBs5tK\nGET /api/v1/reset/token.3f2a9c1e8b3d4e5fa7c92d4b6e8f0a1c3f2a9c1e8b3d4e5fa7c92d4b6e8f0a1c/confirm\n' +
      'cp /srv/share/Xk9fLq2mZpR7vB3nQw8sT4yU6iO1pA5d/report.svg .',
      'https://gitlab.com/g/p/badges/main/pipeline.svg?private_token=[REDACTED:password]\nGET [REDACTED:high-entropy]\ncp [REDACTED:high-entropy] .',
      { password: 1, 'high-entropy': 2 }],
    // A secret written as a word is also a user's or a database's name elsewhere: only one that can only be itself is redacted again.
    ['a word chosen as a password where it is set only, random letters wherever they recur',
      'MYSQL_USER=petclinic\nMYSQL_PASSWORD=petclinic\nCREATE DATABASE petclinic;\nparsehub_token = "vZrEclFwOqeA"\ncurl -H "X: vZrEclFwOqeA" https://x',
      'MYSQL_USER=petclinic\nMYSQL_PASSWORD=[REDACTED:password]\nCREATE DATABASE petclinic;\nparsehub_token = "[REDACTED:password]"\ncurl -H "X: [REDACTED:password]" https://x',
      { password: 3 }],
    // (However long, words joined by dashes are a host's or a resource's name elsewhere; joined by `_`, a login that is its own password.)
    ['long words chosen as a token where set only, a login that is its password wherever it recurs',
      '"token": "manually-configured",\nsvchost.Hostname("manually-configured.example.com")\nUser ID=specialbill_user;\nPassword=specialbill_user;',
      '"token": "[REDACTED:password]",\nsvchost.Hostname("manually-configured.example.com")\nUser ID=[REDACTED:connection-string];\nPassword=[REDACTED:connection-string];',
      { password: 1, 'connection-string': 2 }],
    ["a binding's Secret: its credential, not its type, host, port or user", 'apiVersion: v1\nkind: Secret\nstringData:\n  type: "postgresql"\n  host: "demo-db"\n  port: "5432"\n  username: "user"\n  password: "Xk9fLq2mZpR7"\n',
      'apiVersion: v1\nkind: Secret\nstringData:\n  type: "postgresql"\n  host: "demo-db"\n  port: "5432"\n  username: "user"\n  password: "[REDACTED:password]"\n', { password: 1 }],
    ["a GPG key's passphrase in hex, and a base64 line in a comment that is no signature block", 'GPG_PASSPHRASE="CFB4C216"\n# GiUbD12OeORN0ADzdpsQ4dDi6M4YhoGE9cbY11XxM2AVZn0GiOUC9+XE0wI7CQKf',
      'GPG_PASSPHRASE="[REDACTED:password]"\n# [REDACTED:high-entropy]', { password: 1, 'high-entropy': 1 }],
    ["a Slack client's session token in a form's body and its cookie", 'name="token"\r\n\r\n xoxc-2541715624-2536568458595-2560197464944-23a188852dc1e585a9b594b4facd7d96339fb1d45c592c67a2385fb02f3cd453\r\n---\n' +
      'Cookie: d=xoxd-RWAqM1zwIRrr%2B2XACnx2j85Nmnq7jXRq08nLu92OuSVSD%2FOq%2FJrB6huw%2B1E7SYpflbEhm7gKHZsqNX3mypdDoskW%2Bs9x; d-s=1700000000',
      'name="token"\r\n\r\n [REDACTED:slack-token]\r\n---\nCookie: d=[REDACTED:slack-token]; d-s=1700000000', { 'slack-token': 2 }],
    ['a password in a sentence before the end of its element', '<td>Password: Xk9fLq2mZ</td>', '<td>Password: [REDACTED:password]</td>', { password: 1 }],
    ['a generated value under the key of a message', 'setting_api_key: Xk9fLq2mZpR7vB3n\nfield_password: hunter2', 'setting_api_key: [REDACTED:password]\nfield_password: [REDACTED:password]', { password: 2 }],
    ['a generated secret under a key written as a phrase', '{"Client ID": "a1", "Client Secret": "Xk9fLq2mZpR7vB3n"}', '{"Client ID": "a1", "Client Secret": "[REDACTED:password]"}', { password: 1 }],
    ['a secret under a long name', '"user_d351d93b-adb0-4714-bbef-a11100fff9cc_token_apiKeyClientSecret": "N8N2xWg4FV8lusbl5CHBb5XRil6kOa"',
      '"user_d351d93b-adb0-4714-bbef-a11100fff9cc_token_apiKeyClientSecret": "[REDACTED:password]"', { password: 1 }],
    ["Vault's AppRole secret id in the table `vault write …/secret-id` prints, and a Vault token of 24 random characters",
      'Key                   Value\n---                   -----\nsecret_id             6f2a9c1e-8b3d-4e5f-a7c9-2d4b6e8f0a1c\n' +
      'secret_id_accessor    0d5c2a1e-8b3d-4e5f-a7c9-2d4b6e8f0a1c\nsecret_id_ttl         0s\nVAULT_TOKEN: hvs.CAESIBzktQvQZGNtOH4KrShoVm',
      'Key                   Value\n---                   -----\nsecret_id             [REDACTED:vault-secret-id]\n' +
      'secret_id_accessor    0d5c2a1e-8b3d-4e5f-a7c9-2d4b6e8f0a1c\nsecret_id_ttl         0s\nVAULT_TOKEN: [REDACTED:vault-token]',
      { 'vault-secret-id': 1, 'vault-token': 1 }],
    // A Tink keyset's key material: a symmetric key's (a public key's is the key's public half).
    ['the key of a Tink keyset',
      '{"primaryKeyId":1976038263,"key":[{"keyData":{"typeUrl":"type.googleapis.com/google.crypto.tink.AesGcmKey","value":"GhBi7O0TErBM9eTl3UppUGZg","keyMaterialType":"SYMMETRIC"},"status":"ENABLED"}]}\n' +
      '{"keyData": {"typeUrl": "type.googleapis.com/google.crypto.tink.EcdsaPublicKey", "value": "EgYIAxACGAIa", "keyMaterialType": "ASYMMETRIC_PUBLIC"}}',
      '{"primaryKeyId":1976038263,"key":[{"keyData":{"typeUrl":"type.googleapis.com/google.crypto.tink.AesGcmKey","value":"[REDACTED:private-key]","keyMaterialType":"SYMMETRIC"},"status":"ENABLED"}]}\n' +
      '{"keyData": {"typeUrl": "type.googleapis.com/google.crypto.tink.EcdsaPublicKey", "value": "EgYIAxACGAIa", "keyMaterialType": "ASYMMETRIC_PUBLIC"}}',
      { 'private-key': 1 }],
  ])('redacts %s', (_name, input, expected, counts) => {
    expect(redact(input)).toEqual({ out: expected, counts });
  });

  it.each([
    // A key of one character repeated after its provider's prefix is a placeholder (in bech32, all `q` is a key of zeros).
    `AGE-SECRET-KEY-1${'Q'.repeat(58)}`, `tskey-api-${'C'.repeat(12)}-${'D'.repeat(24)}`,
    'mask_password_field', 'the AKIA prefix', 'AKIAIOSFODNN7EXAMPL', 'sk-this-is-not-a-key-just-a-slug-with-words',
    '3f786850e387550fdab836ed7e6dc881de23001b', 'c4ca4238a0b923820dcc509a6f75849b8b9c7d1e5f2a3b4c6d7e8f9a0b1c2d3e',
    '123e4567-e89b-12d3-a456-426614174000', '1.2.3', 'src/a/b.ts', 'token = nextToken()', 'pwd=/home/ada',
    // Runs of a repeated character after a prefix; a prefix whose checksum fails, typed in sequence; one short line in a key's armor.
    'sgp_5555555dAAAAA7777777CcccCFaaaaaaaaaaaaaa', 'ghp_1234567890abcdefghijklmnopqrstuvwxyz',
    '-----BEGIN PRIVATE KEY-----\nYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo=\n-----END PRIVATE KEY-----',
    // A hook's name or number in a path; a protobuf field's number (after its type, or before its options); an option's word
    // under a setting named by what it does to a password.
    'cp scripts/hooks/pre-commit .git/hooks/pre-commit', 'gh api repos/acme/app/hooks/482913765/pings',
    '  google.protobuf.StringValue refresh_token = 536870911;', '  repeated string api_key = 7;', '  DATA_TOKEN = 11 [deprecated = true];', '  DATA_B_PASSWORD = 28970[',
    '    update_password: "on_create"', 'resetPassword: always',
    '<secret_name>my-app-secret</secret_name>', 'token1, token2 = fetch(a), fetch(b)',
    // Values stored encrypted; a reference, a placeholder glued to a value, an annotation, a comparison; WordPress' placeholder.
    "secret='ENC(2048:tUf83Ex0Jk2lQ9mZx8vB7nC6aQ1wE3rT5yU7iO9pA2sD4fG6hJ8kL0zX)'",
    '  password: ENC[AES256_GCM,data:Zm9vYmFyYmF6cXV4,iv:2qF98ZkL0Qm3vX7bN5cT1wE4rY6uI8oP0aS2dF4gH6j=,tag:Xk9mQ2vL8pRt4ZwQ1abcdE==,type:str]',
    // Basic's base64 of a placeholder login, of no login, or the word in prose; a Postman API key that is a variable.
    'Authorization header: Basic dXNlcjpwYXNzd29yZA==', 'Basic Og==', 'Basic OmFiYw==', 'Basic authentication with base64(user:password)',
    // A hash made of a placeholder or of a variable; a hash function given its algorithm's name.
    // Strapi's placeholder; ids named in a value's field, after a Matrix sigil, or as an entity tag asked for.
    'Set-Cookie: session=deleted; expires=Thu, 01 Jan 1970 00:00:00 GMT', 'document.cookie = "token=" + token + "; path=/";', 'Cookie: sessionid=${SESSION_ID}',
    'RememberMeServices.cookieStolen=Diverg\\u00eancia inv\\u00e1lida em remember-me token',
    '$ mlflow runs describe --run-id ec35be62086075c8db136107d81ab782 | jq', '  "artifact_uri": "mlflow-artifacts:/432607822081753/efd250b31774c67a8a7896fe2062c5dd/artifacts",',
    // A translation file's label for a password, letters outside ASCII in it.
    '"password": "Contraseña"', '"Password": "Lösenord"', '"password": "Şifre"', '"password": "Hasło"', '"password": "Jelszó"',
    "INSERT INTO users (name, password) VALUES ('ada', 'password');", 'INSERT INTO users (name, password) VALUES (?, ?);', "INSERT INTO users (name, title) VALUES ('ada', 'Lead-Engineer-2');",
    "Le mot de passe de l'utilisateur doit contenir 8 caractères.", 'パスワードは8文字以上にしてください。',
    'JWT_SECRET=tobemodified', '{ "name": "x-amz-cf-id", "value": "k2SfN3jaWsxc_4irX3kYJ_PnOuNXVOcfN_sxk6K_iW3lDvRFrGxhVecu==" }',
    '  "event_id": "$xI5CxuXW5b1T8sC0td-UgtWonvbF59fjQkIATAVc5sI",', '  -H \'if-none-match: W/"2d91e8fa5c7d4ee15bf5dc2e74b200af"\' \\',
    "'password' => Hash::make('password'),", 'hashed: "{{ plaintext | password_hash(\'sha512\') }}"', 'APP_KEYS="toBeModified1,toBeModified2"', 'keys: id,name,created_at', 'bcrypt.hash(password, 10)', "hash('sha256', $payload)", 'Hash::make($request->password)',
    // MinIO's first login, a certificate's file, a write's precision, a Redis user's hashed password, a line of prose.
    'mc alias set local http://localhost:9000 minioadmin minioadmin', 'az login --service-principal -u 0d3f9a2b -p ~/certs/sp.pem --tenant t',
    'influx write -b bucket -p s "m v=1"', 'user bob said > hello',
    // An anonymous game-server login, a query's flag after a token's value, a path's segment named for a password, a name-and-word password.
    'steamcmd +login anonymous +app_update 740 validate +quit', 'curl "https://api.example.com/v1?token=abc123&debug"', 'GET /account/reset_password=1 HTTP/1.1',
    // Identifiers named as a listing names them, one blank after the name; a key's file in the home folder.
    'EOS product: ProductId 83196d67c2d55f464c1ce91897bc5842, SandboxId c04a953aa8a123e92a30af8835aa4374', 'key file ~/private_keys/AuthKey_7QX4M2KD9B.p8',
    // Names of code made of words and acronyms (`When` is a word; `ACL`, `RPC` are acronyms), a WebAuthn challenge, the MD5 of nothing.
    'if done, err := a.srv.forward(structs.ACLGetBindingRuleRPCMethod, args, args, reply); done {', 't.Run("ShouldErrWhenSANsFlagNotDefinedInCSR", func(t *testing.T) {',
    'case otlptranslator.NoTranslation, otlptranslator.NoUTF8EscapingWithSuffixes:', '{"type":"webauthn.get","challenge":"in1cL-oWfSjSd7uuwUvv2ndOAmRXb0cOAbUoTtAqvGE","origin":"%s"}',
    'cty.StringVal("d41d8cd98f00b204e9800998ecf8427e"),',
    // … with short words among them (`Get`, `By`, `Key`, `Not`, `Or`, `Use`) and a standard's or an algorithm's number (`RFC6749`,
    // `Ed25519`, `Sha256`).
    'if err := s.agent.RPC(structs.ACLGetRoleByNameRPCMethod, &args, &reply); err != nil {', 'validator.Push(fmt.Errorf(errFmtOIDCProviderPrivateKeysKeyNotRSAOrECDSA, i+1))',
    'e.childCmd.SysProcAttr.UseCgroupFD = true', 'log.WithError(oauthelia2.ErrorToDebugRFC6749Error(err)).Error("request failed")',
    '{"ShouldMatchEd25519PrivateKeyPointer", &edPriv, true},',
    'func (c *Config) GetDefaultRFC8693RequestedTokenType(ctx context.Context) string {', '"ShouldReturnRSAOAEP256ForRSAPrivateKeyNilN",',
    // Code where a value would be: a member of an object, a variable named for what it holds, a Go field's type, a JSX expression; a
    // list of names; an address as a signing key; messages written in escapes; fetch's credentials policy; a fingerprint's bytes; a
    // word as a variable's default.
    '\t\tAuthToken: clientToken1.SecretID,', '"GOOGLE_ENCRYPTION_KEY": encryptionKey2, // Different',
    'eddsaPrivateKey: ed25519Key,', 'factoriesSecret map[string]kinformers.SharedInformerFactory', 'credential={indexEdit === -1 || !props.credentials ? undefined : props.credentials[indexEdit]}',
    "'ansible_port', 'ansible_pipelining', 'ansible_password', 'ansible_timeout',", 'BindAuthenticator.badCredentials=\\u6191\\u8B49\\u932F\\u8AA4',
    "fetch(url, { cache: 'no-store', credentials: 'same-origin' })", '    1E:52:A2:E8:54:D5:37:EB:D5:A8:1D:E4:C2:04:1D:37:E2:F7:70:03',
    'certSecret: redis-client-cert',
    // The key's member given the variable of its name, a constant named by the last words of its key, an address or an element
    // taken, a variable named for what it holds after an acronym, a URN naming where a secret is kept, a key's id after `key ID`.
    // A test runner's results (no USER line before), a reference, a page's name.
    ' PASS  src/app.test.ts (5.2 s)\n PASS  src/b.test.ts', '> USER deploy\n> PASS $FTP_PASSWORD', 'ALTER LOGIN sa DISABLE', 'INFO LOGIN alice success',
    'ROOT LOGIN ON tty1', 'case token { "v2x9k3m1" }',
    // A getter that returns a constant: a scheme's name, a header's, an algorithm.
    'fun getToken() = "Bearer"', 'var token: String { "auth-token" }', 'val keyAlgorithm: String get() = "AES/CBC/PKCS5Padding"',
    'this.encryptionX509Credentials = encryptionX509Credentials;', 'ActionResetPassword = "ResetPassword"', 'Password: &parts[1],',
    'token:              ns1NSToken,', '// service:_nomad-task-2f5fb517-57d4-44ee-7780-dc1cb6e103cd-group-api-count-api-9001-sidecar-proxy:1',
    '{Name: "name", Value: "k8s_some-name_some-other-name-5j8s8_kube-system_6e91c467-e4c5-11e7-ace3-0a97ed59c75e_0"},', 'password: "urn:k8s:secret:oidc:redisPass"', '// testAuthorKeyArmor is test key ID 5BFEEC4317E746008621970637A6AB3BCF2C170A.',
    // Where a secret is kept (a path of words, Perl's $ENV{…}, TeamCity's credentialsJSON:<uuid>), a host's name and port, a sentence.
    'DATABASE_URL=postgres://api:{{ with secret "kv/data/api/db" }}{{ .Data.data.password }}{{ end }}@pg:5432/api', 'secret = $ENV{RADIUS_CORE_SECRET}',
    'password("env.NEXUS_PASSWORD", "credentialsJSON:0b7a3c2e-1f4d-4e8a-9c6b-5d2e1f0a9b8c", display = HIDDEN)',
    'db_endpoint = "shop-prod.c1x2y3z4.eu-central-1.rds.amazonaws.com:5432"', 'the password in plain text is bad',
    // A model's token counts.
    '"usage": {"tokens": {"input": 123, "output": 45}}',
    // Code with `::`, a server's key to type, a passwd file's entry.
    'std::vector<int> x; a::b:c', 'tacacs-server host 192.0.2.5 key 7', 'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin',
    // A map of users to names, roles and counts, not passwords.
    '"users": {"alice": "Alice Smith", "ops": "role:admin", "n": "12", "carol": "team-lead"}', 'users = {"john": "hello", "susan": "bye"}',
    'sunucu şifresi: staging-server', 'Reset the password to server01 first', 'tokens.map(token => sha256.hex(token))', '2024-01-05:INFO:12:34:56:worker:job done',
    '  authentication pre-shared-key required', 'tokens {\n  request_id = "3daa3f7f-dc5e-48fb-82cf-3a3280408a39"\n}', 'token = "%s&user_token=%s"', "secret = '%s+%s'", 'tokens.map(token => token.trim())', ":api_key => ENV['API_KEY'],", 'token <- getToken()', 'la contraseña del servidor es secreta, pídela a Marta', 'commit #e5e9fa1ba31ecd1ae84f75caaa474f3a663f05f4a1c5e0b6a6ae1f6f0f0b9b0f was reverted',
    'secrets: vault, aws-secrets-manager, doppler', 'tokens: 1f3a9c, then rotate them', 'hotkeys: Ctrl+Shift+K1,Alt+F4+Tab2',
    'Set-Cookie: last_login=2024-05-01T10:22:33Z; Path=/', 'document.cookie = "login_redirect=/dashboard/settings/2024"',
    '"value": "Basic {{basicToken}}"', '"apikey": [{"key": "value", "value": "{{apiKey}}", "type": "string"}]',
    'spring.datasource.password={cipher}5c1d3f0e9a2b7c4d8e6f1a0b3c5d7e9f2a4b6c8d0e1f3a5b7c9d', '  git_accesstoken: ${.secrets.git_accesstoken}', '  - --token=sha256~<some-token-here-yo>', '<replace token="@javax.annotation.Generated" value="x"/>',
    'if(password===this.options.password}var x', "define('AUTH_KEY',         'put your unique phrase here');",
    // A stored secret's id is no secret (AWS, Bitwarden); a webhook's name or number is no token.
    'aws secretsmanager get-secret-value --secret-id 6a174c20-f6de-453c-94d2-6018fcceff64', 'bws secret get secret_id=6a174c20-f6de-453c-94d2-6018fcceff64',
    'POST https://example.com/webhooks/order-created and /webhook/12345678901234567890',
    // Code read between two string literals, a property set on the way, a script's first line, a pattern, an interpolation
    // cut at a quote inside it, a variable passed on, a request to fill the value in, a key file's name.
    '"secret": ").append(toIndentedString(secret)).append("', 'secret=app.settings.password="$PW', "secret: '#!/usr/bin/env bash'",
    'PASSWORD=.*/[a-z0-9]+$', "'secret':'#{ENV.fetch('APP_SECRET') }'", '"password": "DB_PASSWORD=${DB_PASSWORD}"',
    'token = tokens[idx2]', 'key-value-store-config2', 'https://acme.notion.site/API-BD80F56CDC1441E6BF6011AB6D852875', 'Authorization: header missing in request 12345678', 'an SSH2 key starts with ---- BEGIN SSH2 PRIVATE KEY ----', "'secret': 'FIXME-before-release'", '<password>please-enter-yours.Secret</password>', "secret_access_key='prod-backup-sa3.json'",
    'const contentTypeToken string = "Content-Type"', "webex token - 'redirect_url_mismatch'", 'contentful_access_token: "CFPAT-"', 'langfuse_secret_key = sk-lf-invalid',
    'AdminSshSigningKey: "admin:ssh_signing_key",', '// Verify token "webhooks:manage" permission', 'objects, err := s.GetJenkinsObjectsForPath(ctx, absolutePath)',
    '// Docs: https://developer.atlassian.com/server/jira/platform/rest/v10002/api-group-myself/#api-api-2-myself-get',
    'req, err := http.NewRequest("GET", "https://calendarific.com/api/v2/holidays?&api_key="+resMatch+"&country=US", nil)',
    'command = append(command, "--token="+inputs["token"].Value)', 'req.Header.Add("Authorization", fmt.Sprintf(`WRAP access_token="client=%s&user_token=%s"`, key, user))',
    'authorizationHeader := fmt.Sprintf("%s Credential=%s/%s, SignedHeaders=%s, Signature=%s",', '\tcfapitoken "github.com/trufflesecurity/trufflehog/v3/pkg/detectors/cloudflareapitoken"',
    'connection.Credential = &sourcespb.S3_AccessKey{', 'info.SSHCredentials = []sshCredential{}', 'credentials := []string{cs.consumerKey, cs.consumerSecret}',
    'privateKey := ed25519.NewKeyFromSeed(privateBytes[:32])', '"private_key": base64PrivateKey,', 'Extra map[string]string `protobuf_key:"bytes,1,opt,name=key,proto3"`',
    'https://api.etherscan.io/api?module=account&action=balance&address=0x70F657164e5b75689b64B7fd1fA275F334f28e18',
    '  refresh_token: DefaultPostgresColumn<{', '  sessionToken: Partial<CookieOption>', '  refresh_token := <optional str>$refresh_token,',
    '      token: `${url}oauth/token`,', '      token: `https://${accountID}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,',
    '  const accountKey = `${accountKeyPrefix}${id}`', ' *       clientSecret: IDENTITY_SERVER4_CLIENT_SECRET,', '  clientSecret: AUTH_AZURE_AD_B2C_CLIENT_SECRET',
    // (A word whose number is its own in a constant's name: a documentation's list of the variables to set.)
    '`S3_ACCESS_KEY`, `S3_SECRET_KEY`, `S3_BUCKET` (or `s3.bucket`).', 'aws_secret_key = S3_SECRET_KEY',
    '  apiKey={process.env.NEXT_PUBLIC_ALGOLIA_KEY!}', '    "jsonwebtoken": "^9.0.0"', '\tr.xSessionToken = &xSessionToken',
    '  "lookup_secret": "#/components/schemas/updateLoginFlowWithLookupSecretMethod",', 'key = load_pem_private_key(pem_bytes, password=passphrase)',
    'BindAuthenticator.badCredentials=Credenciales err\\u00F3neas', 'AbstractLdapAuthenticationProvider.emptyPassword=Ung\\u00FCltige Anmeldedaten',
    'Authentication anonymous = new AnonymousAuthenticationToken("key", "anonymous", principal);', 'private static final String USER_NOT_FOUND_PASSWORD = "userNotFoundPassword";',
    '    signing.credentials: &relying-party-credentials', '    signing.credentials: *relying-party-credentials',
    'return getSetting(ConfigurationSettingNames.Client.REQUIRE_AUTHORIZATION_CONSENT);', 'val accessToken: OAuth2AccessToken = authorizedClient.accessToken',
    // A value whose words say it is unfit on purpose, as a test of what is refused writes it.
    // … and an environment file's generated value that its name calls an id, a digest or a build's label, or that is a name.
    'BUILD_ID=2UW4EG0Ml0wCWnwbMXpLVxYhyVYl', 'issuerKeyHash=cZTGPqxG3OaETsbu6ASTGP8KlWFL9M', 'GIT_COMMIT=Xq8vB2nL5kR9tZ3wP7', 'DEFAULT_REGION=EuropeWest2Central',
    '$this->markJobAsFailedIfItShouldntBeRetried(', 'HEAD=ed60ba139c8585a100f4e152ccbb8e98725b17fb', 'POSTGRES_DB=appdevelopment2024', 'NODE_OPTIONS=--max-old-space-size=4096', '# masterauth <master-password>',
    'ALGOLIA_API_KEY=short', 'PLAID_SECRET=tooshort', 'CEREBRIUM_API_KEY=notajwt', 'linode_access_key=keyTooShort', 'client_token=akab-short',
    'password get_password2', '  sessionToken := <str>$sessionToken,',
    // A name that says its value is made up, as a scanner's test of what it refuses names one; a member given its function.
    'wrongLength := "AkCpr2xgvpmi0mu1d4scncu7t9sucyx82jh6ffj1qe4vdyxya1uzs5d4fl7b52j"', 'nonMatchingToken := "av6m5wlisqovzlv2"', 'FAKE_API_KEY=Kp4Qx7Rm2Sn5Tb8Vw3Yz',
    'token: getElementsByTagName', 'password: XMLHttpRequestUpload', 'auth: HTTPSConnectionPool', 'Authorization: Bearer requestAnimationFrame',
    '      analyzeMetafile: analyzeMetafile2', 'title: Q3Report2024Final', 'name: Regulatory_Affairs_2024', 'fileHash: "1c4ce02cf2dfde95457503bd91cfa2fb"', 'creds := aws.Credentials{', 'SecretId: 4c9a8f6e-3b7d-1a2c-5e8f-0b9d6a3c4e1f', 'token=arr[2]*x;', 'password = getpass(prompt2!)', 'password: "AKIA************MPLE"', '{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tgy7L0MKtIfU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}', 'token=ghp_****************************abcd', 'authorization = OAuth2Authorization.from(authorization).invalidate(token.getToken()).build();',
    // A call of a name with a number in it, a member of a module's short alias, an assembly's public key token, a template's __name__.
    'EIP20Interface token = EIP20Interface(underlying);', 'secret = AES256Cipher(key)', 'deps: [{ token: i1.XhrFactory }]',
    '<assemblyIdentity name="System.Web.Mvc" publicKeyToken="31bf3856ad364e35" culture="neutral" />', 'val PASSWORD = "__globPaths__"',
    'client = STS.AssumeRoleWithWebIdentity(req)', 'return STS.GetCallerIdentityRequest',
    // A provider's prefix, a version in a part of it or a colon after it, then a word that says the value is made up.
    'ASTRA_DB_APPLICATION_TOKEN=AstraCS:short', 'LANGSMITH_API_KEY=lsv2_pt_short', 'ONESIGNAL_API_KEY=os_v2_app_short',
    // A page's anti-forgery token and a <meta> tag's content, in a JSON string (its quotes written out).
    '{"content":"<input type=\\"hidden\\" name=\\"authenticity_token\\" value=\\"7SWa-Fo1_hsC6oovfBsJFLGPUl2EhkSWPbJhWANwgaJWBDl1vxd9VNqXTNAefsJqzIRYaZEfYZLffa31rw8zJA\\" />"}',
    '{"html":"<meta name=\\"google-site-verification\\" content=\\"7SWaFo1hsC6oovfBsJFLGPUl2EhkSWPbJhWANwgaJWB\\">"}',
    // A rule's text: a regular expression's class of a key's alphabet, a pattern after a command's password flag; a post's slug
    // where a provider's prefix is a later word.
    '  - pattern-regex: AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}', "  pattern-regex: sshpass -p\\s*['|\\\\\"][^%]",
    '- https://ozguralp.medium.com/unauthorized-google-maps-api-key-usage-cases-and-why-you-need-to-care-1ccb28bf21e',
    // A list of names, the next item after a secret's name; a key named public in words; an age recipient; a key that says it is
    // documentation's.
    "const attrs = ['data-api-key', 'data-token', 'data-secret', 'data-config'];", '# public key: k7Qp2mXv9LrTCj4Hs8Nw2Bz6Fd1GyWq3',
    'age -r age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p -o out.age', 'const hubApiKey = "DOCUMENTATIONabcXYZ12345678901234567890ABC+/==";',
    // A variable for a header's value; a web analytics id; a regular expression's group; a gist's id in a URL's query.
    "headers = {'x-amz-date': timestamp, 'Authorization': v4auth_header}", '"token": "UA-2184335-18"',
    "SECRET = r'(?=[^\\v\\'\\\"]*)(?=\\w+)[^\\v\\'\\\"]*'", '- https://textstat-viewer.netlify.com/?gist=d9cd929e87cbd7b3e015eee22b864d48',
    // A JWT's shape signed by a word, as documentation draws one.
    'WORKATO_API_TOKEN=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvdGhlciJ9.signature', 'see eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJvdGhlci1zZXJ2aWNlIn0.signature',
    // Lines of base64 of prose, wrapped at a width that cuts its groups of four: each is read from where its groups start.
    'Vja3BvaW50IGlzIHN0b3JlZCBhcyBvcmRpbmFyeSBnaXQgb2JqZWN0cywgc28gdGhhdCBpdC',
    'GVja3BvaW50IGlzIHN0b3JlZCBhcyBvcmRpbmFyeSBnaXQgb2JqZWN0cywgc28gdGhhdCBpd',
    // A name in capitals given a type or a name in code (a bare value after `:`), a digest, base64 of text.
    '    OPEN_CONFIRM: Nfsv4OperationFn<msg.Nfsv4OpenConfirmRequest, msg.Nfsv4OpenConfirmResponse>;',
    // A certificate encoded in base64 (a kubeconfig's `client-certificate-data`): public, as the certificate written out is.
    '    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvekNDQWVlZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFRc0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=',
    // A reference given as the user with GitHub's fixed password: nothing secret is written.
    'git clone https://$GITHUB_TOKEN:x-oauth-basic@github.com/somerepo.git', 'machine github.com login $GH_TOKEN password x-oauth-basic',
    "expect(tokenType).toBe('Bearer');",
    // A credential's name translated, as a locale file holds it (words of a language, some letters beyond ASCII, or a script
    // written without blanks), and prose in those languages.
    '        password: Contraseña\n        confirmation_token: Bestätigungs-Token\n        unlock_token: Opplåsingskode',
    'パスワード：8文字以上で入力してください', 'Passwort: siehe Tresor', 'senha: obrigatória', 'das Passwort ist abgelaufen', 'the token on main is ready', 'from requests.auth import HTTPBasicAuth', 'basicAuth(req)',
    'the token for this is generated by the server', 'the password of the user is stored as PBKDF2WithHmacSHA256',
    // The same commands asking for the password, or given none: `*`, an option, `/ as sysdba`, an empty passphrase.
    'net user bob /add', 'net user administrator *', 'sqlplus / as sysdba', "ssh-keygen -t ed25519 -N '' -f key", 'run python3 deploy.py user:pass@host',
    'unzip -P "$ZIP_PASSWORD" backup.zip',
    'snmpwalk -v2c -c public router system', 'jdbc:oracle:thin:@//db:1521/orcl',
    'psk = os.urandom(32)', 'The TLS-PSK mode uses a pre-shared key', 'psk_identity = "client1"',
    'vault login -method=userpass username=me', 'boundary authenticate password -login-name admin -password env:BOUNDARY_PASS',
    'buildConfigField "String", "API_KEY", "\\"${apiKey}\\""', 'buildConfigField("String", "BASE_URL", "\\"https://api.example.com\\"")', 'token ||= fetch_token(user)',
    // A ConfigMap's data as JSON is no Secret's.
    '{"kind": "ConfigMap", "data": {"LOG_LEVEL": "info", "feature": "b1pZSEZUVnk2Y0RTbEhYdw"}}',
    // Lines after a command that are not what it printed: a script's next commands, a message echoed, a comment, a setting's name
    // that is not a secret's (`token_id`, `SECRET_NAME`), prose.
    'echo "Using token for ${GITHUB_USER}"\nbuild_release\nupload_assets', '    echo $CI_JOB_TOKEN\n    cleanup-runner', '# echo $API_TOKEN\nmain_loop',
    'type your password\nHunter2Pass', '$ terraform output -raw token_id\n5d8a1f0c-93b7-4a24-8d6e-5f1a9c3b7d2e', '$ echo $SECRET_NAME\nprod-db-credentials-v2',
    '$ heroku config:get TOKEN_ISSUER\nauth-service-v3',
    // A port given with `-p` where `-P` takes the password, a tool's name as an option's value or a file's extension, a flag of the next
    // command on the line; a sentence with the tools' names; a reference piped.
    'docker run -d --name mongo -p 27017:27017 mongo:7', 'mosquitto_sub -h broker.example.com -p 8883 -t sensors/#', 'ssh-keygen -s ca_key -I alice -n alice,root user.pub',
    'unzip release.zip && mkdir -p build/out2', 'wget https://example.com/tool-v2.zip -P downloads/v2', 'ASP.NET user secrets are stored in a JSON file',
    'Use sqlplus and/or rman', 'echo "alice:${NEW_PASS}" | chpasswd',
    // A JSON Secret's kind names no other object's data: a ConfigMap beside it in a list, an API's answer later in the text.
    '{"kind":"List","items":[{"data":{},"kind":"Secret"},{"data":{"FEATURE":"checkout-v2"},"kind":"ConfigMap"}]}',
    'it had "kind": "Secret".\n{"data": {"id": "usr_8f3k2", "name": "Alice", "plan": "pro"}}',
    // A value on the line after a setting's name, a Bind that is no LDAP bind, htpasswd asking for the password.
    'Setting: log level\nNew value: debug', 'v.Bind("port", "8080")', 'c.Bind(&form)', 'htpasswd -c .htpasswd admin', 'mosquitto_passwd -U passwordfile',
    // SNMP's default communities, a type and an index in prose, a help request, a file's heading in prose, a placeholder after a type; a
    // reference Grafana expands; the documented passwords of Java's and Android's stores; a WireGuard public key as wg prints it.
    'snmp-server community public RO\nsnmp-server community private RW', 'The key 0 is reserved; secret 7 is the index', '/msg NickServ help identify',
    'chap-secrets has columns: # client server secret IP addresses\nSee man pppd.', 'enable secret 0 <password>', 'schtasks /create /tn x /tr y /ru CORP\\svc /RP *',
    'security unlock-keychain -p "$KEYCHAIN_PASSWORD" build.keychain', 'remotepasseval = get_password("imap.example.com")',
    'admin_password = $__file{/run/secrets/grafana_admin_password}\nsecret_key = $__env{GF_SECRET_KEY}',
    'keytool -list -keystore ~/.android/debug.keystore -storepass android -keypass android', 'keytool -importcert -keystore cacerts -storepass changeit -file ca.pem',
    '$ wg pubkey < /etc/wireguard/private.key\nohFai2/FyrO8QurGBSzE9zaPC4nSpexdy4vpz/UKhM8=', 'peer: l97zq/dsPrLS85kdiQvDFlHMP9hyOI3hgyh9XeJDrT4=\n  endpoint: 203.0.113.5:51820',
    // A Pulumi stack's encrypted value; Vagrant's documented password; commands given no password; cloud-init's other settings.
    'config:\n  acme:dbPassword:\n    secure: v1:ROeS9c+QQCY0Yi18:yWo11SSGf+f9w0pzncXZeN11n8XBkVIRz5kiGs3ACET+iC0e', '  config.ssh.password = "vagrant"',
    'pulumi config set --secret dbPassword', 'poetry config http-basic.acme ci-reader', 'db2 connect to sample', 'cqlsh -u cassandra -p "$CASSANDRA_PASSWORD"',
    'chpasswd:\n  expire: false\nruncmd:\n  - echo hi:there',
    // Names whose words start with two consonants that begin words (`Dj` of Django, `Ld` is none but the rest are words).
    'DEPLOY_KEY=SalesResultsQuarterly2\ncache_key = DjangoSettingsModule2\nDEPLOY_KEY=NginxUpstreamConfig2\nDEPLOY_KEY=JsonWebTokenParser2',
    // Hashers and tools given no password (asked for, or read from a file), a reference written to a file, bytes that are no keypair,
    // a seed phrase's heading over prose, and what a wallet shows in public: an extended public key, a bech32 address.
    'openssl passwd -6 -in pw.txt', 'openssl passwd -6', 'samba-tool user create bob --random-password', 'xcrun altool --upload-app -u ci -p @keychain:AC_PASSWORD',
    'echo "$VAULT_PASS" > ~/.vault_pass', 'echo hello > notes.txt',
    'const digest = [66,199,117,252,172,36,84,251,214,106,145,43,58,179,237,24,214,77,80,218,73,60,62,4,32,149,90,189,126,2,113,74,73,184,231,157,222,181,0,204,85,209,46,81,28,64,115,249,19,120,151,133,218,248,241,252,62,142,162,87,53,68,125,177];',
    'The seed phrase is made of words:\nsee the docs for how it is stored and how it is used in this wallet today',
    '"parent_desc": "wpkh([1f600b83/84h/0h/0h]xpub6D4K1sZydSvGTFEY969CbZsDwwQAZ5jQVjEf3Zcyb6AXVF9zpGshnDakJ1kpycjVwQN4dkPR7nSsW7LiYKq1ie7GpqVEugYmaKVcBpcvnmm/0/*)#l0aervcv"',
    '$ bitcoin-cli getaddressinfo bc1qwmj22vw4efxtvgde4nwnvzq0smfr4lsnyvcvyg',
    // Prose and files the new rules must leave: pppd's file ends at a prompt or prose, AUTH PLAIN in a sentence, messages written to a
    // log, a password's length, a key's index, DB2's words in a sentence, a seed phrase's heading over prose, names made of words,
    // a table of 64 bytes that is no keypair.
    '# client server secret IP addresses\n$ sudo systemctl restart pptpd\nThis is more prose about the file here',
    'This server advertises AUTH PLAIN capabilities only', 'Configure AUTH PLAIN authentication in postfix',
    'echo "Generated new tokens" > token_log.txt', 'echo "Build started at noon" >> build_secrets.log',
    'max password 7 characters', 'set password 0 length', 'A write to key 0 succeeded', 'connect to prod user alice using her credentials',
    'Seed phrase backup tips:\nstore these words offline never share them with anyone ever again okay', 'api_key: llamaIndexMnemonicStore2',
    '// secret_key lookup table\nconst SBOX = [99,124,119,123,242,107,111,197,48,1,103,43,254,215,171,118,202,130,201,125,250,89,71,240,173,212,162,175,156,164,114,192,183,253,147,38,54,63,247,204,52,165,229,241,113,216,49,21,4,199,35,195,24,150,5,154,7,18,128,226,235,39,178,117];',
    // … nor does a YAML Secret's name another document's data: a ConfigMap after `---`, a manifest in another fenced block.
    'kind: Secret\nmetadata:\n  name: db\n---\nkind: ConfigMap\ndata:\n  strategy: Default\n  mode: None',
    '```yaml\nkind: Secret\nstringData: {}\n```\nand the config:\n```yaml\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n```',
    // An entry's field that holds no secret: an expression, a colour, a parser's token, a removed value.
    '"adminPassword": {"type": "securestring", "defaultValue": "[newGuid()]"}', '"token": {"type": "color", "value": "#1a2b3c"}',
    '{"token": {"type": "Identifier", "value": "userName2"}}', '<Password>\n  <Value>*SENSITIVE*DATA*DELETED*</Value>\n</Password>',
    // Words after a password's name that are no password: an encoding, an algorithm, a column's type in SQL, a pointer's type, emphasis.
    'the password is base64-encoded', 'supports password argon2id hashing', 'the password is required', 'password hashing uses SHA256',
    'CREATE TABLE users (\n  id SERIAL,\n  password VARCHAR(255)\n);', '\tPassword *IdentityWithCredentialsPassword `json:"password,omitempty"`',
    'It only checks if the password is *present*.',
    // A public JSON Web Key; a sentence about a recovery phrase.
    '{"keys":[{"kty":"EC","crv":"P-256","kid":"k1","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}',
    'The mnemonic is a list of words; never share it.', 'seed phrase: write these words down and keep them in a safe place',
    // An entry named for a secret whose fields hold no literal of it: a schema's type and placeholder, a sibling's value.
    '"password": {\n  "type": "string",\n  "default": "changeme"\n}', 'token:\n  type: boolean\n  default: false', "props: { token: { type: String, default: '' } }",
    'password:\n  description: the admin password\nname:\n  value: my-service-name-2',
    // A command that prints a secret, and what follows it that it did not print: a blank line, prose, code, a path, an error, a
    // count, the next command, a fence.
    'Generate one with:\n\n    openssl rand -hex 32\n\nThen set SECRET_KEY.', 'TOKEN=$(gh auth token)\ncurl -H "Authorization: token $TOKEN" https://api.github.com',
    "const t = execSync('gh auth token').toString()\nreturn", '$ echo $PASSWORD_FILE\n/run/secrets/db_password', '$ cat token.txt\ncat: token.txt: No such file or directory',
    '$ echo $SECRET_KEY_BASE | wc -c\n129', '```bash\ngh auth token\n```', 'echo $API_TOKEN\nEOF', 'cat token_test.go\npackage main',
    'secret = secrets.token_hex(32)\nprint(secret)',
    '$ pulumi config get aws:region\nus-east-1', '$ terraform output -raw instance_id\ni-0abc123def4567890',
    '"BUILD_SHA": "2UW4EG0Ml0wCWnwbMXpLVxYhyVYl"', 'SAMPLE_TEXT = "aGVsbG8gZnJvbSB0aGUgZml4dHVyZSBmaWxl"',
    // A line that names a secret and ends with `:`, and lines after it that are none: commits, names, a date, words, code.
    'Commits that touched the token code:\n3f786850e387\n9c1a2b3d4e5f', 'Password reset requested for user: jsmith01', 'Token was issued to: ci-runner-01-prod',
    'Token expires at: 2025-11-02T10:14:03Z', 'secrets:\n  inherit', 'Supported tokens:\nBearer\nBasic\nghp_prefix', 'API keys used by the tests:\nTEST_KEY_1\nTEST_KEY_2',
    'def token(self):\n    return_token_v2', 'Passwords must have:\n8 characters\nOne digit',
    // After an address, what is no password: an ssh remote, a port, a path; a commit's id in capitals in emphasis.
    'git remote add origin git@github.com:org/repo2.git', 'Fixed in *3F786850E387550FDAB836ED7E6DC881DE23001B*, see the log.',
    'http -a $USER:$PASS GET https://api.example.com/me',
    // Calls with no literal password in the password's place: names, a reference, text that is no user and password, a test's check.
    'await page.login(username, password)', 'client.login(process.env.DISCORD_TOKEN)', "const b = Buffer.from('key:value')", 'Buffer.from(`${user}:${pass}`)',
    // Prose and tables about logins and passwords that give none: a page, a path, a flag's column, a placeholder.
    // Times, key files, ways to log in, an owner's name, an algorithm, a sentence run on in Chinese; an Expect script's other
    // answers, a test's check; text encoded that is no password; tables of names and counts; names of code under a heading.
    'Last login: 2024-01-01T10:30:45Z', 'INFO Successful login at 10:30:45.123Z for alice', 'log in as root with id_ed25519', 'Log in as admin using OAuth2',
    'Find the user ID, pass userId=42 to the handler.', 'Password reset requested for user: JohnSmith42', 'Token issued for client: MobileApp2024',
    'The password hashing algorithm is: Argon2id', '密码为SHA256哈希值', '数据库密码是base64编码后存储的',
    'expect "Retype new password:"\nsend -- "$newpass\\r"\nexpect "password updated successfully"\nsend "exit\\r"',
    "child.expect('Password updated. Restart now? [y/N]')\nchild.sendline('y')", "expect(screen.getByText('Wrong password')).toBeVisible();\nws.send('ping');",
    "Temporal.PlainTime.from('12:30:45')", "Buffer.from('aa:bb:cc:dd:ee:ff'.replace(/:/g, ''), 'hex')", "echo -n 'localhost:8080' | base64", "await login(page, 'editor')",
    '| Secret | Description |\n|---|---|\n| `AWS_S3_BUCKET` | the bucket |', '| Component | Secret |\n|---|---|\n| db | postgres-credentials-v2 |', '| Model | Tokens |\n|---|---|\n| gpt | 8k-32k |',
    'Password hashers:\n  Argon2PasswordHasher\n  BCryptSHA256PasswordHasher',
    'login: see docs/setup2.md', 'see /admin / v2beta1', 'root / home', 'The ratio admin / total2 is high', 'The login page is /auth/v2/login', 'credentials: ~/.aws/credentials', 'log in as admin with your SSO account',
    '| Flag | Default | Description |\n|---|---|---|\n| --token | none | the API token, e.g. abc123 |', '| Name | Token |\n| --- | --- |\n| ci | `${CI_TOKEN}` |\n| dev | n/a |',
    'user admin, pass <your-password>', 'Passwort: mindestens 8 Zeichen',
    'PATH_X=/usr/local/share/abc/def==', 'gcloud secrets create db-pass --data-file=secret.txt', 'security find-generic-password -s db -w',
    'echo -n "$USER:$PASS" | base64', 'echo $CI_JOB_TOKEN | docker login -u gitlab-ci-token --password-stdin $CI_REGISTRY', 'new PDO($dsn, $user, $pass)', "expect(screen.getByLabelText('Password')).toBeInTheDocument()", 'unrar x -p- archive.rar',
    // An Oracle Cloud resource's id names a user or a tenancy, as ~/.oci/config and Terraform's variables give it.
    '[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaawb4gdj6d5n3pzjkjqkhn3a7vhtw4grq4dcf5l66hm4sx2qj4pv6q\ntenancy=ocid1.tenancy.oc1..aaaaaaaaba3pv6wkcr4jqae5f15p2b2m2yt2j6rx32uzr4h25vqstifsfdsq',
    // A chat's user ids in a map of users; a shell's operator after steamcmd's user; `keys` inside a word; a BGP community's block; sentences
    // about a password in other languages that give none.
    'users = {"alice": "U024BE7LH"}', 'steamcmd +login me; echo done', 'mode=dynamic-keys authentication-types=wpa2-psk',
    'community BLOCK {\n    members 65000:666;\n}', 'Пароль — это ключ к вашему аккаунту, никому его не сообщайте.', 'kata sandi harus berisi minimal 8 karakter: huruf besar, angka',
    // A log's line after a bracketed level; a setting's words that are a sentence; a registry value that is a policy's number.
    '[INFO] server:started', 'password: when user asks them', 'passphrase: see the team vault', 'reg add HKCU\\Software\\App /v PasswordPolicy /t REG_DWORD /d 1 /f',
    // An account's id given as a setting's default, a user's id in hex in a log's line, a key's long id after the word.
    'account_sid = os.environ.get("TWILIO_ACCOUNT_SID", "AC203793b3c414f6e0e82248b7cff7bb18")',
    '[INF] Emby.Server.Implementations.Session.SessionManager: Creating new access token for user 024e04e79bbd4d39901b1419cbeab691',
    '# creds.gpg contains: set imap_pass = ... (encrypted to my key E85742FF48036156)',
    'stages:\n  pass1: true\n  pass2: false',
    // A SealedSecret's sealed values; an AWS resource's name; psql's variable; the name of an existing Kubernetes Secret; Twilio's account
    // SID in a log; code whose value ends in punctuation (a statement's `;`, a scope's `::`, an index after calls) and hex pairs.
    'kind: SealedSecret\nspec:\n  encryptedData:\n    DB_PASSWORD: AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq6Kw8xYz2aVbN1qP7sR3tU9vW0eF5gH2jK4lM6nO8pQ\n  template:\n    type: Opaque',
    // Variables joined by a dash; Italian's word and Greek's code; a log's bracketed host and port; Rust's arrays and struct literals.
    'PASSWORD=$PREFIX-$ENV_NAME', 'export PGPASSWORD=$DB_PASSWORD-replica', 'La parola chiave è Python3 e non altro.', 'κωδικός προϊόντος: SKU-4821A',
    '[redis.cache]:6379 role:master', '[server.js]:120 error:ECONNREFUSED', '[smtp.gmail.com]:587 SASL:PLAIN',
    '    private_key: Option<Box<[u8;32]>>,', '  api_key = ApiKey{Value:v1};', '  token = JwtToken{Sub:u1,Exp:t2};',
    '"ARN": "arn:aws:secretsmanager:eu-west-1:481920375521:secret:prod/billing/db-oK7Kbo",', "ALTER USER reporting WITH PASSWORD :'newpw';",
    'helm upgrade --install rabbit bitnami/rabbitmq --set auth.existingPasswordSecret=rabbit-auth -f values.yaml',
    '2025-04-11T09:12:33Z INFO sms.sent account=AC3f5e1d2c4b6a79880f1e2d3c4b5a6978 to=+4670***4567 status=queued',
    'password = c->argv[j+2];', '  ActiveModel::SecurePassword.register_algorithm :argon2, SecurePassword::Argon2Password',
    '\tnotFoundSecret := slices.Collect(maps.Values(users))[0]', '         9b:53:cc:87:36:47:70:40:3b:d9:90:2a:d2:d2:82:c6:9c:f5:',
    '"password": "enter your password"', 'password: "Password is required"', 'Пароль - это ключ к вашему аккаунту',
    // Compose's escaped reference; a keyboard's run of four; `pass` alone given a word, a counter, colours; `pass` inside a word.
    // A getter that returns a name, words with a version, an algorithm's name, a cookie's name, a host and port.
    'String getToken() { return "TOKEN_HEADER_v2"; }', 'def get_secret_name(): return "prod-db-secret-v2"', 'function getToken() { return "Bearer"; }',
    'private static String getKey() { return "AES/CBC/PKCS5Padding"; }', 'getCredentials() { return "AWS4-HMAC-SHA256"; }',
    'def get_token(self): return "__Secure-next-auth.session-token"', 'func Token() string { return "localhost:8080" }',
    // A test's result after `PASS:`; `pass` or `pw` alone given a size, a version, a label or a counter.
    '--- PASS: TestIPv6 (0.00s)', 'PASS: x86_64', 'pass: x86_64', 'tests pass: 12', 'pw = width*2+pad1', 'pass: offset+len*4', "pw: '120px'", 'pass: "node18"', '{"key": "pw", "value": "nodes3"}', 'PW=1920x1080', 'PASS="pass1"',
    'password: $${PYPI_PASSWORD}', 'password = asdf', 'Password=qwer;', "pass: 'passed'", 'PASS=0', 'PASS="\\e[32mPASS\\e[0m"', 'bypass: "Kq8wPzLt3"',
    // A translation file's labels under a password's key: a sentence's case, or the word for a password itself.
    '"repeat_password": "Gjenta passord",', '"wrong_one_time_password": "Du har tastet feil engangspassord"', '"new_password": "Neues Passwort"', '"password": "nouveau mot de passe"',
    // … and a translation file's entries keyed by the text they translate.
    '{\n  "Client Secret": "Klienthemmelighed",\n  "OAuth client secret": "OAuthクライアントシークレット",\n  "Credentials": "Zugangsdaten"\n}',
    // … and a message named for where it shows (Redmine's locales).
    'ca:\n  field_password: "Contrasenya"\n  notice_account_wrong_password: "Contrasenya incorrecta"\n  label_api_access_key: API-nyckel\n  setting_sys_api_key: API-sleutel',
    // … and a Java or Apple strings file's label in Catalan or Portuguese.
    'password=Contrasenya\ninvalidPasswordMessage=Contrasenya no vàlida.\nlogin.password=Palavra-passe', '"Password" = "Contrasenya";',
    // … and a Qt translation's argument before the element's end (which, taken once, was taken wherever it recurs).
    '<translation>Calidad de la contraseña: %1</translation>\n<translation>No se puede crear directorio:\n%1</translation>',
    // A path whose segment a tool names by a digest of what it stores (pnpm's virtual store, Terraform's state).
    'node_modules/.pnpm/@ng-bootstrap+ng-bootstrap@21.0.0_@angular+core@22.1.0_@angular+_379bf773160c49398165933da2ae33fd/node_modules/src/alert/alert.ts',
    '"tf-unit/test-large-state/tfstate.2cb96f52c9fff8e0b56cb786ec4d2bed/0",',
    // A PowerShell script's Authenticode signature (certificates and a signature, public); an option that turns a password off; an
    // OpenPGP key's id; a password Xcode's notarytool reads from the keychain.
    '# SIG # Begin signature block\n# MIIoGQYJKoZIhvcNAQcCoIIoCjCCKAYCAQExDzANBglghkgBZQMEAgEFADB5Bgor\n# GiUbD12OeORN0ADzdpsQ4dDi6M4YhoGE9cbY11XxM2AVZn0GiOUC9+XE0wI7CQKf\n# SIG # End signature block',
    '- CLI: Add --no-password option #2708', 'GPG_KEY="CFB4C2166397D0D2"', 'xcrun notarytool submit app.zip --password "@keychain:${ac_keychain}" \\',
    // A web asset named by its content's hash; GitHub's global ids; a badge's token in its image's address; a name negated; a
    // document's token made by a constructor named Token.
    'import Latin from "./Nunito-Regular-XRXI3I6Li01BKofiOc5wtlZ2di8HDIkhdTQ3j6zbXWjgeg.woff2";', 'generalCategory: "DIC_kwDOG1Zs184CBKWJ"',
    '[codecov-badge]: https://codecov.io/gh/webpack/enhanced-resolve/branch/main/graph/badge.svg?token=6B6NxtsZc3',
    'xhr.withCredentials = !requiresPreflightRequest;', 'const token = new state.Token("video", "video", 0);',
    // A user's name, letters then a number, as a service's value would be written (FastAPI's list of translation reviewers).
    'phamquanganh31101998:\n  login: phamquanganh31101998\n  count: 3',
    // A Spring property's name that goes on past its keyword with a dash, and its default.
    '@Value("${jhipster.security.authentication.jwt.token-validity-in-seconds:0}")',
    // A private key's armor around a word in capitals: a parser's test, no key.
    '-----BEGIN PRIVATE KEY-----\nINVALIDDATA\n-----END PRIVATE KEY-----',
    // The digest of a secret detect-secrets' baseline keeps, written to be committed.
    '        "hashed_secret": "a2480a72004fc40d124495fd59f5b482034fbadd",',
    // An entity tag as JSON writes it, its quotes escaped (`aws s3api list-objects`), strong or weak.
    '{"Contents": [{"Key": "a.txt", "ETag": "\\"d8e8fca2dc0f896fd7cb4cb0031ba249\\"", "Size": 5}]}', '"etag": "W/\\"Qx9fLmZp2Rt7YvBn3Wk8Sd5Gh1Lm4Zp8Rt2Yv7Bn3Wk\\"",',
    // A usage text's option under a heading that names a token; a Django migration's dependency; kubectl's `config set-credentials <name>`
    // as a test lists its arguments; the name of a secret; a list of URI schemes joined by bars (no Markdown table).
    'Bearer token flags:\n  --%v=bearer_token\n', "        ('authtoken', '0001_initial'),", '[]string{"set-credentials", "another-user", "--" + clientcmd.FlagBearerToken + "=token"},',
    'nameParentSecret := "my-set"', "? 'mumble|mupdate|notes|ocf|opaquelocktoken|openpgp4fpr|pack|palm'",
    // A method's name with a version in it after a receiver `s.` (a Vault token's old prefix); an id wrapped in its type's call.
    'rs, err := s.sendV2SamplesWithBackoff(ctx, samples, labels)', '"__meta_openstack_project_id":      model.LabelValue("fcad67a6189847c4aecfa3c81a05783b"),',
    // A badge's token on Shields, a playlist's id, a form field's name, a machine's name, a name generated of words and a short hash.
    '<img alt="Codecov" src="https://img.shields.io/codecov/c/github/nextauthjs/next-auth?token=o2KN5GrPsY&style=flat-square">',
    '[drf-tutorials]: https://www.youtube.com/watch?v=axRCBgbOJp8&list=PLJtp8Jm8EDzjgVg9vVyIUMoGyqtegj7FH',
    '<input type="text" name="b_b6b66bb5e4c7cb484a85c8dd7_e382ef68ef" tabindex="-1" value="">', 'Hostname: whoami.1.7c8f7tr56q3p949rscxrkp80e',
    '`httproute-default-http-app-1-gw-default-my-gateway-ep-web-0-af329269dd38031b03e3-svc-default-whoami-0@kubernetesgateway`.',
    // A chain of members with a year in it; a constant's name in capitals ending in a digest (Node's single executable's fuse).
    'return version >= 2024 && binPropertyOfStringsSets.es2024.has(value);', '--sentinel-fuse NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
    // A permission's name said to be a token's; a Basic header whose pair is a placeholder (`example:example`); an OAuth client's id in a Secret.
    "The appropriate ACL privilege for this token is 'read-job', as outlined", 'Authorization: Basic ZXhhbXBsZTpleGFtcGxl # echo -n "$CLIENT_ID:$CLIENT_SECRET" | base64',
    // A workflow's permission for its OIDC token; a sentence that says to make a value; a constant's name with a leading underscore;
    // a public key's armor whose blank line is written ` .`, as a Debian source's `Signed-By:` field continues.
    "permissions:\n    id-token: 'write'", "# encryption_key: 'you_must_generate_a_random_string_of_more_than_twenty_chars_and_configure_this'",
    "hmac_secret: 'this_is_a_secret_abc123abc123abc'", 'WITH_INDIFFERENT_ACCESS_KEY = "_aj_hash_with_indifferent_access"',
    'Signed-By:\n    -----BEGIN PGP PUBLIC KEY BLOCK-----\n    .\n    mDMEYCQjIxYJKwYBBAHaRw8BAQdAD/P5Nvvnvk66SxBBHDbhRml9ORg1WV5CvzKY\n    CuMfoIS0BmFiY2RlZoiQBBMWCgA4FiEErCIG1VhKWMWo2yfAREZd5NfO31cFAmAk\n    3bHcln8DMpIJVXht78sL\n    =IE0r\n    -----END PGP PUBLIC KEY BLOCK-----',
    // An option named in a sentence (Nomad's changelog); a namespace given to a call named for a token; a signing algorithm's name in
    // a setting's documentation; markup in base64 (a test's expected log line).
    'csi: Fixed -secret values not being sent with the `nomad volume snapshot delete` command', '// -token argument present or not present depending on whether it is set.',
    'env.SetVaultToken("123", "vault-namespace", false)', '// - "private_key": "RS256" (must be RS256, RS384, or RS512)',
    'expected := `{"Data":"PHNjcmlwdD5hbGVydChkb2N1bWVudC5kb21haW4pOzwvc2NyaXB0Pg==","File":"alloc/logs/web.stdout.0","Offset":40}`',
    // A mailer's MIME boundary; a weak entity tag; a cache's key named by a digest; a fence that opens code after a line about a token.
    'Content-Type: multipart/alternative;\n boundary="--==_mimepart_66a3a9afd235e_108b04a4c4136f";\n\n----==_mimepart_66a3a9afd235e_108b04a4c4136f--',
    'W/"618bbc92e2d35ea1945008b42799b0e7" -> Weak ETag', 'Read fragment views/products/show:a5a585f985894cd27c8b3d49bb81de3a/products/1-20240918154439539125 (1.6ms)',
    "Let's update `app/mailers/user_mailer.rb` to generate a new token for the email:\n\n```ruby#6-9\nclass UserMailer < ApplicationMailer\n",
    // A translation keyed by its English text whose value names a password: in English itself, in a compound, inflected, or in
    // Portuguese, Welsh, Basque, Afrikaans, Zulu, Croatian and Finnish (Authelia's locales).
    '{\n  "One-Time Password": "One-Time Password",\n  "Incorrect password": "Password errata",\n  "Enter One-Time Password": "Einmal-Passwort eingeben",\n  "Incorrect password": "Palavra-passe incorreta",\n  "Enter new password": "Nacbwch gyfrinair newydd",\n  "Incorrect password": "Pasahitz okerra",\n  "Enter new password": "Voer nuwe wagwoord in",\n  "Enter new password": "Faka iphasiwedi entsha",\n  "Reset password": "Resetiraj lozinku",\n  "There was an issue resetting the password": "Salasanan palauttamisessa tapahtui virhe"\n}',
    // A key whose end is masked or left to fill in with x's (its provider's shape, or only random).
    'android:value="AIzaSyHqGowa85aImLDP7-sd7gcGlgKnuxxxxxx"', 'stripe.api_key = "sk_live_4eC39HqLyjWDarjtT1zdp7dcxxxxxxxx"', 'KEY="Qx9fLmZp2Rt7YvBn3Wk8Sd5Gh1Lm4ZpXXXXXX"',
    // Which version of a secret a Key Vault reference reads: a version's id, whatever word names the secret before it.
    '"ApiKey": "@Microsoft.KeyVault(VaultName=acme;SecretName=Api-Key;SecretVersion=e3e56868da48ab516b3538609ec2eb9b)",', 'key_version: 5f0c3a9e1d7b4c2a8e6f0b1d3c5a7e9f',
  ])('leaves %j alone', (text) => {
    expect(redact(text)).toEqual({ out: text, counts: {} });
  });

  it('keeps ciphertext in its armor (a PGP message as SOPS stores its data key, an age file)', () => {
    const line = () => g.key('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 64);
    const body = [line(), line(), line(), line()].join('\n            ');
    const text = `    pgp:\n    -   enc: |\n            -----BEGIN PGP MESSAGE-----\n            Version: GnuPG v2\n\n            ${body}\n            =V4l4\n            -----END PGP MESSAGE-----\n` +
      `-----BEGIN AGE ENCRYPTED FILE-----\n${line()}\n${line()}\n-----END AGE ENCRYPTED FILE-----`;
    expect(redact(text)).toEqual({ out: text, counts: {} });
    // … not a private key that says it is encrypted.
    expect(redact(`-----BEGIN ENCRYPTED PRIVATE KEY-----\n${line()}\n${line()}\n-----END ENCRYPTED PRIVATE KEY-----`).counts).toEqual({ 'private-key': 1 });
  });

  it("keeps Travis CI's encrypted values (base64 of an RSA ciphertext after secure:)", () => {
    const cipher = g.key('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 342) + '==';
    const text = `env:\n  global:\n    - secure: "${cipher}"\ndeploy:\n  api_key:\n    secure: "${cipher}"`;
    expect(redact(text)).toEqual({ out: text, counts: {} });
  });

  it('keeps the author identity but not other addresses', () => {
    const counts: Record<string, number> = {};
    expect(redactText('ada@example.com and bob@example.com', counts, BASE_RULES, { allowEmails: ['Ada@Example.com'] })).toBe(
      'ada@example.com and [REDACTED:email]',
    );
  });

  it('keeps what the allow list matches whole', () => {
    const counts: Record<string, number> = {};
    const out = redactText('ci.build.internal and db.build.internal', counts, BASE_RULES, { allow: [/ci\.build\.internal/] });
    expect(out).toBe('ci.build.internal and [REDACTED:internal-host]');
    expect(counts).toEqual({ 'internal-host': 1 });
  });
});

/**
 * How long redacting `text` takes, timed again when the first run is over `limit`: a busy machine can stall one run, a quadratic
 * pattern stalls both.
 */
function redactionTime(text: string, limit: number): number {
  const took = () => {
    const start = performance.now();
    redactText(text, {});
    return performance.now() - start;
  };
  const first = took();
  return first < limit ? first : took();
}

describe('redaction cost', () => {
  // Inputs that make badly nested patterns backtrack for ever; each field may hold 64 KiB (notes: 512 KiB).
  it.each([
    ['a_'.repeat(32_000)], ['token:'.repeat(11_000)], [`a@${'a'.repeat(65_000)}`], ['a.'.repeat(32_000)], [`${'a'.repeat(60)}@`.repeat(1000)],
    ['1 '.repeat(32_000)], ['x='.repeat(32_000)], [`${'aB3+'.repeat(16_000)}=x`], [`sk-${'a-'.repeat(30_000)}`], [`http://${'a:'.repeat(30_000)}`],
    [`Bearer ${'a'.repeat(64_000)}=x`], [`xoxb-${'1-'.repeat(30_000)}`], ['-----BEGIN PRIVATE KEY-----'.repeat(2000)],
    // A key's name as the name field of an entry, then blanks where its value field would follow.
    // A bare `key` again and again inside one run: each used to read the rest of the run (`key:=` × 4,000 took 10 s).
    ['key:='.repeat(13_000)], ['x=PRIVATE:='.repeat(6_000)],
    // A statement's value that never finds its `;` (`&key=` × 16,000 took 2.3 s).
    [`x${'&key='.repeat(13_000)}`], [`x${'&token='.repeat(9_000)}`],
    // A value judged as a regular expression's source: a class opened once, then dashes and no `]` (3 s for 128 KiB), or `[` again and again.
    [`sig=[user:${'X-Amz-Signature='.repeat(8_000)}`], [`-pass pass:${'['.repeat(64_000)}`],
    // A JWT's start again and again inside one run of its alphabet (7 s for 128 KiB).
    [`x ${'xoxb-eyJ'.repeat(16_000)}`],
    // Names that go on past their keyword again and again, each followed by the rest of the run as its value.
    ['password, '.repeat(6_000)], [`a, password = ${'"x", '.repeat(10_000)}`], [`a, password = ${'f(x), '.repeat(10_000)}`],
    ['secret_x='.repeat(7_000)], ['apiTokenX: '.repeat(6_000)], ['x_secret_y = '.repeat(5_000)],
    // A JWT encoded again in base64, its start repeated through one run.
    [`x ${'ZXlK'.repeat(16_000)}`],
    // Lists under a plural key: items again and again, and plural keys one after another.
    [`passwords:\n${'  - a1b2c3d4e5f6g7h8\n'.repeat(3_000)}`], [`tokens = [${'"a1b2c3d4e5f6g7h8", '.repeat(3_000)}`], ['secrets:\n'.repeat(6_000)],
    // URLs one after another in one run, with a password's colon and slashes and no `@` (a search for it read the rest of the run at each).
    ['x://'.repeat(16_000)], ['a://b:c/'.repeat(8_000)], [`${'a://b:c/d'.repeat(7_000)}@x`],
    // Line breaks written out, one after another, written out twice, and ending at a quote (a look past the run read it again at each).
    ['\\n'.repeat(32_000)], ['\\\\n'.repeat(21_000)], [`${'\\n'.repeat(32_000)}"`], ['\\'.repeat(64_000)],
    // Escaped quotes one after another, and a JSON string of keys written into another.
    ['\\"'.repeat(32_000)], ['{\\"password\\": \\"'.repeat(4_000)],
    // Quotes as HTML writes them, one after another, and keys between them.
    ['&quot;'.repeat(10_900)], ['password=&quot;'.repeat(4_300)], ['{&quot;token&quot;: &quot;'.repeat(2_500)],
    // Commands that store secrets, one after another, and their arguments again and again.
    ['gh secret set X --body '.repeat(2_800)], [`fly secrets set${' A=b1c2d3e4f5'.repeat(5_000)}`], ['echo x | '.repeat(7_000)], [`echo ${'a'.repeat(64_000)} | gh secret set X`],
    // Lists under plural keys that hold no credential, each with keywords inside (every keyword read the list again).
    ['secrets:\n- '.repeat(5_400)], ['  - db_secrets:\n'.repeat(3_800)], [`x:\n${'  - api_tokens:\n'.repeat(3_800)}`],
    // Sentences that change a key, again and again.
    ['the token was rotated to '.repeat(2_500)], ['rotate the token to '.repeat(3_000)],
    // … from one value to another, and lists without quotes or with a type.
    ['the password was changed from '.repeat(2_200)], ['I changed the password from a to '.repeat(1_800)], [`the token changed from ${'a1'.repeat(32_000)} to`],
    [`tokens = [${'a1b2c3d4e5f6g7h8, '.repeat(3_000)}`], [`apiKeys := []string{${'"a1b2c3d4e5f6g7h8", '.repeat(3_000)}`], ['tokens = ['.repeat(6_000)],
    // Blanks after a getter's parentheses, and after an armor's first line.
    [`getToken()${' '.repeat(64_000)}x`], [`-----BEGIN CERTIFICATE-----${' '.repeat(64_000)}x`],
    // … and inside a property's braces, on its own and before a literal; blanks before a Kotlin getter; protocol logins, line after line.
    [`token {${' '.repeat(64_000)}x`], [`token { "ab12cd34ef56"${' '.repeat(64_000)}`], [`val apiToken: String\n${' '.repeat(64_000)}get() = x`],
    ['USER x\nPASS y3Kq9\n'.repeat(5_000)], ['a1 LOGIN alice hunter2\n'.repeat(3_000)], [' PASS  src/app.test.ts\n'.repeat(3_000)],
    [`- name: DB_PASSWORD${' '.repeat(64_000)}x`], [`{"key": "password"${'\t'.repeat(64_000)}x`], [`<param name="password"${' '.repeat(64_000)}>`],
    // Commands that print a secret, each followed by what it printed; a JSON Secret's data opened again and again; entries named for
    // a secret opened and never given a value; a recovery phrase's name again and again; blanks before a command.
    ['$ pass show x\nHq7Lm2pRt9zG\n'.repeat(2_500)], ['{"kind":"Secret","data":{"a":"'.repeat(2_000)], ['"dbPassword": {'.repeat(4_000)],
    ['DBPassword:\n  '.repeat(4_000)], ['mnemonic: legal '.repeat(4_000)], [`${' '.repeat(64_000)}pass show x\nHq7Lm2pRt9zG`],
    // Lines that announce a secret, one after another and before one long line; a sentence's colon again and again; addresses and colons.
    ['Password:\n'.repeat(6_500)], [`${'token:\n'.repeat(5_000)}${'a1'.repeat(20_000)}`], [`the password is generated for${' x'.repeat(32_000)}: Xk9fLq2mZpR7`],
    ['password was set: '.repeat(3_500)], ['login("a", '.repeat(6_000)], [`getConnection(${'a, '.repeat(20_000)}"x")`], ["btoa('a:".repeat(7_000)],
    [`A=${'a+'.repeat(32_000)}`], [`A=${'a/'.repeat(20_000)}==`], ['x <<< '.repeat(10_000)], [`keyring set a b ${'<'.repeat(64_000)}`],
    ['| Password |\n|---|\n'.repeat(3_300)], ['| Token | x |\n|---|---|\n| abc123xyz! | y |\n'.repeat(1_500)], ['password:\n'.repeat(6_500)],
    ['login: a / '.repeat(6_000)], [`credentials are ${'a'.repeat(64_000)}`], ['user a pass '.repeat(5_000)], ['log in as a with '.repeat(3_500)],
    [`| Password |\n|---|\n${'| x |\n'.repeat(12_000)}`], ['|---|\n'.repeat(9_000)], [`| a |\n|${'---|'.repeat(16_000)}`], ['pw for the vm: '.repeat(4_000)],
    ['expect "password:"\n'.repeat(3_000)], [`expect "password" ${' '.repeat(64_000)}send "x"`], ['"a:b@tcp('.repeat(7_000)], ['echo -n a:'.repeat(6_000)], ['a@b.co:'.repeat(9_000)], [`a@b.co:${'Xk9fLq2m'.repeat(8_000)}`], ['*9031D43D54BBA7CB5106397EF568ECB417AEBF17'.repeat(1_600)],
    // A device's, a VPN's and a chat's credential lines one after another; a pppd heading again and again; an address before a long run of `@`.
    [' password 7 x\n'.repeat(4_700)], ['snmp-server community '.repeat(3_000)], ['# client server secret\n'.repeat(2_800)], [`# client server secret\n${'a b c\n'.repeat(10_000)}`],
    [`${'x'.repeat(64_000)} : XAUTH "x"`], ['<auth-user-pass>\n'.repeat(3_800)], ['/msg NickServ IDENTIFY a '.repeat(2_600)], ['AUTH PLAIN '.repeat(6_000)],
    [`a@b.co:${'@'.repeat(64_000)}`], ['wg pubkey\n'.repeat(6_500)],
    [`${'1,'.repeat(32_000)}solana`], [`[${'1, '.repeat(63)}1 solana${'['.repeat(60_000)}`], ['echo x > pass'.repeat(5_000)], ['Wallet("'.repeat(8_000)],
    ['seed phrase:\n'.repeat(5_000)], ['openssl passwd -6 '.repeat(3_500)], ['xpub'.repeat(16_000)], ['bc1q'.repeat(16_000)],
    ['chpasswd:\n'.repeat(6_500)], [`chpasswd:\n${'  a:b\n'.repeat(10_000)}`], ['connect to a user b using '.repeat(2_500)], ['secure: v1:'.repeat(5_900)],
    // Commands, configuration lines and a tool's output one after another: a store's arguments, a registry value, a Junos community,
    // a SealedSecret's entries, a relay's line, a Jenkins credential's arguments, Elasticsearch's output.
    ['hdbuserstore SET a b c '.repeat(2_800)], ['reg add /v Password /d '.repeat(2_800)], ['community '.repeat(6_500)], ['  community a {\n'.repeat(4_000)],
    [`kind: SealedSecret\n${'encryptedData:\n'.repeat(4_000)}`], ['[a.bc]:587 '.repeat(5_900)], ['UsernamePasswordCredentialsImpl("a","b","c","d","'.repeat(1_300)],
    ['PASSWORD a = '.repeat(5_000)], ['\\"content\\":\\"a\\n'.repeat(4_000)],
    // XML Signature's elements opened and never closed, and random runs far from any tag (each hit looked back for one).
    ['<DigestValue>'.repeat(5_000)], [`<CipherValue>${'QUJD'.repeat(16_000)}`], [`${'Xk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4Rt8 '.repeat(1_900)}<X509Certificate>`],
    // An armor never closed whose lines each read two ways: a number and a tab before base64 (as a file reader prints a line) or
    // base64 that holds them, a header's text ending in `\r` or before it: the time doubled with every two lines (30 took 80 s). Short,
    // so that a return of it fails here in seconds instead of never ending.
    [`-----BEGIN CERTIFICATE-----\n${'1\tAB\n'.repeat(26)}`], [`-----BEGIN CERTIFICATE-----\r\n${'Version: 1\r\n'.repeat(26)}`],
    [`-----BEGIN PGP MESSAGE-----\n${'1\t...\n'.repeat(9_000)}`], [`"key": "${'AAAAB3NzaC1yc2EAAAADAQAB...'.repeat(2_400)}`], ['{{ password=abc1 '.repeat(3_800)],
  ])('stays linear on a hostile 64 KiB string (%#)', (text) => {
    expect(redactionTime(text, 1000)).toBeLessThan(1000);
  });

  // A transcript's output strings are read with their quotes as line breaks; one opened again and again on one line, never closed,
  // was read to the line's end from each (a note may hold 512 KiB: 16 s; a megabyte took a minute).
  it.each([['\\"content\\":\\"a\\n'], ['"stdout":"ok\\n'], ['&quot;text&quot;:&quot;a\\n']])('reads output strings that never close once each (%s, 512 KiB)', (unit) => {
    expect(redactionTime(unit.repeat(Math.ceil((512 * 1024) / unit.length)), 3000)).toBeLessThan(3000);
  });

  // Every context a keyword form starts from, followed by a long run of what a form skips or repeats (blanks, separators,
  // quotes, comment marks): a form whose optional parts can each take the same run backtracks over it quadratically.
  const CONTEXTS = ['password', '<param name="password"', '- name: DB_PASSWORD', '"key": "password"', '{"value": "x1y2z3w4"', 'name = "token"', 'ENV TOKEN',
    'setenv TOKEN', 'set -x TOKEN', 'if ("abcdef12" ==', 'dbpass', "$config['db_password']", 'Authorization:', 'curl -U', 'mysql://root:', '<key>password</key>',
    'secret =', 'api_key:', '//registry.npmjs.org/:_authToken', 'x ', 'sig=[user:', '-pass pass:', 'process.env.API_TOKEN', 'ds.setPassword(', 'the API key is',
    'requirepass', 'aws configure set aws_secret_access_key', 'secret_key: >-\n', '| prod | token', 'variable "db_password" {', 'CREATE USER app IDENTIFIED BY',
    '\nlocalhost:5432:app:user:', '**API key:**', 'todo_secret_do_not_commit', 'apiTokenForCi', 'creds', '//host/path/:_auth', 'user, password :=',
    'password, user = "x", ', 'passwords:\n', 'api_tokens = [', 'the token was rotated to', 'rotate the token to', 'the api key is now',
    'the password was changed from', 'I changed the token from x to', 'api_keys: [', 'apiKeys := []string{', 'Your new recovery codes:\n',
    'A temporary password is generated for root@localhost:', 'alice@example.com:', 'stats auth admin:', 'lftp -u user,', 'bindpw',
    'login: admin /', 'Credentials: deploy /', 'user app, pass', 'log in as root with', '| Password |\n|---|\n|', 'pw for the vm:', 'Senha do banco:', '密码是',
    'server.login("me@example.com",', 'DriverManager.getConnection(url, "app",', "btoa('admin:", 'echo -n admin:', 'expect "password:"\nsend', 'sql.Open("mysql", "app:', 'Basic ', 'API_KEYS=Zq8rTx2Vb9k4Lm', 'ACL SETUSER a', 'user a on', 'Cookie: session=', 'user a #', 'IDENTIFIED WITH x AS \'', 'LoginModule user_a="', "PASSWORD = N'", "mot de passe de l'", 'DBパスワードは `', '密码是 «', 'INSERT INTO t (password) VALUES (', "INSERT INTO t (password) VALUES ('", 'userlist.txt\n"a" "', 'env.DB_PASS ?: \'',
    '"apikey": [{"key": "value", "value": "'];
  const RUNS = [' ', '\t', ',', '#', ';', '"', "'", '=', ':', '\n', '-', '[', ' ,', ', ', '- ', '\n ', ' #', '//', 'value:', '"value": "a1b2c3d4e5", ', 'a#', '%20', '@', ' = ',
    'key:=', '&key=', '&token=', 'xoxb-eyJ', 'X-Amz-Signature=', '**', '|', '||', '(', '`', 'default = ', ':1:'];
  it('stays linear after every keyword or rule context, whatever run follows it', () => {
    const slow: string[] = [];
    const text = (context: string, run: string, chars: number) => `${context}${run.repeat(Math.ceil(chars / run.length))}z`;
    const ms = (t: string) => {
      const start = performance.now();
      redactText(t, {});
      return performance.now() - start;
    };
    for (const context of CONTEXTS) {
      for (const run of RUNS) {
        // A run of 32,000 characters must take under a second. A quarter of it first: a pattern that is quadratic (or worse)
        // and over a second at 32,000 takes over 1/16 of it here, and a linear one over a second takes over a quarter of
        // it, so only a run over 40 ms is timed at full length. (Timed twice when the first is over: a busy machine can
        // stall one run, a quadratic pattern stalls both.)
        if (ms(text(context, run, 8_000)) <= 40) continue;
        const full = text(context, run, 32_000);
        if (ms(full) > 1000 && ms(full) > 1000) slow.push(`${context} + ${JSON.stringify(run)}`);
      }
    }
    expect(slow).toEqual([]);
  });
});

describe('hasSecret', () => {
  it('is true for any secret rule, false for PII and look-alikes', () => {
    const g = makeGen(5);
    expect(hasSecret('x\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----\n')).toBe(true);
    // A word where the key would be is an example of the format, not a key.
    expect(hasSecret('x\n-----BEGIN PRIVATE KEY-----\nanything\n-----END PRIVATE KEY-----\n')).toBe(false);
    expect(hasSecret(`NPM_TOKEN=npm_${g.key('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 36)}`)).toBe(true);
    expect(hasSecret('mail ada@example.com from 10.0.0.1 at db.internal')).toBe(false);
    expect(hasSecret('const pattern = /AKIA[A-Z0-9]{16}/; // the AKIA prefix')).toBe(false);
  });
});

describe('redactRecordText', () => {
  it('redacts every free-text field, hot-file paths, commit subjects, the branch and dirty paths', () => {
    const s = 'reach me at eve@acme.com';
    const content = {
      ...emptyContent(),
      task: { title: s, status: 'in_progress' as const },
      decisions: [{ what: s, why: s, by: s }], rejected: [{ what: s, why: s }],
      nextSteps: [s], blockers: [s], questions: [s], learnings: [s], constraints: [s], assumptions: [s],
      todos: [{ text: s, status: 'pending' as const }], files: [{ path: 'eve@acme.com.txt', why: s }],
      quotes: [{ text: s, by: s, verbatim: true }], links: [s], notes: s,
    };
    const git: GitState = {
      branch: 'fix/eve@acme.com', head: null, upstream: null, ahead: 0, behind: 0, commits: [{ oid: 'a'.repeat(40), subject: s }],
      worktree: { collected: true, total: 1, truncated: false, files: [{ path: 'notes/eve@acme.com', status: '??', staged: false, oid: null }] },
      wip: null, notCollected: [],
    };
    const { content: out, git: outGit, counts } = redactRecordText(content, git);
    expect(JSON.stringify(out)).not.toContain('eve@acme.com"');
    expect(out.files[0]!.path).toBe('[REDACTED:email]');
    expect(outGit.commits[0]!.subject).toBe('reach me at [REDACTED:email]');
    expect([outGit.branch, outGit.worktree.files[0]!.path]).toEqual(['fix/[REDACTED:email]', 'notes/[REDACTED:email]']);
    expect(counts).toEqual({ email: 22 });
  });
});

describe('checkpoint.redact and checkpoint.redactAllow', () => {
  it('adds custom patterns and lets allowed matches through', async () => {
    const m = await makeMemCli({ config: { 'checkpoint.redact': ['PROJ-\\d{4}', 'codename \\w+'], 'checkpoint.redactAllow': 'build\\.lan' } });
    const saved = await m.cli(['save', '-m', 'PROJ-1234 for codename falcon via build.lan and nas.lan', '--json']);
    expect(saved.code).toBe(0);
    expect(JSON.parse(saved.stdout).redactions).toEqual({ custom: 2, 'internal-host': 1 });
    expect(saved.stderr).toContain('redacted: custom ×2, internal-host ×1');
    const shown = JSON.parse((await m.cli(['show', '--json'])).stdout);
    expect(shown.task.title).toBe('[REDACTED:custom] for [REDACTED:custom] via build.lan and [REDACTED:internal-host]');
  });

  it('refuses a pattern that does not compile or matches nothing but the empty string, writing nothing', async () => {
    for (const bad of ['([', 'x*']) {
      const m = await makeMemCli({ config: { 'checkpoint.redact': bad } });
      const res = await m.cli(['save', '-m', 'x']);
      expect(res.code).toBe(128);
      expect(res.stderr.startsWith(`fatal: bad config value '${bad}' for 'checkpoint.redact': `)).toBe(true);
      expect(await m.repo.listRefs('refs/checkpoints/')).toEqual([]);
    }
  });
});

/** Text dense in secrets, near-secrets and separators, with arbitrary strings mixed in. */
const secretish = (() => {
  const secrets = secretSamples().map((s) => s.text);
  const benign = benignSamples();
  const pieces = fc.oneof(
    fc.constantFrom(...secrets), fc.constantFrom(...benign), fc.string({ maxLength: 12 }),
    fc.constantFrom(' ', '\n', '=', ':', '@', '/', '.', '-', '_', '"', "'", ';', '://', '[REDACTED:email]', 'Bearer ', 'password=', 'sk-', 'ghp_'),
    fc.string({ unit: fc.constantFrom(...'abcXYZ0189+/=-_.@:'), minLength: 20, maxLength: 60 }),
  );
  return fc.array(pieces, { maxLength: 12 }).map((xs) => xs.join(''));
})();

describe('every command rule reads an escaped quote as written', () => {
  // (The rules share one reading of a command's argument; a value quoted with `\"`, as a JSON string holds it, is one of its forms.)
  it.each(BASE_RULES.filter((r) => r.find && /Command|Stored/.test(r.find.name)).map((r) => [r.find!.name, r] as const))('%s', (_, rule) => {
    const hits = rule.find!('gh secret set API_KEY --body \\"S3cretPw1abc\\"\ncmdkey /add:fs01 /pass:\\"S3cretPw1abc\\"');
    expect(hits.every((h) => h.end > h.start)).toBe(true);
  });
});

describe('redaction properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(secretish, (text) => {
        const once = redact(text).out;
        expect(redactText(once, {})).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  // A key glued to a value another rule redacts was read with that value the first time; it must not be taken as a key the second.
  it.each([
    'PAGERDUTY_TOKEN=wLvk5YZS7A_jbSEaXc34@credentials:\n\n  - "TYXx5sSBoFL63ttq5ZlgDXLw1y4eP"\n',
    'self.token = tokenDEPLOY_CRED_90=p38dco8lt0s1xz.atlasv1.Y9fblTN-zRxCWW0i-LNYu6nMeIANugQx6yvFHz5aiki7SwVWle1NLbLz4iTLFsfAFye',
    // (… and where a key follows a redacted pair after its `;`, or a bracket after a redacted value: a key of its own, read the
    // second time as it was the first.)
    'User ID=admin;Password=B0h6TEXmbf3ZnQzjfUVb;Encrypt=true;password = var.db_passwordpasswords:\n  # rotated monthly\n  - Bs0CHQbaLsq9Cyzyc7v94rHn2\n',
    '(see 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)secret: truecredentials:\n\n  - "YDp2XTRBwZBGC62sVgCaWe8sUUwPB"\n',
    // (… and where a placeholder's reason stands in a line that ends with a colon: `bearer-token` announces no token on the line after.)
    'curl -H "Authorization: Bearer t.RgsXkIHHuZfAhfXMC.6m2HAUE81dT5_gEKgstA" https://api.example.com:\n((###$0A',
    // (… and where a long token in such a line was redacted: the line the first look read named no secret in few words, shortened it
    // would.)
    "| name | token | description |curl -H 'X-Custom: ABSKhDa989h8JiB1elaJnPLJpbXMXfYF58fURI15UpA/1bcOSfYFCu3Yp5Y3hx12QiZQ8183fbt7vHkphE+6zGTeeu0xoeY55f2rmlsne/yxIrkpqgGedfGfpPwU' https://api.example.com:\naaaaaaaaaa.aaYa1aa0a",
    // (… and a generated value glued to the next key's name, `…f3username:`: read whole, it took the anonymous login the password
    // after it belongs to.)
    'npm config set //registry.example.com/:_authToken Ff*C~wF2zQMw7Z*f3username: anonymous\npassword: me@home',
    // (… and a key inside the items of a plural name's list whose credential was redacted: the list is read as it was the first time,
    // not from the key.)
    'passwords:\n  - required\n  - min:8token=nullaaaaaaaaaaa@aaaaaa0Ypasswords:\n  # rotated monthly\n  - 2DjAI7kPtom0T72oX\n',
  ])('is idempotent where a key is glued to a redacted value: %j', (text) => {
    const once = redact(text).out;
    expect(redactText(once, {})).toBe(once);
  });

  it('never leaves text that still matches a secret pattern', () => {
    fc.assert(
      fc.property(secretish, (text) => {
        const counts: Record<string, number> = {};
        redactText(redact(text).out, counts);
        expect(counts).toEqual({});
      }),
      { numRuns: 2000 },
    );
  });

  it('removes every embedded secret value, whatever surrounds it', () => {
    const samples = secretSamples();
    fc.assert(
      // (`\\n` and `\\t` written out: a command's output inside a JSON string.)
      fc.property(fc.constantFrom(...samples), fc.constantFrom(' ', '\n', '(', '"', ', ', '\t', '\\n', '\\t'), (sample, sep) => {
        const out = redact(`before${sep}${sample.text}${sep}after`).out;
        for (const secret of sample.secrets) expect(out).not.toContain(secret);
      }),
      { numRuns: 2000 },
    );
  });

  it('removes every secret value of a text written into a JSON string (a command\'s output in a transcript)', () => {
    // (A sample that is itself a string written out once, `"{\"apiKey\": …}"`, would be written out twice here: left to the case above.)
    const samples = secretSamples().filter((s) => !s.text.includes('\\"'));
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.constantFrom('\n', '\r\n'), (sample, eol) => {
        const out = redact(JSON.stringify({ stdout: `$ cat config${eol}${sample.text.replace(/\n/g, eol)}${eol}` })).out;
        for (const secret of sample.secrets) expect(out).not.toContain(JSON.stringify(secret).slice(1, -1));
        // What is redacted is a value, never an escape around it: the JSON still reads.
        expect(() => JSON.parse(out)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('one long line (a minified file in the work tree, a pasted log)', () => {
  // Each keyword and anchor on the line used to cost the whole line: a 1 MB bundle took most of a minute.
  const line = (unit: string) => unit.repeat(Math.ceil((1 << 20) / unit.length));
  // (Each bound is a fraction of what the quadratic scan took, and several times what the linear one takes on a busy machine.)
  it.each([
    ['keywords', 'var a=b.token,c=d.key;function e(){return f.secret}', 15_000],
    ['anchors', 'x.authorization;y.bearer;z.curl;w.sk-;v.eyJ;', 5_000],
    // (Each option looked back for its command on the line took 33 s.)
    ['commands that store secrets', 'gh secret set X --body "$X" ', 10_000],
    // (Each provider's prefix read its body to the end of the run: a quarter of this took 13 s.)
    ["providers' prefixes", 'glft-rnd_key-', 10_000],
    // (Each JSON Web Key's type looked for its object's braces over the whole text: 1 MB took 16 s.)
    ['JSON Web Key types', '"kty":"RSA",', 5_000],
  ])('a 1 MB line full of %s is scanned in linear time, and what it hides is still found', (_, unit, bound) => {
    const token = `ghp_${makeGen(5).key('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 36)}`;
    const text = `${line(unit)}${token};${line(unit)}curl -u deploy:Hunter2x9 https://example.com ${unit}`;
    const started = Date.now();
    const out = redactText(text, {});
    const clean = hasSecret(line(unit));
    // 0.5 s (anchors) and 2.5–3.5 s (keywords) here, 5.6 s beside other test files on 2 cores; the quadratic scan took 14 s and 170 s.
    expect(Date.now() - started).toBeLessThan(bound);
    expect(out).not.toContain(token);
    expect(out).not.toContain('Hunter2x9');
    expect(clean).toBe(false);
  });
});

describe('tokens with a short prefix', () => {
  it('are caught when the random body happens to hold long runs of one case, and identifiers after the prefix are kept', () => {
    // Bodies drawn at random whose case switches rarely (about one token in a hundred of this length).
    for (const token of ['fw_EYwohtQFBvpDXJLRHZRVai30', 'fw_pvftxsjSRgcUWLlaypsQtzfO', 'fw_dZFMOVHPZTesWIuwkvjNtOZD']) {
      expect(redactText(`we ${token} then`, {})).toBe('we [REDACTED:fireworks-key] then');
    }
    for (const code of ['s.makeKubeConfigController = args', 'fw_handleOAuthCallbackRedirect', 'sk_UserAccountSettingsPanelView']) {
      expect(redactText(code, {})).toBe(code);
    }
  });
});

describe('Jenkins credentials and public keys', () => {
  it('redacts the value inside <secret>{…}</secret> and keeps placeholders and the values of keys named public', () => {
    const g = makeGen(17);
    const key = g.key('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 24);
    expect(redactText(`<secret>{svc AQAAABAAA ${key}}</secret>`, {})).toBe('<secret>[REDACTED:password]</secret>');
    for (const kept of ['<password>{your password}</password>', '<secret>{name}</secret>', `public_key = "${key}${key}"`, `publicToken: '${key}${key}'`]) {
      expect(redactText(kept, {})).toBe(kept);
    }
    expect(redactText(`public_key = "ghp_${key}${key.slice(0, 12)}"`, {})).not.toContain(key);
  });
});

describe('keys written as the base64 of their DER, without a PEM armor', () => {
  // Keys made here, each run: the rule reads their structure, not a sample's bytes.
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const der = (key: KeyObject, type: 'pkcs1' | 'pkcs8' | 'sec1' | 'spki') => key.export({ type, format: 'der' } as never).toString('base64');
  /** A DER element: its tag, its length (long form past 127 bytes), its contents. */
  const tlv = (tag: number, body: Buffer) => {
    const n = body.length;
    const length = n < 128 ? [n] : n < 256 ? [0x81, n] : n < 65536 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
    return Buffer.concat([Buffer.from([tag, ...length]), body]);
  };
  /** PKCS #12's outer structure around `inner`: version 3, then a ContentInfo of type data (1.2.840.113549.1.7.1) that holds it. */
  const pfx = (inner: Buffer) => tlv(0x30, Buffer.concat([
    tlv(0x02, Buffer.from([3])),
    tlv(0x30, Buffer.concat([tlv(0x06, Buffer.from([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01])), tlv(0xa0, tlv(0x04, inner))])),
  ])).toString('base64');

  it.each([
    ['PKCS #8 (RSA, 1,600 characters: longer than any run the entropy rule judges)', der(rsa.privateKey, 'pkcs8')],
    ['PKCS #1 (RSA)', der(rsa.privateKey, 'pkcs1')],
    ['SEC 1 (EC)', der(ec.privateKey, 'sec1')],
    ['PKCS #8 (EC)', der(ec.privateKey, 'pkcs8')],
    ['PKCS #12 (a .pfx: version 3, its content typed as data, the key inside)', pfx(rsa.privateKey.export({ type: 'pkcs8', format: 'der' }))],
  ])('redacts a private key in %s whole', (_, b64) => {
    expect(redact(`private static final String KEY = "${b64}";`)).toEqual({ out: 'private static final String KEY = "[REDACTED:private-key]";', counts: { 'private-key': 1 } });
  });

  it('keeps public keys, in SubjectPublicKeyInfo and in PKCS #1', () => {
    for (const b64 of [der(rsa.publicKey, 'spki'), der(ec.publicKey, 'spki'), rsa.publicKey.export({ type: 'pkcs1', format: 'der' }).toString('base64')]) {
      expect(redactText(`PUBLIC_KEY = "${b64}"`, {})).toBe(`PUBLIC_KEY = "${b64}"`);
    }
  });
});

describe('spans and look-alikes found on review', () => {
  // Each kept shape has a neighbour that is a secret: what an exemption keeps must not reach it (random values, drawn once).
  it.each([
    'userId := auth.VerifyToken("lsChsYiKnfkHzqPujkg6knUZ00DPp7d4NCSYMMkT")', 'user_id = verify_token("S2uFXZi4gcOj5Gl6zjvTs2o8y0BUoItgdjaFPTMr")',
    "nameApiKey = 'bp7Gc70taB9NXVaNczfrB9AEzaeiKG0i'", 'name_password = "xpWP4W0fQO!D2P"', '"nameSiloApiKey": "c11ff945696e5c158fc1"',
    'vault token lookup s.sei9yiqLoeVPuj7nid3Xp5EO', 'Got glpat-rLo90otXGjROhgaT from the server', 'fw_CzFm5Ul6Y6HIle6pT8h4manm',
    'token=bfy9t9uXTswhQySorVXK-xxxxxx-UbAwaz9BeTiDIioo1jDV', 'token: w6TjncneMXYWFB6IzXETxxxxxx8KA2RPhqh0Cf1HQMZhkv',
    'SECRET_VERSION=RywtZ073Vm5l8StmFryMFvWuY4EX92Ys', "'get-credentials': 'GUGFM46GZA!hui'", '--use-credential oX3wzvDWuH!BsY',
    'prod|token|WnyC61usaEkFrUKAfehuILWV|', 'password=@Microsoft.KeyVault(xAWG1W3HfS!6mW)', 'DB_HOST=jD3Az6GXc7f4BOYjrccTyH9ym0FZDUv1',
    'response: TAWL-IZDO-KUSC-BA6X-S5LZ-PQOZ-8645-XKKV ok',
    "password: 'correct-horse-battery'", "the token is 'kx9-vq2'", 'Authorization: Basic YnJvd3Nlcjo=', 'Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
    "password: 'write'", "secret: 'this_is_my_Kx9vQ2mL7pRt'",
    'nomad acl -token Qx7kP2mZ9vLw4Rt8', 'env.SetVaultToken("123", "Qx7kP2mZ9vLw4Rt8Wb3N", false)', 'data: Y29ycmVjdC1ob3JzZS1iYXR0ZXJ5LXN0YXBsZQ==',
    'x views/token:a5a585f985894cd27c8b3d49bb81de3a/y', 'token=/x/y:a5a585f985894cd27c8b3d49bb81de3a',
    // (Found by a second reading of the exemptions above: a passphrase written again on its own, a key as a Basic header's user with
    // `X` as its password, a chosen password that starts as a sentence does, base64 of markup that holds a password, four dashed words
    // said to be a token, a constant's name of two words and a digest.)
 'Authorization: Basic UmJkVTRqUW5kWWhQNndTRUZSMXU6WA==',
    'JWT_SECRET=ThisIsMySecretKey123!', 'JWT_SECRET=this_is_my_secret_4f9a2b7c1d8e3f6a', 'SECRET_KEY=you_must_qkzvbnwpxlrmtqzsjhdfgkrt',
    'echo "PHNldHRpbmdzPjxzZXJ2ZXJzPjxzZXJ2ZXI+PHBhc3N3b3JkPms0bmRudTNBTnpKUzwvcGFzc3dvcmQ+PC9zZXJ2ZXI+PC9zZXJ2ZXJzPjwvc2V0dGluZ3M+" | base64 --decode',
    "The API token is 'brisk-otter-canyon-maple'", 'new Token("deploy", "cloud-sunset-staple-winter")', 'use ACME_PROD_fce680ab2cc467b6e072b8b5df1996b2 for calls',
    'export STRIPE_SECRET_fce680ab2cc467b6e072b8b5df1996b2', 'Got aB3xQ.zK9pLm2.Wv7RtY4nHs8.Qd5FgJ1kZc from the server',
  ])('still redacts %j', (text) => {
    expect(redactText(text, {})).not.toBe(text);
  });
  it('redacts a passphrase wherever it is written again, but not the same words inside a host\'s name', () => {
    expect(redactText("PGPASSWORD=coffee-horse-granite-purple\nsed -i 's/CHANGEME/coffee-horse-granite-purple/' app.conf", {}))
      .toBe("PGPASSWORD=[REDACTED:password]\nsed -i 's/CHANGEME/[REDACTED:password]/' app.conf");
  });
  it("redacts what a command that prints a secret printed inside a transcript's JSON string, its last line ending where the string does", () => {
    const line = '{"type":"user","message":{"content":[{"type":"tool_result","content":"$ kubectl -n argocd get secret argocd-initial-admin-secret ' +
      '-o jsonpath=\\"{.data.password}\\" | base64 -d; echo\\nuq4AePlqP7cW4-Vj","is_error":false}]}}\n{"type":"user","content":"next step"}';
    expect(redact(line)).toEqual({ out: line.replace('uq4AePlqP7cW4-Vj', '[REDACTED:password]'), counts: { password: 1 } });
    const echoed = '{"content":"$ echo hello\\nuq4AePlqP7cW4-Vj","is_error":false}';
    expect(redact(echoed)).toEqual({ out: echoed, counts: {} });
  });
  it("keeps Ansible Vault's ciphertext whole, inline after !vault | (random hex lines, made here)", () => {
    const g = makeGen(23);
    const lines = [0, 1, 2, 3].map(() => g.key('0123456789abcdef', 80));
    const text = `db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n${lines.map((l) => `          ${l}`).join('\n')}\nport: 5432`;
    expect(redact(text)).toEqual({ out: text, counts: {} });
  });
  it('redacts a literal compared before its key whole, on a line longer than the part of it the forms read', () => {
    const out = redactText(`${'x'.repeat(300)} if ("Zq8vR2mK7pXw" == password) {`, {});
    expect(out.endsWith(' if ("[REDACTED:password]" == password) {')).toBe(true);
  });
  it('keeps a port and a fragment that holds an @, and PlaceHolder', () => {
    expect(redactText('open http://localhost:3000#invite=bob@example.com now', {})).toBe('open http://localhost:3000#invite=[REDACTED:email] now');
    expect(redactText('mysql://root:pa#ss@host/db', {})).toBe('mysql://[REDACTED:url-credentials]@host/db');
    expect(redactText('password = PlaceHolder', {})).toBe('password = PlaceHolder');
  });
  it('keeps a certificate whole when a digest is glued to its end line and a secret follows on that line (a second pass looks at that line alone)', () => {
    const cert = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQkGcN3Y2u8uT0aW3mYx3dZb1rXowCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----';
    const text = `${cert}982178e4a704976a52737a4e9b87484e32afec083ddf2e53279e678478d2e721  node.tar.xz stripe key sk_live_D8rgZcOitPJvgMWShS8P2LIJ in the env`;
    const once = redactText(text, {});
    expect(once.startsWith(`${cert}982178e4a704976a52737a4e9b87484e32afec083ddf2e53279e678478d2e721 `)).toBe(true);
    expect(once).toContain('[REDACTED:stripe-key]');
    expect(redactText(once, {})).toBe(once);
  });
  it('reads a name field whatever blanks stand before the key, and a random run of both cases after a key with no operator', () => {
    expect(redactText(`- name:${' '.repeat(40)}DB_PASSWORD\n  value: Xk9mP2vL5qZ8`, {})).toContain('value: [REDACTED:password]');
    expect(redactText(`<add key=${' '.repeat(42)}"Password" value="Xk9mP2vL5qZ8"/>`, {})).toContain('value="[REDACTED:password]"');
    expect(redactText(`if ("Xk9mP2vL5qZ8" ==${' '.repeat(42)}password) {}`, {})).toContain('"[REDACTED:password]"');
    expect(redactText('api_key tkXlymfQF9cRLmmajag5', {})).toBe('api_key [REDACTED:password]');
  });
  it('redacts internal hosts written in capitals and keeps constants named INTERNAL', () => {
    expect(redactText('Server=DC01.CONTOSO.CORP;Database=app', {})).toBe('Server=[REDACTED:internal-host];Database=app');
    expect(redactText('ping FILESRV.CORP', {})).toBe('ping [REDACTED:internal-host]');
    for (const code of ['return Visibility.INTERNAL;', 'exports.INTERNAL_ERROR = -32603;', 'return PathType.Internal;', 'key in C.INTERNAL_RESULT_KEYS']) expect(redactText(code, {})).toBe(code);
  });
  it('stays linear on a line of name fields each followed by a comment mark', () => {
    const start = performance.now();
    redactText('- name: DB_PASSWORD #'.repeat(6_000), {});
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('lock files and package indexes', () => {
  // Lines of real lock files (poetry, pnpm, yarn, go.sum): a package's archive, a version and what it names, under a package's name
  // that holds a secret's word (`jsonwebtoken`, `pgpass`, `gtoken`, `…/credentials`).
  it.each([
    '{file = "MarkupSafe-3.0.2-cp310-cp310-win32.whl", hash = "sha256:fcabf5ff6eea076f859677f5f0b6b5c1a51e70a376b0579e0eadef8db48c6b50"},',
    '{file = "charset_normalizer-3.4.0-cp311-cp311-manylinux_2_17_ppc64le.manylinux2014_ppc64le.whl", hash = "sha256:8ff4e7cdfdb1ab5698e675ca622e72d58a6fa2a8aa58195de0c0061288e6e3ea"},',
    'Downloading ruff-0.8.3-py3-none-manylinux_2_17_armv7l.manylinux2014_armv7l.whl (10.4 MB)',
    "  '@prisma/engines-version@5.23.0-27.5dbef10bdbfb579e07d35cc85fb1518d357cb99e':",
    '      version: 19.0.0(dd9f56bf0344b97a7998ef4d152d7997)', "  '@angular-builders/jest@22.0.1(2207b15ebb246390d7d01aa8b25c9af3)':",
    '    jsonwebtoken: "npm:^9.0.3"', '  resolution: "pgpass@npm:1.0.5"\n    pgpass: "npm:1.0.5"', '      gtoken: 7.1.0(encoding@0.1.13)',
    'github.com/aws/aws-sdk-go-v2/credentials v1.19.18 h1:GcXQz2M/0ZvMo0v5DakUqbDBeBM1ZNaivkolEF4Esgw=',
  ])('keeps %j', (text) => {
    expect(redactText(text, {})).toBe(text);
  });
  // … and their neighbours that are secrets (random values, drawn once).
  it.each([
    'token: Qx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0-1.2.0.whl', 'password: "npm_Qx7kP2mZ9vLw4Rt8Wb3N"', 'SECRET_KEY=1.2.3(Qx7kP2mZ9vLw4Rt8)',
    'Credentials: deploy / Qx7kP2mZ9vLw', 'export API_KEY=5dbef10bdbfb579e07d35cc85fb1518d', 'token 0.1.0-Qx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0',
  ])('still redacts %j', (text) => {
    expect(redactText(text, {})).not.toBe(text);
  });
});

describe('code, configuration and documentation a system ships', () => {
  // Lines of Python's library, /etc and /usr/share/doc of a Debian machine (each kept whole), beside neighbours that are secrets.
  it.each([
    "credentials = standard_b64encode(credentials).decode('ascii')", '        keys = _get_end2end_headers(headers)',
    '    backend: "Backend", private_key: "_DSAPrivateKey", data: bytes', 'Token.String: "#AB0909",', "Token:                     \"#f8f8f2\", # class:  ''",
    'print(f"password={password!r}")', 'AttributeOID.CHALLENGE_PASSWORD: "challengePassword",', "    'Modules/_bz2.cpython-311-x86_64-linux-gnu.so '",
    '# METHOD can be "trust", "reject", "md5", "password", "scram-sha-256",\nhost    all             all             127.0.0.1/32            scram-sha-256',
    '                Modulus:\n                    00:d3:d0:6d:0f:76:9e:56:de:83:54:39:24:d1:d2:\n                    74:50:1c:d8:7d\n                Exponent: 65537 (0x10001)',
    'License: BSD-2-clause-NetBSD', 'License: GPL-2.0-or-later',
    '<ds:SignatureValue>fDKK0so/zFcmmq2X+BaVFmS0t8KB7tyW53YN6n221OArzGCs4OyWsAjj/BUR+wNF\nIgL/XoAQN3B27zD91b1ZLGh6QQ9CjnVD98+hYJ9TPp4piPnII4vGUA==</ds:SignatureValue>',
    '<CipherValue>t6JVBMihIgRyiK8AS8AX5NcXTfkdXPTKWXlDyktaADlUe+PywKwS3KdKl</CipherValue>',
    '# device                                  directory  type   options         freq pass\nUUID=2cda1e08-1f22-490b-9101-c93d511bc9c9 /          ext4   defaults        1    1',
    '#          S/N: 00B3963E0E6C2D65125853E970665402E5', "  serialNumber: '66593D57F20CBC573E433381B5FEC280',",
    'gpg --keyserver hkps://keys.openpgp.org --recv-keys 5BE8A3F6C8A5C01D106C0AD820B1A390B168D356 # Antoine du Hamel',
    '      "checksumValue": "bf690311ee7b95e713ba568322e3533f2dd1cb880b189e99d4edef13592b81764daec43e2c54c61d5c558dc5cfb35ecb85b65519e74026ff17675b6f8f916f4a"',
    '    fun:_ZN4node9inspector5Agent5StartERKSsRKNS_12DebugOptionsESt10shared_ptrINS_8HostPortEEb', '    fun:_ZN2v88Function4CallENS_5LocalINS_7ContextEEENS1_INS_5ValueEEEiPS5_',
    // (C's constants and functions, a range of revisions.)
    '    V4L2_MPEG_AUDIO_AC3_BITRATE_112K = 7,', '#define MEDIA_BUS_FMT_RGB666_1X24_CPADHI\t0x1015', 'int gnutls_pkcs11_copy_x509_privkey2(const char *token_url,',
    '#     git log -p fd68f8f5e33f4cecea4fdb7abc5ee19c12f138f0..test-notest-test-dependency',
    // (What apt and dpkg print: a package's file and record, the digests of its configuration files, its version.)
    'Filename: pool/main/a/ace-of-penguins/ace-of-penguins_1.5~rc2-5_amd64.deb', 'Filename: pool/main/c/cryptominisat/libcryptominisat5-dev_5.11.4+dfsg1-2+b1_amd64.deb',
    'Package: libkf5akonadicore5abi2\nDepends: libkf5akonadicore5abi2 (= 4:22.12.3-1)', 'Conffiles:\n /etc/adduser.conf cc3493ecd2d09837ffdcc3e25fdfff18\n /etc/deluser.conf 11a06baf8245fd8d690b99024d228c1f obsolete',
    'ii  passwd                                    1:4.13+dfsg1-1+deb12u1         amd64        change and administer password and group data',
    // (Java's library: a long literal in hex, a class's static member, a method after its return type, a resource bundle's text in escapes.)
    '    public static final long  CKO_SECRET_KEY        = 0x00000004L;', '        serverMacKey = P11Key.secretKey', '    public static Credentials acquireS4U2selfCreds(PrincipalName user,',
    '        { "Alias.alias.has.no.key", "\\u5225\\u540D<{0}>\\u306B\\u306F\\u30AD\\u30FC" },',
    // (The Google Cloud SDK and the libraries it ships: a paginator's names for its page tokens, a CA bundle's serial, the MD5s of
    // package archives, a Secret Manager secret's name, a variable named for its token, Kubernetes templates in Python strings.)
    '      "input_token": "Marker",\n      "output_token": "NextMarker",', '"output_token": "nextToken",', '# Serial: 33af1e6a711a9a0bb2864b11d09fae5',
    "    'setuptools-0.6c10-py2.4.egg': '57d6d9d6e9b80772c59a53a8433a5dd4',", "$ gcloud eventarc kafka-sources create src --sasl-password='projects/123/secrets/my-secret/versions/1'",
    '    headers = {"X-aws-ec2-metadata-token": imdsv2_session_token}',
    // (A variable in a value: in single quotes one written as variables are, in double quotes any.)
    "password='$DB_PASSWORD'", "password='$dbPassword'", 'password="$ecRetT0F1nD"', 'password_min_length: 8',
    // (cfn-lint's and the AWS CLI's: a resource type's schema id, a schema's pattern, ids after a command's options, a token that orders changes.)
    '    "AWS::SecretsManager::Secret": "c85175a4ebcce361",', '"pattern": "^arn:aws:secretsmanager:[a-z0-9-]{1,20}:[0-9]{12}:secret:[A-Za-z0-9/_+=.@-]{1,512}$"',
    'aws comprehendmedical describe-entities-detection-v2-job --job-id "4750034166536cdb52ffa3295a1b00a3"', "aws x --transaction-id='b014d972ca8347b89825e33c5774aec4'",
    '    "ChangeToken": "abcd12f2-46da-4fdb-b8d5-fbd4c466928f",', '"LockToken":"447e55ac-0000-0000-0000-86b67c17f8b5",',
    // (npm's cache index: a request's key holds an address, a tarball's its package's name.)
    '2a8d947c66a619b4d7cffe3944e8bb8aa2704432\t{"key":"make-fetch-happen:request-cache:https://registry.npmjs.org/@smithy/core/-/core-3.41.1.tgz","time":1764950000000}',
    '{"key":"pacote:tarball:@rolldown/binding-linux-x64-gnu@1.2.19","size":4923}',
    // (What cargo and Rust's tools print: a test binary named with its hash, Rust's mangled names in both schemes and in a section's name.)
    '     Running tests/integration_test.rs (target/debug/deps/integration_test-1082c4b063a8fbe6)', '.text._ZN3foo3bar17h1acb594305f70c2eE     22      0',
    "Uninitialized value was created by an allocation of 'a' in the stack frame of function '_ZN6memory4main17hd2333c1899d997f5E'",
    '_RNvMsr_NtCs3ssYzQotkvD_3std4pathNtB5_7PathBuf3newCs15kBYyAo9fc_7mycrate',
    // (C++'s mangled names as a library's symbol list, `nm` and a linker's error give them: the standard library's own abbreviations,
    // references to what came before, names with their abbreviations, `__cxx11`, `pkg`, and macOS's `__Z`.)
    ' _ZN9__gnu_cxx6__poolILb0EE16_M_reserve_blockEmm@GLIBCXX_3.4.4 4.1.1', ' _Z10ListUpdateR16pkgAcquireStatusR13pkgSourceListi@APTPKG_6.0 0.8.0',
    ' _ZNKSbIwSt11char_traitsIwESaIwEE15_M_check_lengthEmmPKc@GLIBCXX_3.4', 'FUNC:_ZN14__gnu_parallel9_Settings3getEv@@GLIBCXX_3.4.10',
    "undefined reference to `_Z13DeQuoteStringRKN9__gnu_cxx17__normal_iteratorIPKcNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEESB_'",
    '0000000000012ab0 T _ZN10DbeSession16get_jvm_FunctionEv', 'Undefined symbols for architecture arm64:\n  "__ZN8myengine13RenderContext14beginFrameDrawEv", referenced from:',
    // (A listing of files with their digests: Debian's `Release` gives each file's size between them, and a provider's name in a
    // file's name names no value.)
    'MD5Sum:\n 0ed6d4c8891eb86358b94bb35d9e4da4  1484322 contrib/Contents-all\n d0a0325a97c42fd5f66a8c3e29bcea64    98581 contrib/Contents-all.gz',
    '4bd0ccb5992f3cb9739b31144eb4248b  usr/include/linux/map_to_14segment.h\n7ca256711e3f00f0c1324dd06076c4c6  usr/include/linux/map_to_7segment.h',
    '7ec31b251c74b78dbf111c6c972d1fe2  jsonparse/examples/twitterfeed.js\n960c7fd2e8c313c8f63e8c73c0a82749  jsonparse/jsonparse.js',
    // (… with any digest's length, `sha384sum`'s among them, and a binary file's `*`.)
    '4bd0ccb5992f3cb9739b31144eb4248b4bd0ccb5992f3cb9739b31144eb4248b4bd0ccb5992f3cb9739b31144eb4248b  usr/include/linux/map_to_14segment.h\n7ca256711e3f00f0c1324dd06076c4c6 *usr/include/linux/map_to_7segment.h',
    // (`git rev-list --objects`' root tree: its path is empty, the line its id and one blank, its entries after it.)
    '61780798228d17af2d34fce4cfbdf35556832472 cmd/rules/twitter.go\nd114f2c8f5b9cea8f1dad37f3521891d604b1544 \n9fd078493a1503c000c0282de68415e2c0c15534 cmd',
    'cc97c53efa59c32d277208ec859fc0795e5d06d4 cmd/generate/secrets\nee7496eaabff9590648f53c6d2f200ed10ab129a \n9fd078493a1503c000c0282de68415e2c0c15534 cmd',
    // (A passwd file's lines whose password field is `*`, a header's decoding in Python's library, the key an official image's
    // download is signed with.)
    'root:*:0:0:root:/root:/bin/bash\nwww-data:*:33:33:www-data:/var/www:/usr/sbin/nologin\nnobody:*:65534:65534:nobody:/nonexistent:',
    '                authorization = base64.decodebytes(authorization).\\', 'ENV GPG_KEY A035C8C19219BA821ECEA86B64E628F8D684696D',
    'export NODE_GPG_KEY="4ED778F539E3634C779C87C6D7062848A1AB005C"',
    // (What git and npm print and keep: refs and files a line each after a name that ends in a secret's word, loose objects' paths
    // in a tree's listing and a diffstat, a cache's path of a digest cut into folders; the symbols `nm` lists.)
    'b474db67ad298bb18d3941b6e3ac9cb3bc53e45c refs/heads/1655-add-support-for-gitlab-routable-tokens\n2f0c6f34bf03d8c52ecbcf10e4ffa9e999ec8242 refs/heads/archive-handling',
    'cc97c53efa59c32d277208ec859fc0795e5d06d4 cmd/generate/secrets\nee7496eaabff9590648f53c6d2f200ed10ab129a cmd/generate/secrets/regen.go',
    'e7c7b4af6666201640f2b9c403f3111830dc2885 cmd/generate/config/rules/twitter.go\ne6622443d2f7a90c2cf99d40a27453e1e3f1a127 config',
    '100644 blob dab89999af91cfc5dbf7275f2e877a39ea7beaf1\ttestdata/repos/small/dotGit/objects/02/d85657604c34e7b7fbb324a0c6c8b13c2c3760',
    ' .../32/bfaec6697c1a693f71b183d3389ad2547bbb3c      | Bin 0 -> 155 bytes',
    '~/.npm/_cacache/content-v2/sha512/1a/2b/b4ee7f2dfb2a0801df80455c718a0648963dc1749f6672c4df4506fd2ab8fc015a2aad093acab6aee84563271beab31c5140d70f9b681055508f23605182',
    '0000000000196f40 W _ZNKRSt7__cxx1118basic_stringstreamIcSt11char_traitsIcESaIcEE3strEv@@GLIBCXX_3.4.29',
    // (What an agent's session prints: pip's wheel cache, its digest cut into three folders; Claude Code's log of a file written under
    // a temporary name; a password of raw base64 whose last character is a slash is read below.)
    '  Stored in directory: /root/.cache/pip/wheels/91/88/73/530df3c40730e9418f94736782333134119da7b16f2a3c62b7',
    '2026-01-26T02:53:05.429Z [DEBUG] Writing to temp file: /logs/agent/sessions/todos/2c5c44c1-d5ff-4fc9-ade6-ab86ef6fcaae-agent-2c5c44c1-d5ff-4fc9-ade6-ab86ef6fcaae.json.tmp.1309.1769395985429',
    'https://unpkg.com:latest/@babel/core',
    // (Found by a third reading: names whose words hold consonants or pairs that random letters do, model names and VM sizes
    // among them; German's compounds and camelCase names after a key's colon or Bearer.)
    'MODEL_NAME=Qwen2-VL-7B-Instruct', 'vm_size: Standard_D4ds_v5', 'DATABASE_HOST=Postgres16Primary-db', 'Token: Authentifizierungstoken',
    '  token: mountPropagation', '  adminPasswordKey: wordpressPassword', 'token: JSONRPCNotification', 'Authorization: Bearer localhostProfile',
    '    private val privateKey: RSAPrivateCrtKey = kf.generatePrivate(spec) as RSAPrivateCrtKey',
    // (A man page's source: a metavariable in italics, a word before troff's zero-width escape.)
    // (An address's template under a secret's name, its first part a placeholder: Keycloak's `{url}/admin/…/client-secret`.)
    'URL_CLIENTSECRET = "{url}/admin/realms/{realm}/clients/{id}/client-secret"',
    // (Found by a fourth reading: names of code as a whole value under a name with no secret's word, their joints making pairs and
    // consonants that words never hold (`ntsB`, `mJ`); names of jobs with numbers; paths of one word's folder.)
    'handler: getAllDocumentsByKey', 'export HANDLER="getProductsByKey"', 'TYPE=HTMLElementTagNameMap', 'feature: enablePromptsForNewUsers',
    'DB_NAME=MyAppDevelopmentDB', 'resolver: convertTypeAcquisitionFromJson', 'const QUERY_NAME = "getDocumentsByTag";', 'docker run -e HANDLER=getAllDocumentsByKey app',
    'PIPELINE=NightlyPostgres16Backup', 'SERVICE=GrpcHttpGateway2', 'OUT_DIR=msvc/x64/Release', 'INCLUDE=llvm/CodeGen/TargetInstrInfo',
    '.B  --delete-secret-keys \\fIname\\fR', '.B  --quick-generate-key \\fIuser-id\\fR [\\fIalgo\\fR [\\fIusage\\fR]]', 'Never issue a password prompt\\&. If the server',
    // (A language model's id, as agents' SDKs and their configurations name one: English's clusters of consonants, a size in parameters.)
    "const model = amazonBedrock('anthropic.claude-3-sonnet-20240229-v1:0');", "  'qwen/qwen3-coder-480b-a35b-instruct-maas': {",
    // (JavaScript as agents' packages ship it: an option that sends cookies, fetch's credentials mode, a media type, a validation's
    // arguments, a member whose name holds a word's number.)
    '    withCredentials: defaultToConfig2,', "  (request.credentials === 'same-origin' &&",
    '  const mediaType = mediaTypeToken && mediaTypeToken.length > 0 ? mediaTypeToken : "application/octet-stream";',
    'this.validateCredentials("fetch JWKS", "uaadomain");', 'exports.K8S_VOLUME_TYPE_VALUE_SECRET = require_experimental_attributes.K8S_VOLUME_TYPE_VALUE_SECRET;', 'password = s3Config.password',
    // (An icon written in base64 over several lines, its last line short.)
    'image create photo ::tk::icons::warning -data {\n    iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAABHNCSVQICAgIfAhkiAAABSZJREFU\n    WIXll1toVEcYgL+Zc87u2Yu7MYmrWRuTJuvdiMuqiJd4yYKXgMQKVkSjFR80kFIVJfWCWlvpg4h9\n    9Uqvu3HLjfhvTUo85WzjhogAAAAASUVORK5CYII=\n}',
    'ICON = "R0lGODlhEAAQAPIAAP///wAAAMLCwkJCQgAAAGJiYoKCgpKSkiH/C05FVFNDQVBFMi4wAwEAAAAh\\\nWIXll1toVEcYgL+Zc87u2Yu7MYmrWRuTJuvdiMuqiJd4yYKXgMQKVkSjFR80kFIVJfWCWlvpg4h9"',
    'A = """\\\napiVersion: v1\nkind: Secret\ndata:\n  key.json: "{gcp_sa_key}"\n"""\n\nB = """\\\napiVersion: v1\nkind: ConfigMap\ndata:\n  image: "gcr.io/x/agent:v1.2.3"\n"""',
    // (Python's and C++'s libraries as their wheels ship them: a call or a class named with numbers between its words, a type's hint,
    // a template's default, a list of sibling names, a variable named for the key cut short, a model's special tokens, a data file's
    // digest under its name, a decimal constant.)
    "    skey = base64url_decode(key.get_op_key('sign'))", 'self.pw1 = Conv2dNorm(dim, embed_dim, **dd)', 'max_tokens=Int64Value(value=self.max_tokens),',
    'const int key = VP8LHashPix(argb, cc->hash_shift_);', 'self.embed_tokens = M2M100ScaledWordEmbedding(',
    'def import_key(extern_key: Union[str, bytes], passphrase: Optional[str]=None) -> RsaKey: ...',
    'def setPassword(self, password: PySide6.QtCore.QByteArray) -> None: ...', '    Credential: _win32typing.PyCredHandle,', '    token: JiraOauth2Token',
    '    CompletionToken = with_diagnostics_t<asio::deferred_t>>', '@sensitive_variables("password1", "password2")', "return {'cls_token1', 'cls_token2'}",
    'service = build("drive", "v3", credentials=creds)', '    return self.to_text(with_password=includeSecrets)',
    'entity_mask2_token="[MASK2]",', 'suffix_token="▁<SUF>",', 'self.image_token = "|SPEAKER|"',
    '"qbert.bin": "484b0076816a104875e00467d431c2d2",', '"bokeh-3.4.0.min.js": "pQHUG89WWG6Sf7iFdJv5oIl7x6AogRXyt1YDCQZEZKeZctkwckGbs8p5ez3LVtGP",',
    '("list_attr_celeba.txt", "75e246fa4810816ffd6ee81facbd244c"),', '    0.822283865417792281772556288e34F,',
    'yt_dlp/extractor/twitter.py,sha256=GhHxuQL6oHetZzqFO0wpp21D35FRM4C5Z9YFvhsY3cM,78255', 'class BetaManagedAgentsAgentToolset20260401WriteInput(BaseModel):',
    '    # First pass: decided_mask==0, every element participates.', '    text_pad_token=129_595,', '    credentials: NotRequired[List[CredentialTypedDict]]',
    '    "Validate that login and password exists in environment."', '    self, msg: str | bytes, key: Ed25519PrivateKey | Ed448PrivateKey',
    '{\n  "bokeh-0.10.0.css": "vPVqjk21P9Zu+ZzJJXmB3iLyXeNgsVbBRfSv+i2uQFFocKsJuT3bqegx49lSkrIz",\n}',
    "model = timm.create_model('vit_base_patch16_224.augreg2_in21k_ft_in1k')", '<img src="logo@2x.png" srcset="logo@1.5x.webp">',
    'PySide6/Qt/qml/QtQuick/Controls/FluentWinUI3/dark/images/combobox-indicator-disabled@2x.png,sha256=bVhN-TtnhSd6CQ48LUbrugV9JiJT3867uBWFqfSGWME,167',
    'keyring_md5 = {\n  "setuptools-0.6c10-py2.4.egg": "57d6d9d6e9b80772c59a53a8433a5dd4",\n}',
    "skey = base64url_decode(key.get_op_key('sign'))\nMD5S = {\n    \"qbert.bin\": \"484b0076816a104875e00467d431c2d2\",\n}", '"keywords": ["a"],\n"files": {\n  "x.bin": "57d6d9d6e9b80772c59a53a8433a5dd4"\n}',
  ])('keeps %j', (text) => {
    expect(redactText(text, {})).toBe(text);
  });
  it.each([
    'token = aB3xQzK9pLm2Wv7R(x)', 'LICENSE: Qx7kP2mZ9vLw4Rt8Wb3N', 'LICENSE=Qx7kP2mZ9vLw4Rt8Wb3N', '"password", "Xk9mP2vL5qZ8"', 'Map.of("user", "bob", "password", "hunter2x")',
    '<RSAKeyValue><Modulus>x</Modulus><D>PXFqRIqYk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4Rt8Wb3NcY5d=</D></RSAKeyValue>', 'token=_ZNQx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0x',
    // (Random text after `_Z`, a random value in a Release file's place, a provider's name in a path that holds its setting.)
    'x _ZN4Qx7k9P2mZvLw4Rt8Wb3NcY5dF6hJ1sA0xqp', 'x _Z9kPqmZvLwRt8Wb3Nc7Y5dF6hJ1sA0xLm', ' Xk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4Rt8   98581 contrib/Contents-all.gz',
    'config/segment.yml:3:  write_key: 7ca256711e3f00f0c1324dd06076c4c6', 'keys/segment 7ca256711e3f00f0c1324dd06076c4c6',
    'localhost:*:*:postgres:Xk9mP2vL5q', '*:*:*:app:p@ss:word', 'Authorization: token ghx9mP2vL5qZ8wR3tQx7k(', 'GPG_PRIVATE_KEY=4ED778F539E3634C779C87C6D7062848A1AB005C',
    'GPG_PASSPHRASE=4ED778F539E3634C779C87C6D7062848A1AB005C', 'SIGNING_KEY=4ED778F539E3634C779C87C6D7062848A1AB005C',
    'API token\n2f0c6f34bf03d8c52ecbcf10e4ffa9e999ec8242', '$ cat /run/secrets/db_token\n2f0c6f34bf03d8c52ecbcf10e4ffa9e999ec8242',
    '.git/objects/02/d85657604c34e7b7fbb324a0c6c8b13c2c3760/Xk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4Rt8Wb3N', 'secret: ./keys/ab/b94e8ac83036908299dff846eb9a1e5c4367af',
    'x _ZN9yS63TziIpIWP5tOavR6ymilf8Pa6j1RIck', 'x _Z13tVvno6Doa3i7vhsZ6j8mzKVsRV4rIL0TJAH',
    // (Found by a second reading: a file named for a secret read by any command, a provider's file read or shown, a table's row of a
    // token, an id and a name, a name for GPG whose last word is no key's, a short token before a bracket.)
    '$ kubectl exec -n vault vault-0 -- cat /vault/file/init/root_token\n9fb6f1d0130b23a002dabc08bbcd1da92c2c7003',
    '$ ssh deploy@prod cat /etc/myapp/api_token\na6a000beb6cd0f982f69610a6b42414057d89ef5',
    // (A file's content after a file listed with its digest, followed by a column of several blanks and a word.)
    '2fd4e1c67a2d28fced849ee1bb76e7391b93eb12  ci/circle.token\n4e7a9c2f1b8d3e6a5c0f9b2d7e4a1c8f3b6d9e2a    production',
    // (Random letters after a key, with runs of capitals: the key says what the value is, the parts test is not asked.)
    'password: EbmcvPnkxrWYEZJoysxrlxbE', 'Authorization: Bearer QHFKSSXMotDITIRaMQQhtzbZ',
    // (A value on a line of its own that ends in one blank, as a root tree's does in a listing, with no object's line after it.)
    'cc97c53efa59c32d277208ec859fc0795e5d06d4 cmd/generate/secrets\nee7496eaabff9590648f53c6d2f200ed10ab129a \n', '$ cat ~/.config/configstore/snyk.json\n{"api":"f1f47486-c114-4e30-888d-19317ff70270"}',
    '==> keys/circleci.txt <==\nb4c939c8986255aa31c0a732bd983c3b0dd036b2', '$ cat ~/.config/vercel.txt\nz6MF2AsuAVWZH0yHX1KucUvu',
    'token\tuser_id\tname\ne0f92865bcde37cda7c2b0ec220f5d1d\t1\tci-bot', ' 76b88983e735757829a609f9a139ca7b 10000 acme-prod',
    'GPG_KEY_ENCRYPTION=e1902684201b04145ae14653f46c06a497720fb4f38f49f3ba794a5aacc40736', 'authorization: NMM0aH8AePYRf7AH9YOl(',
    '--password \\fIXk9mP2vL5q\\fR', 'password Xk9m!P2vL5q\\&.',
    '$ sha1sum secrets/api_token && cat secrets/api_token\na9b0e48b9648ccfe6ed475e001d743f69ba701a8  secrets/api_token\n901352fc827f59edaef86f9a3896536d21b1c204',
    '$ md5sum secrets/vercel.token && cat secrets/vercel.token\n21daa7ea5b404ed9e80824f5a3361086  secrets/vercel.token\nwVP4n2CrcD80LY4rngOPhkLW',
    'password: {user}.TzosjBqD3VOvff1wlKCy', 'token={prefix}/4b80192f6705e75b30db6423a0cf3982', 'token: oExkNIxMxxKxOVrSxyus\\&', 'x /tmp/Xk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4Rt8Wb3N.tmp.1309',
    'postgres://app:KdQYiG5U81AjDIo/@db:5432/app', 'curl -H "X-Api-Key: ZXbNYYjFl/nlcSEh" https://api.example.com/v1', 'TOKEN="{x}Xk9mP2vL5qZ8wR3t"',
    'token=Xk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4.cpython-311-x86_64-linux-gnu.so', 'SECRET Qx7kP2mZ9vLw4Rt8Wb3N', 'pass\nQx7kP2mZ9vLw4Rt8Wb3N',
    // (Found by a second reading of the exemptions above.)
    'admin_password: "SuperAdminPassword1"', '"client_secret": "AcmeClientSecret2023"', 'String[] a = {"-u", "admin", "password", "Summer2024!"}',
    `Map.of("url", "jdbc:postgresql://db-primary.internal:5432/billing?sslmode=require&tcpKeepAlive=true", "user", "billing_admin", "driver", "org.postgresql.Driver", "password", "Summer2024!");`,
    '# Mapbox access token\nX=up2jDEFolxD2RilNlHB4', '<DigestValue />\nfoo ELPcoQx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0hjhc',
    '<ds:SignatureValue>3VUXQx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0= (truncated)\nrefresh MG7664AskQx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJItV', '"serial": "Akd6Qx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0vqK"',
    'rev_value: "Xd06Qx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA07jp"', 'password = "#28dcf0"', 'Test account/credentials: qa_user / Summer2024!', 'password = "{p:Xk9!vB2q}"',
    'password = s3cret2024(x)', 'api_key = k8sprodtoken42(env)', 'token: 1.0.0-5dbef10bdbfb579e07d35cc85fb1518d357cb99e', 'db:5432:app:app:Ab',
    'cli --receive-keys 5dbef10bdbfb579e07d35cc85fb1518d',
    'TOKEN=Qx7kP2mZ9vLw_Rt8Wb3NcY5dF6hJ1sA0', 'git diff 0123abc..Qx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0aa', 'Filename: Qx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0_1.2_amd64.deb',
    'PACKAGE_TOKEN: Qx7kP2mZ9vLw4Rt8Wb3N', 'export API_KEY=/x 5dbef10bdbfb579e07d35cc85fb1518d', '--token-file /etc/x 5dbef10bdbfb579e07d35cc85fb1518d', 'password: 2:Xk9mP2vL5q',
    // (Found by a second reading of the exemptions above.)
    'DB_PASSWORD=3.91-NkUPtoH8-Xfr3WQe', '"api_token": "1.0~tHcgtl251f3uOXXjRa6G0vXg"', 'password=2.5-hunter2-x9', '/opt/agent/install.sh de379ce6428e44ea37c61a7d30116b87',
    './bin/ci-login de379ce6428e44ea37c61a7d30116b87', 'ADMIN_PASSWORD=Welcome1AdminPassword', 'client_secret: "Summer2024ClientSecret"', 'AUTH_TOKEN=mf3jup2e.AuthToken',
    'Authorization: Bearer fWvAfaOEISBGwhZZ_lUELp..YFVjSgPavv', 'license serial 84040f40f22ef4affe7652a1a2da5324', 'psk=#4e2b8d1f', 'credential=#ab12cd',
    'password=k8s_admin2024(x)', 'LICENSE_KEY = "W62LKXPQ_XEHFGEYI_1MSQRPL1_YIYZTBEN"',
    'password: "p\\u00E4ssw\\u00F6rd"', 'secret = Xk9Pq2.mZvLwRt', 'String password = xk9mp2vl5q(', 'password = 0xZZ00000004L9',
    '[DEBUG] Using Key=dSVpgO96Umg22oD56Q7dAVZ9(after', 'Token dSVpgO96Umg22oD56Q7dAVZ9(',
    '"input_token_secret": "Xk9mP2vL5qZ8wR3t"', '"auth_token": "Xk9mP2vL5qZ8"', 'SERIAL=Qx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0',
    "'setuptools-0.6c10-py2.4': '57d6d9d6e9b80772c59a53a8433a5dd4'", "'x-1.0.egg': 'Qx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0'",
    "password='projects/123/secrets/db/versions/1/Xk9mP2vL5qZ8'", 'headers = {"token": x9kq_session_token}',
    'A = """\\\napiVersion: v1\nkind: Secret\ndata:\n  token: c2VjcmV0dmFsdWUxMjM=\n"""', 'kind: Secret\ndata:\n  token: c2VjcmV0dmFsdWUxMjM=\n  b: "{gcp_sa_key}x9Qz"',
    '"Config::Secret": "Xk9mP2vL5qZ8wR3t"', '$main::password = "Xk9mP2vL5qZ8"', 'aws x --token "4750034166536cdb52ffa3295a1b00a3"', "x --api-key='b014d972ca8347b89825e33c5774aec4'",
    'password = "[A-Za-z0-9]Xk9mP2vL5q"', '"ExchangeToken": "Xk9mP2vL5qZ8wR3tQx7kP2mZ"', 'unlock_token: Xk9mP2vL5qZ8wR3tQx7kP2mZ',
    // (Found by a second reading of the exemptions above.)
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n{{- with .Values.annotations }}\n  annotations:\n{{ toYaml . | indent 4 }}\n{{- end }}\ntype: Opaque\nstringData:\n  MYSQL_ROOT: Tr0ub4dor&3',
    ' kind: Secret\n-  name: old-creds\n+  name: new-creds\n stringData:\n   smtp: Wint3rIsC0ming', 'kind: Secret\nstringData:\n  admin: $Xk9mQ2vLp7RtZ4wB',
    'kind: Secret\nstringData:\n  admin: {Xk9mQ2vLp7RtZ4wB}', 'INPUT_TOKEN=wJ8rQ2xZp4Lk7Vn3Bt9Hs6Md1Fy5Gc0Ae2Ru8Ki4', 'password_change_token = "kR7vQ2mXz9LpW4bN8sT3yHcJ"',
    'DEPLOY_LOCK_TOKEN=kR7vQ2mXz9LpW4bN8sT3yHcJ', 'SUBLIME_SERIAL=7A3F9E2C8B1D4A6E0F5C9B2D7A4F1E8C', 'your serial: 7A3F9E2C8B1D4A6E0F5C9B2D7A4F1E8C',
    'SERIAL=7a3f9e2c8b1d4a6e0f5c9b2d7a4f1e8c', 'tool --pin "wJ8rQ2xZp4Lk7Vn3Bt9Hs6Md1Fy5Gc0Ae2Ru8Ki4"', 'password: "[Tr0ub4dor]+3Xk9mQ2vLp7"',
    'DB_PASSWORD=acme_prod_2024_password;', '"password": rkvzqpt_77_secret}', 'signing_secrets = {"app-1.2.3.jar": "4e1b8d3a6f0e5c9b2d7a4f1e8c4d9f2c"}',
    '{"Custom::ApiToken": "Xk9mQ2vLp7RtZ4wBq8Lm3Rx7"}', "{'AWS::RDS::Password': 'Xk9mQ2vLp7RtZ4wB'}",
    'x _RIZrga6j8Bs08SoylpSgum5kyBgJ34IdZ2gNp', 'x Xk9mP2vL5qZ8wR3t-70b-Qx7kP2mZ9vLw4Rt8', 'x instruct-Xk9mP2vL5qZ8wR3tQx7kP2mZ9vLw', 'token = "text/Xk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4"', 'withCredentials2: Xk9mP2vL5qZ8wR3t',
    'this.validateCredentials("admin", "Xk9mP2vL5qZ8")', 'password = k8s.Xk9mP2vL5q',
    '"client_secret": "oauth2.GhtYqkWmZpLx"', '"password": "K8S.Deploy_Prod"', 'spring.datasource.password=k8s.Cluster_Admin', 'KEY = """\nXk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0hjhcXk9mP2vL5qZ8wR3tQx7kP2mZ9\n"""',
    'icon = "iVBORw0KGgo"\nXk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4Rt8Wb3NcY5dF6hJ1sA0hjhcXk9mP2vL5qZ8wR3tQx7kP2mZ9', '"password": "--stone-moon-river)"',
    // (Found by a second reading of the exemptions above.)
    'auth: Xk9mQ2vL8pR4tZ7wN3bYq5Wd@https://gitlab.com', "key: 'Zq8Wk3Rm5Tn2:https://vault.acmecorp.io'", 'pass: Xk9mQ2vL8pR4tZ7wN3bYq5Wd:https://gitlab.com',
    'POST /hooks/production-deploy-notify-a7f3c9e21d4b8f60/run', 'AUTH=Rm2Kq9:ab3-xq7-zp9-mk2-rt5-wd8', 'pass: Zq8Wk3Rm:tiger-lake-3918-orbit',
    'echo _RsXk9mQ2vL8pR4tZ7w_sQ5Wd8fJpL2xZm0Rt_5agent6config',
    '$ base64 ~/.m2/settings.xml\nPD94bWwgdmVyc2lvbj0iMS4wIj8+CjxzZXR0aW5ncz48c2VydmVycz48c2VydmVyPjxpZD5jZW50\ncmFsPC9pZD48cGFzc3dvcmQ+TnFWd1lTODFWUCE3SGIxRFg4cFBkNWs8L3Bhc3N3b3JkPjwvc2Vy\ndmVyPjwvc2VydmVycz48L3NldHRpbmdzPgo=',
    'ICON = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJVRy6GRAvwItVSh15/z/wTWI/Bh48NPXH"\n      "575yx8xm5MslfY5ubiheyEd7P4zDL/ak6J0kGODKdinZnLXicaBAg8WY1jzIRlNQ")', 'x .text._ZNXk9mP2vL5qZ8wR3tQx7kP2mZ9vLw4Rt8', 'x _ZNXk9mP2vL5qZ8wR3tQx7kP2mZ9vL17h1acb594305f70c2eE', 'key=prod:wdvn-usa87a-fxp9ioas', '{"key":"cache:binding-Xk9mP2vL5qZ8wR3t@1.2"}',
    'password: MyDog2Fluffy', 'token=Xk9mP2qZ(abc)', 'password: Xk9mP2qZw7<br>', 'password=Xk9mP2q<x>', 'password = with_hunter2_t<x>', 'api_token: Summer2024Token',
    'password: Ab.QxByteArray9', 'token: Xk9m.Rt7LmQwKey', 'password = "[XK9MP2]"', 'token = "[Xk9mP2vL5qZ8]"', '"password1", "Xk9mP2vL5q2"', 'credentials=credsXk',
    '"server.key": "484b0076816a104875e00467d431c2d2"', '"secrets.json": "484b0076816a104875e00467d431c2d2"',
    '"prod.env": "pQHUG89WWG6Sf7iFdJv5oIl7x6AogRXyt1YDCQZEZKeZctkwckGbs8p5ez3LVtGP"', 'signing_secrets = {"app.bin": "4e1b8d3a6f0e5c9b2d7a4f1e8c4d9f2c"}',
    // (Found by a second reading of the exemptions above.)
    '"api.github.com": "b6907d289e10d714a6e88b30761fae22"', 'API_KEYS = {\n    "weather.json": "b6907d289e10d714a6e88b30761fae22",\n}',
    'USERS = [("john.doe", "b6907d289e10d714a6e88b30761fae22")]', 'client.connect("db.example.com", "n2XvB7uQ3kLp9RzT4wYc8HfM1dGs6JaE0oViKtUyNq4=")',
    'Your temporary password: Garden98Lemon<br>', 'MYSQL_ROOT_PASSWORD=Chelsea1905Blue(', 'password: Sunset44Violet(!)', 'PGPASSWORD=Quartz2254Planet<3 psql -h db -U app',
    'password: Banister4.Gloomy.Sandpaper', 'client_secret: Blue42.Sky', 'DB_PASSWORD=Umbrella1657.Cherry # prod',
    '{"username": "alice", "password1": "password123", "password2": "password123"}', "curl -d 'password1=password1234&password2=password1234' https://x",
    '--set auth.postgresPassword=postgres', 'vaultToken=vault', 'token: [D8DE9CB194795663B29460ABCAAECFFC327FA602]', 'token=|GT6C37UZKQLGGLIDV48EDWJHNW|',
    'machine api.example.com login bob password Xk9mP2vL5q', 'password: abc==0x9Kq', 'token=Xk9mP2==vL5q',
    // (Found by a third reading of the exemptions above.)
    '{"seed.bin": "K2AgmINR6upaWBSSOFM9WEzw8d3UUAYwwn3j/ArX/Ko="}', 'open_encrypted("data.bin", "9f86d081884c7d659a2feaa0c55ad015")',
    'apiVersion: v1\nkind: Secret\ndata:\n  "seed.bin": "K2AgmINR6upaWBSSOFM9WEzw8d3UUAYwwn3j/ArX/Ko="', 'encryption = {\n  "users.csv": "9f86d081884c7d659a2feaa0c55ad015",\n}',
    'headers = {"index.html": "K2AgmINR6upaWBSSOFM9WEzw8d3UUAYwwn3j/ArX/Ko="}', 'here you go: Staple65Tiger9StoneCloud40Battery', 'password: Winter42Coffee<kbd>',
    'token: Garden98Lemon<table>', 'api_key = Garden98Lemon<str>', 'GITHUB_TOKEN=Deploy2Token', 'auth_token = Mango42Token', 'private_key=MyLab9Key',
    'client_secret=secrets', 'token=tokens', 'token=Garden3Coffee4CoffeeBattery920Blue(x)', "mysql -u root -p'password1', 'password2'", 'secret=my_pass==1',
    'login with password Xk9mP2qZ7wLn!', 'Then login or password r00tP@ss! should work',
    // (Found by a fourth reading: each row leaked at the third's end.)
    'API_KEYS = {\n  "weather.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e",\n  "maps.json": "7c1d9e0a3b5f2c8d4e6a1b9c0d3e5f7a",\n  "geo.json": "e3a9c1f0b7d2e4a6c8b0d1f3e5a7c9b2"\n}',
    'TOKENS = [\n ("svc-a.json","5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e"),\n ("svc-b.json","7c1d9e0a3b5f2c8d4e6a1b9c0d3e5f7a"),\n]', 'login with password letmein',
    'Try login with password sunshine and username admin', 'TOKEN=Banister4.GloomySandpaper', 'password: Jungle0.Garden.CloudMaple',
    'client_secret=Garden2.Phoenix.NeedleTurtle', 'token=type[Xk9mP2vL5qZ8]', 'token=Optional[Xk9mP2vL5qZ8wR3t]', 'token: OAuth2SecretToken',
    'password: Purple42Monkey<std::string>', 'mail bob@3x.png.example.com', 'TOKEN="|SUPERSECRET|"', 'bot_token = "[ADMIN_42]"',
    // (Found by a fifth reading.)
    'API_KEYS: dict[str, str] = {\n    "weather.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e",\n}', 'const apiKeys: Record<string, string> = {\n  "weather.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e",\n}',
    'api_keys:\n  "weather.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e"', '[secrets]\n"weather.json" = "5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e"',
    '{"api.example.pt": "5019991203ad8ca3db0484d8c40c1da2"}', '"api.notion.so": "5019991203ad8ca3db0484d8c40c1da2"',
    '@pytest.mark.parametrize("old,new", [("password1", "password123")])', 'Enter your login and password sunshine', 'login or password letmein fails',
    'password: Blue42.SkyHigh.SeaBreeze', 'api_key=Castle1905Token<x::y>', 'GITHUB_TOKEN: coffee3.ConvViolet', 'x keyl7.6v05e.cagakm.1tsaj.vhamqnd6',
  ])('still redacts %j', (text) => {
    expect(redactText(text, {})).not.toBe(text);
  });
  it("redacts a file's content after its checksum's line when the content ends in one blank, as a root tree's line does", () => {
    const text = '$ sha1sum keys/twitter.txt; cat keys/twitter.txt\ne7c7b4af6666201640f2b9c403f3111830dc2885  keys/twitter.txt\ne6622443d2f7a90c2cf99d40a27453e1e3f1a127 \n';
    expect(redactText(text, {})).not.toContain('e6622443d2f7a90c2cf99d40a27453e1e3f1a127');
  });
  it("redacts every digest of a map or a list opened under a secret's name, after the entries redacted before them", () => {
    for (const [text, n] of [
      ['API_KEYS = {\n  "weather.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e",\n  "maps.json": "7c1d9e0a3b5f2c8d4e6a1b9c0d3e5f7a",\n  "geo.json": "e3a9c1f0b7d2e4a6c8b0d1f3e5a7c9b2"\n}', 3],
      ['TOKENS = [\n ("svc-a.json","5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e"),\n ("svc-b.json","7c1d9e0a3b5f2c8d4e6a1b9c0d3e5f7a"),\n]', 2],
      ['DATADOG_API_KEYS = {\n  "f0.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b0c1e",\n  "f1.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b2b0d",\n  "f2.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b49fc",\n  "f3.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b68eb",\n  "f4.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8b87da",\n  "f5.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8ba6c9",\n  "f6.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8bc5b8",\n  "f7.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8be4a7",\n  "f8.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8c0396",\n  "f9.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8c2285",\n  "f10.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8c4174",\n  "f11.json": "5f2b9c1e7a3d4f6b8c0e2a4d6f8c6063",\n}', 12],
    ] as const) {
      const counts: Record<string, number> = {};
      redactText(text, counts);
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(n);
    }
  });
});

describe("the library code kept as an agent's transcript writes it (a tool's output in a JSON line)", () => {
  const line = (content: string) => JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', content }] } });
  it.each([
    'image create photo ::tk::icons::warning -data {\n    iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAABHNCSVQICAgIfAhkiAAABSZJREFU\n    WIXll1toVEcYgL+Zc87u2Yu7MYmrWRuTJuvdiMuqiJd4yYKXgMQKVkSjFR80kFIVJfWCWlvpg4h9\n    9Uqvu3HLjfhvTUo85WzjhogAAAAASUVORK5CYII=\n}',
    "const model = amazonBedrock('anthropic.claude-3-sonnet-20240229-v1:0');",
    '      "input_token": "Marker",\n      "output_token": "NextMarker",',
    'from .beta_tool_computer_use_20241022_param import BetaToolComputerUse20241022Param\nclass BetaMemoryTool20250818ViewCommand(BaseModel):',
    "    skey = base64url_decode(key.get_op_key('sign'))\n    passphrase: Optional[str] = None",
    'def setPassword(self, password: PySide6.QtCore.QByteArray) -> None: ...', '    "qbert.bin": "484b0076816a104875e00467d431c2d2",',
  ])('keeps %j', (text) => {
    expect(redactText(line(text), {})).toBe(line(text));
  });
  it('still redacts a Secret whose manifest holds a template line', () => {
    const text = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n{{- with .Values.annotations }}\n  annotations:\n{{- end }}\nstringData:\n  MYSQL_ROOT: Tr0ub4dor&3';
    expect(redactText(line(text), {})).not.toContain('Tr0ub4dor');
  });
});

describe("charts, roles and modules of infrastructure code (Bitnami's Helm charts, Ansible's collections)", () => {
  it.each([
    // (A documentation comment's name and its description.)
    '## @param redis.auth.password Redis&reg; password', '## @param mongodb.auth.password MongoDB&reg; user password', ':param password: Redis&reg; password', ' * @param {string} password Redis&reg; password',
    ' * @param string $password Redis&reg; password', '/// \\param[in] password Redis&reg; password',
    // (A template's action: a field, a variable.)
    '{{- range $user, $password := .Values.auth.basicAuthUsers }}\n{{- if .Values.auth.basicAuthUsers }}',
    "- '{{ lookup(\"community.general.bitwarden_secrets_manager\", \"2bc23e48-4932-40de-a047-5524b7ddc972\", bws_access_token=token1) }}'",
    // (A value in one item of a Kubernetes env list, the next item's name after it.)
    '          env:\n            - name: VALKEY_REPLICATION_MODE\n              value: primary\n            - name: ALLOW_EMPTY_PASSWORD\n              value: yes',
    // (A Secret's template: its configuration's lines around the values, a script's variable for data it encodes.)
    'apiVersion: v1\nkind: Secret\nstringData:\n  config.yml: |-\n    {{- include "common.tplvalues.render" (dict "value" .Values.metrics.configuration "context" $) | nindent 4 }}\n    <property>\n    }\n    {{- end }}',
    'kind: Secret\ndata:\n  admin-token: $encoded_token',
    'kind: Secret\nstringData:\n  config.alloy: |\n    discovery.relabel "pods" {\n      rule {\n      }\n      stage.cri { }\n    }\n  dex.yaml: |\n    staticClients:\n    storage:',
    // (Public keys elided in documentation, a public key's blob as an API returns it, an id aligned in a column.)
    '-----BEGIN CERTIFICATE-----\nMIID6TCCAtGgAwIBAgIJAIaCwivkeB5EMA0GCSqGSIb3DQEBCwUAMFYxCzAJBgNV\n...\njScrvkiBO65F46KioCL9h5tDvomdU1aqpI/CBzhvZn1c0ZTf87tGQR8NK7v7\n-----END CERTIFICATE-----',
    '"key": "ssh-rsa AAAAB3NzaC1yc2EAAAADA...AdkTg7HGqL3rlaDrEcWfL7Lu6TnhBdq5"', '"key": "AAAAB3NzaC1yc2EAAAABIwAAAQEAubiN81eDcafrgMeLzaFPsw2kN...seeFVBoGqzHM9yXw=="', "  - 'AAAAB3NzaC1yc2EAAAABIwAAA...SBne8+seeFVBoGqzHM9yXw==',",
    '{"id": 1, "key": "AAAAC3NzaC1lZDI1NTE5AAAAIJmG5rGc7kN0QmJ0dBj5zXgR1pX0yq2dQm7s1ZC0H3xA"}', 'Pool ID:             ff8080816b8e967f016b8e99747107e9',
    // (Grafana's charts, Argo CD, the Prometheus community's charts: a dashboard's link, a lock file's digests, a heredoc's generated
    // marker, an option named in a sentence, a label's constant.)
    '{"title": "Drill down", "url": "/d/8b7a8b326d7a6f1f04244066368c67af"}', '"sum": "XZGAMWkORQ2XmTTaK9jvsgVvsgabz8Vio1j5U4fmO8U="',
    "cat << 'GH_AW_PROMPT_ee6a84c273424ae8_EOF'", '## If true, pass --storage.tsdb.max-block-duration=2h to prometheus.',
    'LabelValueSecretTypeRepoCreds = "repo-creds"',
    // (Supabase's, Laravel's and Stripe's libraries and docs: what `typeof` gives, validation rules, nginx's upstream, types listed in a changelog.)
    "typeof data.weak_password === 'object' &&", "'password' => 'required|min:8|confirmed',\n'token' => 'required',", "->password('What is your password?', validate: ['password' => 'min:8'])",
    'fastcgi_pass unix:/var/run/php/php8.3-fpm.sock;', '* Add support for new resources `V2.Core.AccountLink`, `V2.Core.AccountPersonToken`, `V2.Core.AccountPerson`, `V2.Core.AccountToken`',
    // (NATS's public keys, their checksum holding: a server's id in its log, a user's key in the server's configuration.)
    '[INF]   Name:     NB3YN6SPZF6MWTLPGYLRE2AD5VVWSW443RO43YR5GC62I463QPYGOL5C', 'Registering remote route "NDQAU6HVD44TI2X5R2QRYJEIQR3MMHCFTW2BTSXBILBOZHJ4Z7AR7GGR"',
    'authorization: { users: [ { nkey: UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4 } ] }', 'nkey: UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4',
  ])('keeps %j', (text) => {
    expect(redactText(text, {})).toBe(text);
  });
  it("keeps a notebook's picture whole on one line past the first window of its run, and still redacts a random run as long", () => {
    // (A run is read in windows of 4 KiB: the later ones do not start with the picture's magic, and a short last one was judged alone.)
    let seed = 7;
    const base64 = (n: number) => Array.from({ length: n }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[(seed = (seed * 16807) % 2147483647) % 64]).join('');
    const picture = `   "image/png": "iVBORw0KGgoAAAANSUhEUgAAAsUAAAD+CAYAAADS6XhfAAAAOXRFWHRTb2Z0d2FyZQBN${base64(4_200)}",`;
    expect(redactText(picture, {})).toBe(picture);
    expect(redactText(`   "blob": "${base64(4_200)}",`, {})).toContain('[REDACTED:');
  });
  it("redacts a passphrase of words again alone, not inside a longer name or an address's path", () => {
    const text = 'accessKey: enterprise-metrics\nsee https://grafana.com/docs/enterprise-metrics/latest/\nsecretName: enterprise-metrics-license\nagain: enterprise-metrics';
    expect(redactText(text, {})).toBe('accessKey: [REDACTED:password]\nsee https://grafana.com/docs/enterprise-metrics/latest/\nsecretName: enterprise-metrics-license\nagain: [REDACTED:password]');
  });
  it.each([
    'use password hunter2x9', 'password: Redis&reg;Xk9f', '{{ $password := "Xk9fQ2mLp8" }}', '{% set password = "Xk9fQ2mLp8" %}', '- value: Xk9fQ2mLp8\n  name: DB_PASSWORD',
    'kind: Secret\nstringData:\n  config.yml: |-\n    {{- include "x" . }}\n    secret: hunter2x9\n  pw: $ecRetT0F1nD', 'kind: Secret\ndata:\n  token: c2VjcmV0LXRva2Vu',
    '"private_key": "AAAAB3NzaC1yc2EAAAABIwAAAQEAubiN81eDcafrgMeLzaFPsw2kNaaaQQseeFVBoGqzHM9yXw=="', 'api_token:             ff8080816b8e967f016b8e99747107e9', 'Session ID:             a8Xk9fQ2mLp8vR4tZ7wN3bYq5WdKp2Lm9Q',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEogIBAAKCAQEAvLYcyu8f3skuRyUgeeNpeDvYBCDcgq+LsWap6zbX5f8oLqp4\n...\nwrj2wDbCDCFmfqnSJ+dKI3vFLlEz44sAV8jX/kd4Y6ZTQhlLbYc=\n-----END RSA PRIVATE KEY-----',
    '{"token_url": "/d/8b7a8b326d7a6f1f04244066368c67af"}', '"api_key": "XZGAMWkORQ2XmTTaK9jvsgVvsgabz8Vio1j5U4fmO8U="', 'in sum, token XZGAMWkORQ2XmTTaK9jvsgVvsgabz8Vio1j5U4fmO8U=',
    'machine example.com login bob password Xk9fQ2mLp8', 'password --db-pass=Xk9fQ2mLp8', 'password = "repo-creds"', 'SECRET_TOKEN_ee6a84c273424ae8_f00d=Xk9fQ2mLp8vR4tZ7',
    'passphrase: correct-horse-battery\nsed -i s/CHANGEME/correct-horse-battery/ f',
    // (… not a checksum that fails, nor a seed.)
    'nkey: UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF5', 'route "NDQAU6HVD44TI2X5R2QRYJEIQR3MMHCFTW2BTSXBILBOZHJ4Z7AR7GGS"',
    'seed: SUAMLK2ZNL35WSMW37E7UD4VZ7ELPKW7DHC3BWBSD2GCZ7IUQQXZIORRBU',
    // (Found by a second reading of the exemptions above.)
    "db_password: \"{{ lookup('hashi_vault', 'secret=secret/hello:value token=c975b780-d1be-8016-866b-01d0f9b688a5 url=http://myvault:8200') }}\"",
    "out: \"{{ lookup('pipe', 'mysql -uroot --password=Xk9fQ2mLp8vR') }}\"", '{{/* admin password: Xk9fQ2mLp8vR */}}', '{{!-- admin password: Xk9fQ2mLp8vR --}}',
    '{{- $args := list "--user=admin" "--password=Xk9fQ2mLp8vR" }}', '{{ $password := Xk9fQ2mLp8vR }}',
    'passphrase: correct-horse-battery-staple\ncurl "http://router.local/login.cgi?username=admin&psw=correct-horse-battery-staple"',
    '"webhook_url": "/services/T0123ABCD/B0456EFGH/Zq3L9xN2vB7mK4pR8sT1wY6u"', ':param password: Xk9fQ2mLp8vR', 'set password --value=20240101abc',
    'ssh_key: "AAAAC3NzaC1lZDI1NTE5AAAAIJmG5rGc7kN0QmJ0dBj5zXgR1pX0yq2dQm7s1ZC0H3xAAAAAQJmG5rGc7kN0QmJ0dBj5zXgR1pX0yq2dQm7s1ZC0H3xAJmG5rGc7kN0QmJ0dBj5zXgR1pX0yq2dQm7s1ZC0H3xA"',
    '"key": "AAAAB3NzaC1yc2EAAAEBAL7xk9fQ2mLp8vRt7Yq2WzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789"',
    'kind: Secret\nstringData:\n  config: |\n    rule {\n      password = "Xk9fQ2mLp8vR"\n    }',
    // (Found by a third reading.)
    'creating secret {{Secret v1} {db-creds  default    0 0001-01-01 00:00:00 +0000 UTC <nil> <nil> map[] map[] [] [] []} <nil> map[] map[password:hunter2x9 username:admin] Opaque}',
    'config: {{postgres 5432} map[password:s3cretpass2024 user:app]}', '{{ GITHUB_TOKEN: coffee3.ConvViolet',
    "passphrase: correct-horse-battery\nsed -i 's|http://old|http://new|;s/CHANGEME/correct-horse-battery/' app.conf", 'passphrase: correct-horse-battery\ncurl -d hi https://ntfy.sh/correct-horse-battery',
    'passphrase: correct-horse-battery\necho correct-horse-battery-2024 > /tmp/p', 'sid:        Xk9fQ2mLp8vR4tZ7wN3bYq5WdKp2Lm9Qz8H', 'phpsessid: Xk9fQ2mLp8vR4tZ7wN3bYq5WdKp2Lm9Qz8H',
    '{"url": "/password/reset/5f4dcc3b5aa765d61d8327deb882cf99"}', '{"url": "/share/Xk9fQ2mLp8vR4tZ/Zq3L9xN2vB7mK4p/pR8sT1wY6u"}',
    '@param password for root: Xk9fQ2mLp8vR', '@param token Token is Xk9fQ2mLp8vR', ' * @param the token is 3Gz6EPEZVrayIfsa6jek6tEqj',
    "password === 'object1x'", "'password' => 'Xk9fQ2mLp8'", "password = 'required'", '`token`, `Banister4.Gloomy.Sandpaper`', 'fastcgi_password Xk9fQ2mLp8vR', 'kind: Secret\nstringData:\n  users: |\n    admin:\n    Xk9fQ2mLp8vR',
  ])('still redacts %j', (text) => {
    expect(redactText(text, {})).not.toBe(text);
  });
});

describe('a secret access key after its key id', () => {
  // A secret a person typed reads as no random string: its place after the key id says what it is.
  it.each([
    ['AKIA1984R439T439HTH4:32r923jr023rk320rk2a3rkB34tj340r32Ckt433', '[REDACTED:aws-key]:[REDACTED:aws-key]'],
    ['Access key ID,Secret access key\nAKIAQYLPMN5HHHFPZAM2,32r923jr023rk320rk2a3rkB34tj340r32Ckt433', 'Access key ID,Secret access key\n[REDACTED:aws-key],[REDACTED:aws-key]'],
    ['config_app1:\n\t\t\tAKIA1984R439T439HTH4\n32r923jr023rk320rk2a3rkB34tj340r32Ckt433', 'config_app1:\n\t\t\t[REDACTED:aws-key]\n[REDACTED:aws-key]'],
    ['GOOG1984R439T439HTH439T403TJ430TK340TK43T430JT430TK430JT043JT:32r923jr023rk320rk2a3rkB34tj340r32Ckt433', 'GOOG1984R439T439HTH439T403TJ430TK340TK43T430JT430TK430JT043JT:[REDACTED:gcs-hmac-key]'],
    // (Not a commit's id after it, nor AWS's documented example pair.)
    ['AKIAQYLPMN5HHHFPZAM2 ed60ba139c8585a100f4e152ccbb8e98725b17fb', '[REDACTED:aws-key] ed60ba139c8585a100f4e152ccbb8e98725b17fb'],
    ['AKIAIOSFODNN7EXAMPLE,wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'AKIAIOSFODNN7EXAMPLE,wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  ])('%j', (text, out) => {
    expect(redactText(text, {})).toBe(out);
  });
});

describe("a password's pair: a reference before Helm's next setting, beside pairs that hold a value", () => {
  it.each([
    // (Helm's settings, joined by `,`: a reference, then the next setting.)
    'helm upgrade <release> --set "password=${VALKEY_PASSWORD},cluster.nodes=7,cluster.update.addNodes=true" oci://REGISTRY_NAME/REPOSITORY_NAME/valkey-cluster',
    'helm install db . --set password=null,enabled=true',
    // (A query's parameter left empty before the next one.)
    'https://x.example/?token=&page=2', 'https://x.example/?a=1&token=&b=c1',
  ])('keeps %j', (text) => {
    expect(redactText(text, {})).toBe(text);
  });
  it.each([
    ['password = FcRzjucf', 'FcRzjucf'], ['password = correcthorse', 'correcthorse'], ['[db]\nhost = x\npassword = XmvoQbvt', 'XmvoQbvt'],
    ['user, password = split\npassword = IbxrLycz', 'IbxrLycz'], ['Pwd=jzbjLzmd;', 'jzbjLzmd'], ['Server=db;User Id=app;Password=yclebUbRspUGqYhy', 'yclebUbRspUGqYhy'],
    ['helm install r --set "password=Xk29fLmQ8v,cluster.nodes=7" .', 'Xk29fLmQ8v'],
    // (A connection string's pairs, an option file's line and a shared secret are values whatever their words; a `,` inside a
    // password is its own, as an escaped one is Helm's; a list of settings is no names assigned at once.)
    ['Server = x; User Id = sa; Password = SummerVacation;', 'SummerVacation'], ['[client]\nuser = root\npassword = MonkeyBusiness', 'MonkeyBusiness'],
    ['{"content":"cat ~/.my.cnf\\n[client]\\nuser=root\\npassword = MonkeyBusiness\\n"}', 'MonkeyBusiness'], ['radius SharedSecret=BlueSkyMorning', 'BlueSkyMorning'],
    ['Server=x;User Id=sa;Password=Q7,w=r$T9!zP;', 'r$T9!zP'], ['odbc: Pwd=x,y=Xk29fLmQ8vZ', 'Xk29fLmQ8vZ'], ['--set "password=ab\\,cd=Xk29fLmQ8v"', 'Xk29fLmQ8v'],
    ['user=app, password=p@ss', 'p@ss'], ['{user=admin, password=p4ss&w0rd!}', 'p4ss&w0rd'], ['user=app, password=yclebUbRspUGqYhy', 'yclebUbRspUGqYhy'],
    // (A password of words in camelCase is one in an option file; a list of settings is no names assigned at once; what stands
    // before a `,` inside a password is no reference.)
    ['[pypi]\nusername = bob\npassword = partyMonkey', 'partyMonkey'], ['password = superSecret', 'superSecret'], ['user = admin, password = sunshine', 'sunshine'],
    ['password = sa,,VEistSz=', 'VEistSz'], ['"Password=YloPE,,db=kzuFpo;Data Source=db"', 'kzuFpo'], ['helm install r x --set "password=knight_hockey,cluster.nodes=7"', 'knight_hockey'],
    // (A later setting that names a secret of its own, a password that starts with `$`, a line that starts with a word and a comma.)
    ['helm install r x --set password=${PW},auth.rootPassword=12345678', '12345678'], ['"Password=$Xk9,q=7Lm!"', '7Lm!'], ['password = __PW__,F=tXgFRH', 'tXgFRH'],
    ['FYI, password = swordfish', 'swordfish'], ['Reminder, Pwd = letmein', 'letmein'],
    // (A password that holds `&`, before Helm's next setting or with `&` first: no query's separator.)
    ['helm install r x --set "auth.password=Le*&x6p^,auth.database=app"', 'x6p^'], ['--set "auth.password=&kf9R6zb7rNy,auth.database=app"', 'kf9R6zb7rNy'],
  ])('still redacts %j', (text, value) => {
    const out = redactText(text, {});
    expect(out).not.toContain(value);
    expect(out).toContain('[REDACTED:');
  });
  it('redacts a connection string\'s password and no more, a `,` and `=` inside it', () => {
    expect(redactText('Password=abc,de=fg7Kq!;Server=db;Database=app', {})).toBe('Password=[REDACTED:connection-string];Server=db;Database=app');
  });
});

describe("a password of words in a shell's words, where a bare word is a literal", () => {
  it.each([
    ['export DB_PASSWORD=falconLibertyBeach', 'falconLibertyBeach'], ['DB_PASSWORD=falconLibertyBeach', 'falconLibertyBeach'],
    ['ENV DB_PASSWORD=falconLibertyBeach', 'falconLibertyBeach'], ['services:\n  db:\n    environment:\n      - DB_PASSWORD=falconLibertyBeach', 'falconLibertyBeach'],
    ['DB_PASSWORD=falcon_liberty_beach\nDB_HOST=db', 'falcon_liberty_beach'], ['DB_PASSWORD=falconLibertyBeach && make', 'falconLibertyBeach'],
    ['DB_PASSWORD=falconLibertyBeach # prod', 'falconLibertyBeach'],
    ['mysql -u root --password=falconLibertyBeach', 'falconLibertyBeach'], ['mysql -u root --password falconLibertyBeach', 'falconLibertyBeach'],
    ['mysql --password=falconLibertyBeach -h db', 'falconLibertyBeach'],
    ['mysqldump --password=falconLibertyBeach --all-databases \\\n  > dump.sql', 'falconLibertyBeach'], ['go run . -password=falconLibertyBeach', 'falconLibertyBeach'],
    ['args: ["--password=falconLibertyBeach", "-h", "db"]', 'falconLibertyBeach'], ['./server --jwt-secret quietHarborLamp', 'quietHarborLamp'],
    ['export JWT_SECRET=quietHarborLamp', 'quietHarborLamp'], ['SECRET_KEY=quietHarborLamp', 'quietHarborLamp'],
    // (Set before a command, among others, by Docker's `-e`, after a separator, in a workflow's `run:`, on a diff's added line, in an
    // agent's JSON line.)
    ['PGPASSWORD=falconLibertyBeach psql -h db', 'falconLibertyBeach'], ['export DB_USER=app DB_PASSWORD=falconLibertyBeach', 'falconLibertyBeach'],
    ['docker run -e "DB_PASSWORD=falconLibertyBeach" postgres', 'falconLibertyBeach'], ['cd app && DB_PASSWORD=falconLibertyBeach make test', 'falconLibertyBeach'],
    ['steps:\n  - run: DB_PASSWORD=falconLibertyBeach make test', 'falconLibertyBeach'], ['+DB_PASSWORD=falconLibertyBeach', 'falconLibertyBeach'],
    ['{"command":"export DB_PASSWORD=falconLibertyBeach"}', 'falconLibertyBeach'], ['mysql --password=falconLibertyBeach mydb < dump.sql', 'falconLibertyBeach'],
    ['./server --secret id=Xk29fLmQ8vRtA1zz', 'Xk29fLmQ8vRtA1zz'],
    // (A name in small letters alone at a line's start, an .env's or a script's, not between a call's lines.)
    ['db_host=x\ndb_password=falconLibertyBeach\ndb_user=app', 'falconLibertyBeach'], ['# creds\nsmtp_password=quiet_harbor_lamp', 'quiet_harbor_lamp'],
    // (A blank for `=`: a Dockerfile's older `ENV`, csh's `setenv`, fish's `set -x`; a word as the `=` form takes it.)
    ['ENV DB_PASSWORD falconLibertyBeach', 'falconLibertyBeach'], ['setenv DB_PASSWORD falconLibertyBeach', 'falconLibertyBeach'],
    ['set -x DB_PASSWORD falconLibertyBeach', 'falconLibertyBeach'], ['ENV DB_PASSWORD sunshine', 'sunshine'],
  ])('redacts %j', (text, value) => {
    const out = redactText(text, {});
    expect(out).not.toContain(value);
    expect(out).toContain('[REDACTED:password]');
  });
  it.each([
    // (Code: Python's argument, an assignment with blanks, a statement that goes on; the key's own name; a placeholder.)
    'conn = connect(\n    password=conn_password,\n)', 'DB_PASSWORD = dbPassword', 'PASSWORD=userPassword - offset',
    'conn = connect(\n    password=conn_password\n)', 'conn = connect(host,\n    smtp_password=conn_password\n)', 'client = Client(\n    host=h,\n    password=connPassword)',
    'export DB_PASSWORD=dbPassword', 'export DB_PASSWORD=yourPassword', 'mysql --password=yourPassword', 'const jwtSecret = configSecret;',
    // (A key's or a token's name given words in a shell is a default to develop with: `MEILISEARCH_KEY=masterKey`; Docker's `--secret`
    // names a secret kept elsewhere, and where to mount it.)
    'MEILISEARCH_KEY=masterKey', 'docker build --secret id=npmrc,src=.npmrc .', 'ENV DB_PASSWORD_FILE /run/secrets/db', 'ENV DB_PASSWORD changeme',
    'docker service create ... --secret source=my-erlang-cookie,target=/var/lib/rabbitmq/.erlang.cookie ... rabbitmq',
  ])('keeps %j', (text) => {
    expect(redactText(text, {})).toBe(text);
  });
});
