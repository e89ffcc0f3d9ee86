/**
 * Secrets recognised by the syntax around them rather than by their own
 * shape: password hashes in crypt(3) and LDAP notation, passwords given on a
 * command line (`psexec -p`, `mysql -pX`, `sshpass -p`, `sqlcmd -P`,
 * `redis-cli -a`, `openssl -k` and `-pass pass:…`, `ConvertTo-SecureString "…"`) or printed by one (`openssl rand`,
 * `pass show`, `gh auth token` and the lines after them), `.netrc` entries over
 * several lines; and public key material, which is claimed first so that no
 * later rule takes a certificate or a public key for a secret.
 */
import type { RedactRule } from './redact-rule.js';
import { formatMatcher, type Hit } from './secret-format-rules.js';
import { findInWindows, nearWindows } from './redact-windows.js';
import { isNamedNonSecret, isNotSecret, isNotSecretName, isPredictable, PUBLIC_KEY_NAME } from './secret-placeholders.js';
import { CA_BUNDLE_SERIAL, isEncodedText, isWordy } from './entropy.js';
import { DER_BASE64, derKind, encodedPemKind } from './der-keys.js';
import { hasRandomParts, isCamelName, isRandomLetters, typedPassword } from './redact-keywords.js';

/** A password given on a command line is a literal, not a reference (`$PW`, `%PASS%`, `env:PASS`, `file:…`) nor a placeholder (`PASSWORD`, `<pw>`). */
const isLiteral = (s: string) => !isNotSecret(s) && !/^[<[{$%#@]/.test(s) && !/^-/.test(s);

/** Words that join a sentence, never a password given on a command line. */
const PROSE_WORD = /^(?:a|an|and|or|the|to|of|in|on|for|with|among|is|are|was|not|as|by|from|into|then|than|that|this|it|flag|option|switch)$/;

/** One quoted or bare argument; the `secret` group is its text without the quotes. */
const ARG = `(?:"(?<q1>[^"\\n]{1,200})"|'(?<q2>[^'\\n]{1,200})'|\\\\"(?<q3>[^"\\\\\\n]{1,200})\\\\"|(?<bare>[^\\s"'|&;]{1,200}))`;

/** What `echo` or `printf` is given before its text: options, and `printf`'s format (`printf '%s\n' '…'`); its group `fq` is the format's quote (named: the expressions it is part of hold groups before it). */
const ECHO_ARGS = String.raw`(?:[ \t]+-[neE]{1,3})*(?:[ \t]+(?<fq>["']?)%s(?:\\n)?\k<fq>)?[ \t]+`;

/** Each command with the flag that takes a password; `attached` flags carry it in the same word (`-pSecret`). */
/** (`kept`: the tool's documented default, no secret: SNMP's `public` community.) */
const COMMANDS: { name: string; tools: string; flag: string; attached?: boolean; kept?: RegExp }[] = [
  { name: 'psexec', tools: 'psexec(?:64)?(?:\\.exe)?|paexec(?:\\.exe)?|sshpass|winexe|pth-winexe', flag: '-p' },
  { name: 'sshpass', tools: 'sshpass', flag: '-p', attached: true },
  // (And the other registries' clients: nerdctl, ORAS, skopeo, Helm's registry, crane.)
  { name: 'docker', tools: '(?:docker|podman|buildah|nerdctl|oras|skopeo|helm[ \\t]+registry|crane[ \\t]+auth)[ \\t]+login', flag: '-p' },
  { name: 'ldap', tools: 'ldap(?:search|modify|add|delete|passwd|whoami|compare|modrdn)', flag: '-w' },
  { name: 'mysql', tools: 'mysql(?:dump|admin|import|sh|check|pump)?|mariadb(?:-dump)?', flag: '-p', attached: true },
  { name: 'sqlcmd', tools: 'sqlcmd|bcp|osql|isql', flag: '-P' },
  // Cassandra's, Neo4j's and Couchbase's shells take `-p`, Vertica's `-w`.
  { name: 'cqlsh', tools: 'cqlsh|cypher-shell|couchbase-cli', flag: '-p' },
  { name: 'vsql', tools: 'vsql', flag: '-w' },
  { name: 'redis', tools: 'redis-cli', flag: '-a' },
  { name: 'openssl', tools: 'openssl', flag: '-k' },
  // (`-b` takes the password last, after the file and the user, other options before it or after: `-c -b`, `-bB`; `-n`, no file.)
  { name: 'htpasswd', tools: '(?:htpasswd|mosquitto_passwd)(?:[ \\t]+-[a-zA-Z]+)*?[ \\t]+-(?:[a-mo-zA-Z]*b[a-mo-zA-Z]*(?:[ \\t]+-[a-mo-zA-Z]+)*[ \\t]+\\S+|[a-zA-Z]*(?:b[a-zA-Z]*n|n[a-zA-Z]*b)[a-zA-Z]*(?:[ \\t]+-[a-zA-Z]+)*)[ \\t]+\\S+', flag: '' },
  { name: 'mongo', tools: 'mongo(?:sh|dump|restore|export|import|stat|top|files)?', flag: '-p' },
  { name: 'zip', tools: 'zip|unzip|zipcloak', flag: '-P' },
  { name: '7z', tools: '7z|7za|7zr', flag: '-p', attached: true },
  { name: 'rar', tools: 'rar|unrar', flag: '-h?p', attached: true },
  // (Its new password, `-s`; the bind password, `-w`, is the other LDAP tools'.)
  { name: 'ldappasswd', tools: 'ldappasswd', flag: '-s' },
  // (Its new passphrase, `-N`, and its old one, `-P`; `-N ''` is none.)
  { name: 'ssh-keygen', tools: 'ssh-keygen', flag: '-[NP]' },
  { name: 'mosquitto', tools: 'mosquitto_(?:pub|sub|rr)', flag: '-P' },
  { name: 'ipmitool', tools: 'ipmitool', flag: '-P' },
  { name: 'remote desktop', tools: 'rdesktop', flag: '-p' },
  { name: 'freerdp', tools: 'xfreerdp3?|wlfreerdp|sdl-freerdp3?', flag: '/p:', attached: true },
  { name: 'windows remote', tools: 'evil-winrm|crackmapexec|netexec|nxc|smbmap', flag: '-p' },
  // Windows' stored credentials and scheduled tasks: `cmdkey /add:<host> /user:<user> /pass:…`, `schtasks /create … /ru <user> /rp …` (`*` asks).
  { name: 'cmdkey', tools: 'cmdkey(?:\\.exe)?', flag: '/pass:', attached: true },
  { name: 'schtasks', tools: 'schtasks(?:\\.exe)?', flag: '/[rR][pP]', kept: /^\*$/ },
  // macOS keychains: `security create-keychain -p …` (also unlock-, delete-, set-keychain-password), `security import … -P …`, the key
  // partition list's `-k …`.
  { name: 'keychain', tools: 'security[ \\t]+(?:create|unlock|set)-keychain(?:-password)?', flag: '-p' },
  { name: 'keychain import', tools: 'security[ \\t]+import', flag: '-P' },
  { name: 'keychain partition', tools: 'security[ \\t]+set-key-partition-list', flag: '-k' },
  // A game server's remote console: `mcrcon -H <host> -P <port> -p …`.
  { name: 'rcon', tools: 'mcrcon', flag: '-p' },
  // Apple's upload tool (`-p @keychain:…` names where the password is), Dovecot's and OpenLDAP's hashers given the plaintext, and
  // what rclone obscures.
  { name: 'altool', tools: 'altool', flag: '-p' },
  { name: 'doveadm', tools: 'doveadm[ \\t]+pw', flag: '-p' },
  { name: 'slappasswd', tools: 'slappasswd', flag: '-s' },
  { name: 'rclone obscure', tools: 'rclone[ \\t]+obscure', flag: '' },
  // Azure's CLI as a service principal: `az login --service-principal -u <app id> -p <secret>` (a certificate's file instead is no secret).
  { name: 'az login', tools: 'az[ \\t]+login', flag: '(?:-p|--password|--client-secret)', kept: /^[~/.]|\.(?:pem|crt|cer|pfx)$/i },
  // InfluxDB's CLI: `influx setup -u admin -p …`, 1.x's `influx -username admin -password …` (`write -p s` is a precision).
  { name: 'influx', tools: 'influx', flag: '-(?:p|password)', kept: /^(?:[nuµm]?s|m|h)$/ },
  // Windows' code signing: `signtool sign /f <pfx> /p …`.
  { name: 'signtool', tools: 'signtool(?:\\.exe)?', flag: '/p' },
  // Pi-hole's web password (`pihole -a -p …`, v6's `pihole setpassword …`), a Synology user's (`synouser --setpw <user> …`, `--add <user> …`),
  // SAP HANA's secure store (`hdbuserstore SET <key> <host:port> <user> …`).
  { name: 'pihole', tools: 'pihole', flag: '(?:-a[ \\t]+-p|setpassword)' },
  { name: 'synouser', tools: 'synouser', flag: '--(?:setpw|add)[ \\t]+\\S+' },
  { name: 'hdbuserstore', tools: 'hdbuserstore(?:\\.exe)?', flag: '(?:SET|set)[ \\t]+\\S{1,100}[ \\t]+\\S{1,200}[ \\t]+\\S{1,100}' },
  // A registry value named for a password (Windows' automatic logon, `reg add "…\Winlogon" /v DefaultPassword /t REG_SZ /d …`), and
  // PowerShell's `Set-ItemProperty … -Name DefaultPassword -Value …`.
  { name: 'reg add', tools: 'reg(?:\\.exe)?[ \\t]+add', flag: '/[vV][ \\t]+"?\\w*(?:Password|PASSWORD|password|Secret|SECRET|secret)\\w*"?(?:[ \\t]+/[tT][ \\t]+\\w+)?[ \\t]+/[dD]' },
  { name: 'Set-ItemProperty', tools: 'Set-ItemProperty|New-ItemProperty', flag: '-Name[ \\t]+["\']?\\w*(?:Password|PASSWORD|password|Secret|SECRET|secret)\\w*["\']?(?:[ \\t]+-(?:PropertyType|Type)[ \\t]+\\w+)?[ \\t]+-Value' },
  // (SNMP v1 and v2c: the community string is the password.)
  { name: 'snmp', tools: 'snmp(?:walk|bulkwalk|get|getnext|bulkget|set|table|df|netstat|status|delta|trap|inform)', flag: '-c', kept: /^(?:public|private)$/ },
];

/**
 * Commands that take a password in a form of their own, read on the lines that name one of their `tools`: the tool (a command,
 * not part of a name, `ASP.NET user`), then `after` it, which holds the `secret`; or a literal piped into the tool, `before` it.
 */
const COMMAND_FORMS: { tools: string; before?: string; after: string; accept: (secret: string) => boolean }[] = [
  {
    // PowerShell: ConvertTo-SecureString "…" -AsPlainText (or its switches first, `-AsPlainText "…" -Force`)
    tools: 'ConvertTo-SecureString',
    after: String.raw`(?:[ \t]+-(?:AsPlainText|Force))*[ \t]+(?:-String[ \t]+)?["'](?<secret>[^"'\n]{1,200})(?=["'])`,
    accept: isLiteral,
  },
  {
    // openssl … -pass pass:… / -passin pass:… / -passout pass:… (env:VAR and file:path name where it is, not what)
    tools: 'openssl',
    after: String.raw`[^\n]{0,300}?[ \t]-pass(?:in|out)?[ \t]+["']?pass:(?<secret>[^\s"']{1,200})`,
    accept: isLiteral,
  },
  {
    // A literal piped into a command that reads a password from its input: `echo '…' | sudo -S …`, `| chpasswd` (`user:password`
    // lines), `| passwd --stdin`, `| openconnect … --passwd-on-stdin`, `| gpg … --passphrase-fd 0`, `| ipa user-add … --password` (not a
    // reference, `"alice:${NEW_PASS}"`)
    tools: 'sudo|chpasswd|passwd|openconnect|gpg|ipa',
    before: String.raw`\b(?:echo|printf)${ECHO_ARGS}["']?(?<secret>(?<=")[^"\n]{1,200}(?=")|(?<=')[^'\n]{1,200}(?=')|(?<!["'])[^\s"'|&;]{1,200})["']?[ \t]*\|[ \t]*`,
    after: String.raw`(?:(?:[ \t]+-[a-zA-Z]+)*[ \t]+-[a-zA-Z]*S\b|(?<=chpasswd)|(?<=sudo)[ \t]+chpasswd\b|[ \t]+--stdin\b|[^\n|;&]{0,300}?[ \t](?:--passwd-on-stdin|--passphrase-fd[ \t]+0|(?<=ipa[ \t][^\n|;&]{0,300})--password)\b)`,
    accept: (s) => isLiteral(s) && s.length >= 6 && !/\$\{?\w/.test(s),
  },
  {
    // Samba's tools: `smbclient //host/share -U user%password` (also `rpcclient`, `smbget`, `smbcacls`, `net rpc`)
    tools: String.raw`smbclient|rpcclient|smbget|smbcacls|net[ \t]+rpc`,
    after: String.raw`[^\n]{0,300}?[ \t](?:-U[ \t]*|--user(?:=|[ \t]+))["']?(?:[^\s%"'\\/]{1,100}[\\/])?[^\s%"']{1,100}%(?<secret>[^\s"']{1,200})`,
    accept: isLiteral,
  },
  {
    // A user and a password given as one: etcd's `--user root:…` and `user add root:…`, HTTPie's and xh's `-a alice:…` (`--auth`)
    tools: String.raw`etcdctl|xh|https?(?=[ \t])`,
    after: String.raw`[^\n]{0,300}?[ \t](?:--user(?:=|[ \t]+)|-a[ \t]*|--auth(?:=|[ \t]+)|user[ \t]+add[ \t]+)["']?[^\s:"']{1,100}:(?:'(?<secret2>[^'\n]{1,200})'|(?<secret>[^\s"']{1,200}))`,
    accept: isLiteral,
  },
  {
    // MinIO's client given a server: `mc alias set <alias> <url> <access key> <secret key>` (older: `mc config host add …`)
    tools: String.raw`mc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)`,
    after: String.raw`[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+["']?(?<secret>[^\s"']{1,200})`,
    accept: isLiteral,
  },
  {
    // Oracle's wallet: `mkstore -wrl <wallet> -createCredential <database> <user> <password>` (and `-modifyCredential`)
    tools: 'mkstore',
    after: String.raw`[^\n]{0,200}?[ \t]-(?:create|modify)Credential[ \t]+\S+[ \t]+\S+[ \t]+(?:"(?<secret2>[^"\n]{1,200})"|'(?<secret3>[^'\n]{1,200})'|(?<secret>[^\s"']{1,200}))`,
    accept: isLiteral,
  },
  {
    // MinIO's client adding a user: `mc admin user add <alias> <access key> <secret key>`
    tools: String.raw`mc[ \t]+admin[ \t]+user[ \t]+add`,
    after: String.raw`[ \t]+\S+[ \t]+\S+[ \t]+["']?(?<secret>[^\s"']{1,200})`,
    accept: isLiteral,
  },
  {
    // lftp given `-u user,password`, the password alone quoted or not (`--user`, `--password` are flags of their own)
    tools: 'lftp',
    after: String.raw`[^\n]{0,300}?[ \t]-u[ \t]+["']?[^\s,"']{1,100},(?:'(?<secret2>[^'\n]{1,200})'|"(?<secret3>[^"\n]{1,200})"|(?<secret>[^\s"']{1,200}))`,
    accept: isLiteral,
  },
  {
    // SteamCMD: `steamcmd +login <user> <password> [<guard code>]` (the user alone asks for the password; `+login anonymous` has none;
    // unquoted, a shell's operator ends the word: `+login me; echo`)
    tools: String.raw`steamcmd(?:\.sh|\.exe)?`,
    after: String.raw`[^\n]{0,300}?[ \t]\+login[ \t]+["']?[^\s"'+;&|<>]{1,100}["']?[ \t]+(?:'(?<secret2>[^'\n]{1,200})'|"(?<secret3>[^"\n]{1,200})"|(?<secret>[^\s"'+;&|<>][^\s"';&|<>]{0,199}))`,
    accept: isLiteral,
  },
  {
    // Oracle's tools given `user/password@database`, or `user/password` alone at the end of the line: `sqlplus scott/…@//db:1521/ORCL`
    // (`sqlplus and/or rman` is a sentence)
    tools: 'sqlplus|sqlldr|expdp|impdp|rman|dgmgrl',
    after: String.raw`(?:[ \t]+-[A-Za-z]+)*[ \t]+(?:target[ \t]+)?["']?[A-Za-z][\w$#.]{0,59}\/(?<secret>[^\s@"'/]{1,200})(?=@|["']?[ \t]*\r?$)`,
    accept: isLiteral,
  },
  {
    // Impacket's tools given `domain/user:password@host`, the pair quoted or the password alone: `impacket-psexec corp/admin:…@10.0.0.5`,
    // `secretsdump.py 'corp.local/admin:…'@dc01`, `corp/admin:'P@ss…'@dc01`
    tools: String.raw`impacket-[\w-]+|(?:psexec|smbexec|wmiexec|atexec|dcomexec|secretsdump|GetUserSPNs|GetNPUsers|getTGT|getST|mssqlclient|lookupsid|rpcdump)\.py`,
    after: String.raw`[^\n]{0,200}?[ \t]["']?(?:[\w.-]{1,100}\/)?[\w.$-]{1,100}:(?:'(?<secret>[^'\n]{1,200})'|"(?<secret2>[^"\n]{1,200})"|(?<secret3>[^\s@"']{1,200})["']?)(?=@[\w.[-])`,
    accept: isLiteral,
  },
  {
    // RabbitMQ: `rabbitmqctl add_user <user> <password>`, `change_password <user> <password>`
    tools: 'rabbitmqctl',
    after: String.raw`[^\n]{0,100}?[ \t](?:add_user|change_password)[ \t]+(?:"[^"\n]{1,100}"|'[^'\n]{1,100}'|[^\s"']{1,100})[ \t]+["']?(?<secret>[^\s"']{1,200})`,
    accept: isLiteral,
  },
  {
    // Wi-Fi: `wpa_passphrase <ssid> <passphrase>`
    tools: 'wpa_passphrase',
    after: String.raw`[ \t]+(?:"[^"\n]{1,100}"|'[^'\n]{1,100}'|[^\s"']{1,100})[ \t]+["']?(?<secret>[^\s"']{1,200})`,
    accept: isLiteral,
  },
  {
    // Vault: `vault login <token>` (not `-method=…` and its `key=value` pairs)
    tools: 'vault',
    after: String.raw`[ \t]+login(?:[ \t]+-[\w-]+(?:=\S*)?)*[ \t]+(?<secret>[^\s=\-"'][^\s="']{7,299})[ \t]*\r?$`,
    accept: isLiteral,
  },
  {
    // A password given to a hasher to print its hash: `openssl passwd -6 '…'`, `mkpasswd -m sha-512 '…'` (alone, or inside
    // `useradd -p "$(openssl passwd -1 '…')"`); the options that take a value (`-salt`, `-m`, `-in`) are skipped.
    tools: String.raw`openssl[ \t]+passwd|mkpasswd`,
    after: String.raw`(?:[ \t]+-(?:salt|in|m|method|S|R|rounds)[ \t]+[^\s"')]+|[ \t]+-[\w-]+)*[ \t]+(?:'(?<secret>[^'\n]{1,200})'|"(?<secret2>[^"\n]{1,200})"|(?<secret3>[^\s"'()|;&$-][^\s"'()|;&]{0,199})(?=[ \t]*(?:[)"|;&]|\r?$)))`,
    accept: isLiteral,
  },
  {
    // Samba's `samba-tool user create <name> …` (the password after the name; `--random-password` is an option)
    tools: String.raw`samba-tool[ \t]+user[ \t]+(?:create|add)`,
    after: String.raw`[ \t]+[^\s-][^\s]{0,100}[ \t]+(?:'(?<secret>[^'\n]{1,200})'|"(?<secret2>[^"\n]{1,200})"|(?<secret3>[^\s"'-][^\s"']{0,199}))`,
    accept: isLiteral,
  },
  {
    // DB2's command line: `connect to <db> user <user> using …`
    tools: String.raw`connect[ \t]+to`,
    after: String.raw`[ \t]+\S+[ \t]+user[ \t]+\S+[ \t]+using[ \t]+["']?(?<secret>[^\s"';]{1,200})(?=["']?[ \t]*(?:;|\r?$))`,
    accept: isLiteral,
  },
  {
    // skopeo's `--src-creds user:'…'` (the password alone quoted; the pair quoted, or neither, is read as `--creds`' value)
    tools: 'skopeo',
    after: String.raw`[^\n]{0,300}?[ \t]--(?:src-|dest-)?creds(?:=|[ \t]+)[^\s:"']{1,100}:(?:'(?<secret>[^'\n]{1,200})'|"(?<secret2>[^"\n]{1,200})")`,
    accept: isLiteral,
  },
  {
    // Poetry's `poetry config http-basic.<repo> <user> …`, Pulumi's `pulumi config set --secret <key> …`
    tools: String.raw`poetry[ \t]+config|pulumi[ \t]+config[ \t]+set`,
    after: String.raw`[ \t]+(?:http-basic\.[\w.-]+[ \t]+["']?[^\s"']{1,100}["']?|--secret[ \t]+[\w:.-]{1,100})[ \t]+["']?(?<secret>[^\s"']{1,200})`,
    accept: isLiteral,
  },
  {
    // Windows: `net user <name> <password>` (`*` asks for it; `/add`, `/active:yes` are options)
    tools: String.raw`net[ \t]+user`,
    after: String.raw`[ \t]+(?:"[^"\n]{1,100}"|[^\s"/]{1,100})[ \t]+["']?(?<secret>[^\s"'/*][^\s"']{0,199})`,
    accept: isLiteral,
  },
  {
    // net use [Z:] \\host\share <password> /user:…
    tools: String.raw`net[ \t]+use`,
    after: String.raw`[ \t]+(?:[A-Za-z]:[ \t]+)?\\\\\S+[ \t]+(?<secret>[^\s/"']{1,200})(?=[ \t]+\/user:)`,
    accept: isLiteral,
  },
  {
    // net use [Z:] \\host\share /user:DOMAIN\user <password>
    tools: String.raw`net[ \t]+use`,
    after: String.raw`[^\n]{0,300}?[ \t]\/user:\S+[ \t]+(?:"(?<secret2>[^"\n]{1,200})"|(?<secret>[^\s/"']{0,199}[^\s/"',;]))`,
    accept: isLiteral,
  },
];
/** Each form's pattern; where its secret starts is read from the match's indices (flag `d`: the lines of a few commands only). */
const COMMAND_FORM_PATTERNS = COMMAND_FORMS.map((f) => new RegExp(`${f.before ?? '(?<![\\w.])\\b'}(?:${f.tools})\\b${f.after}`, 'gimd'));

/** A pattern's letters in either case (`psexec` as `[pP][sS]…`), outside its escapes and classes: the rest of it keeps its case. */
function anyCase(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += source.slice(i, i + 2);
      i++;
    } else if (c === '[') {
      const end = source.indexOf(']', i + 1);
      out += source.slice(i, end + 1);
      i = end;
    } else out += /[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c;
  }
  return out;
}

/**
 * Any of the commands, case-insensitive: the command rules look only at the lines around one, found in one look over the text
 * (each tool whole: `podman login`, not only the first).
 */
const ANY_COMMAND = new RegExp(`\\b(?:${[...COMMANDS, ...COMMAND_FORMS].map((c) => c.tools).join('|')})`, 'gi');

/** The value of each command's password flag, without its quotes, and the secret of each command form, on the lines that name a command. */
let commandPatterns: RegExp[] | null = null;
function findCommandPasswords(text: string): Hit[] {
  const windows = nearWindows(text, ANY_COMMAND);
  if (windows.length === 0) return [];
  // (The tool in any case, its flag in its own: `-P` is not `-p`, a port. The tool is a command, not an option's value or a file's
  // extension, `--name mongo`, `release.zip`; its flag comes before the next command on the line, `&& mkdir -p …`.)
  const rules = (commandPatterns ??= COMMANDS.map((c) => {
    const flag = c.flag === '' ? '[ \\t]+' : c.attached ? `[ \\t]${c.flag}(?=[^\\s-])` : `[ \\t]${c.flag}[ \\t]+`;
    return new RegExp(`(?<![\\w.:/@=-]|-[\\w-]*[ \\t]+)\\b(?:${anyCase(c.tools)})\\b[^\\n|;&]{0,300}?${flag}${ARG}`, 'g');
  }));
  return findInWindows(text, windows, (lines) => {
    const hits: Hit[] = [];
    for (const [i, re] of rules.entries()) {
      re.lastIndex = 0;
      for (let m = re.exec(lines); m; m = re.exec(lines)) {
        const value = m.groups!.q1 ?? m.groups!.q2 ?? m.groups!.q3 ?? m.groups!.bare!;
        // (A word of a sentence after the flag is prose about the command: "openssl -k among the passwords".)
        if (!isLiteral(value) || (m.groups!.bare !== undefined && PROSE_WORD.test(value))) continue;
        // (A port or a port's mapping is no password: `-p 27017:27017`.)
        if (/^\d{1,5}(?::\d{1,5}){0,2}(?:\/(?:tcp|udp))?$/.test(value)) continue;
        if (COMMANDS[i]!.kept?.test(value)) continue;
        // (Small letters that finish the flag into a word are an option written with one dash, `-password`, `-port`: not `-p` and its value.)
        if (COMMANDS[i]!.attached && m.groups!.bare !== undefined && /^[a-z]+$/.test(value)) continue;
        // (Less its closing quote, two characters when escaped: `/pass:\\"…\\"` as a JSON string holds it, read as written.)
        const end = m.index + m[0].length - (m.groups!.bare !== undefined ? 0 : m.groups!.q3 !== undefined ? 2 : 1);
        hits.push({ start: end - value.length, end, reason: 'password' });
      }
    }
    for (const [i, pattern] of COMMAND_FORM_PATTERNS.entries()) hits.push(...groupHits(lines, pattern, 'password', COMMAND_FORMS[i]!.accept));
    return hits;
  });
}

/**
 * A command that stores a secret, and the values it is given: `gh secret set NAME --body …`, `az keyvault secret set … --value …`,
 * `aws secretsmanager create-secret … --secret-string …`, `kubectl create secret generic … --from-literal=KEY=…`,
 * `fly secrets set KEY=…`, `vercel secrets add NAME …`, `ansible-vault encrypt_string …`; and a literal piped into one, or into
 * a login that reads its password from its input (`echo '…' | docker login --password-stdin`, `| gh auth login --with-token`,
 * `| az devops login`, `| wrangler secret put NAME`, `| secret-tool store …`).
 */
const SECRET_COMMAND = /\bsecrets?\b|secretsmanager|encrypt_string|--password-stdin|--with-token|keyring[ \t]+set|generic-password|devops[ \t]+login/gi;
/** The command that stores one: `secret set`, `secrets add`, `secret put`, `create secret`, `secretsmanager create-secret`. */
const STORE = String.raw`(?:\bsecrets?[ \t:]+(?:versions[ \t]+)?(?:set|put|add|create|import)\b|\bcreate[ \t]+secret\b|\bsecretsmanager[ \t]+(?:create-secret|put-secret-value|update-secret)\b)`;
const STORES = new RegExp(STORE, 'gi');
/** An option that gives the value, after the command on its line: `--body …`, `--value=…`, `--from-literal=KEY=…`. */
const OPTION_VALUE = new RegExp(String.raw`[ \t](?:(?:--body|-b|--value|--secret-string|--data)(?:[ \t]+|=)|--from-literal=[\w.-]{1,100}=)${ARG}`, 'gid');
/** How far after its command on the line an option is looked for. */
const OPTION_REACH = 300;
const STORED_VALUES = [
  new RegExp(String.raw`\bvercel[ \t]+secrets?[ \t]+add[ \t]+[\w.-]{1,100}[ \t]+${ARG}`, 'gid'),
  new RegExp(String.raw`\bencrypt_string[ \t]+${ARG}`, 'gid'),
  // A here-string given to a command that stores what it reads: `gcloud secrets create db --data-file=- <<< "…"`, `secret-tool
  // store … <<< …`, `keyring set <service> <user> <<< …`; and macOS's `security add-generic-password … -w …`.
  new RegExp(String.raw`(?:${STORE}|\bsecret-tool[ \t]+store\b|\bkeyring[ \t]+set\b)[^\n<]{0,300}<<<[ \t]*${ARG}`, 'gid'),
  new RegExp(String.raw`\badd-generic-password\b[^\n]{0,300}?[ \t]-w[ \t]+${ARG}`, 'gid'),
  // (What `printf` is given after its format: `printf '%s' '…' | …`.)
  new RegExp(String.raw`\b(?:echo|printf)${ECHO_ARGS}${ARG}[ \t]*\|[^|\n]{0,300}?(?:${STORE}|--password-stdin|--with-token|\baz[ \t]+devops[ \t]+login\b|\bsecret-tool[ \t]+store\b)`, 'gid'),
];
/** `KEY=value` after `secrets set` (fly, doppler, infisical) or `secrets:set`: each value. */
const SECRETS_SET = /\bsecrets?[ \t:]+(?:set|import)\b/gi;
const KEY_VALUE_ARG = new RegExp(String.raw`[ \t]+[A-Za-z_][\w.-]{0,100}=${ARG}`, 'yd');

function findStoredSecrets(text: string): Hit[] {
  const windows = nearWindows(text, SECRET_COMMAND);
  if (windows.length === 0) return [];
  return findInWindows(text, windows, (lines) => {
    const hits: Hit[] = [];
    const take = (m: RegExpExecArray) => {
      const group = m.groups!.q1 !== undefined ? 'q1' : m.groups!.q2 !== undefined ? 'q2' : m.groups!.q3 !== undefined ? 'q3' : 'bare';
      // (A bare value ends before the comma or full stop of a sentence around the command.)
      const value = group === 'bare' ? m.groups!.bare!.replace(/[,.]+$/, '') : m.groups![group]!;
      // (A word of a sentence, `--body to pass it`, a file or the input, `--secret-string file://…`, `-`, are no value; nor is a
      // setting stored with the secrets, `LOG_LEVEL=debug`: a short value or a word in small letters.)
      if (!isLiteral(value) || (group === 'bare' && PROSE_WORD.test(value)) || /^fileb?:\/\//.test(value) || value.length < 6 || /^[a-z]+$/.test(value)) return;
      const start = m.indices!.groups![group]![0];
      hits.push({ start, end: start + value.length, reason: 'password' });
    };
    // Each option after the last command before it on its line: the commands found once, the options once (a pattern that looked
    // from each command for an option would read the rest of a line of commands again at each).
    const stores: number[] = [];
    STORES.lastIndex = 0;
    for (let m = STORES.exec(lines); m; m = STORES.exec(lines)) stores.push(m.index);
    if (stores.length) {
      let k = -1;
      OPTION_VALUE.lastIndex = 0;
      for (let m = OPTION_VALUE.exec(lines); m; m = OPTION_VALUE.exec(lines)) {
        while (k + 1 < stores.length && stores[k + 1]! < m.index) k++;
        if (k >= 0 && m.index - stores[k]! <= OPTION_REACH && !lines.slice(stores[k], m.index).includes('\n')) take(m);
      }
    }
    for (const re of STORED_VALUES) {
      re.lastIndex = 0;
      for (let m = re.exec(lines); m; m = re.exec(lines)) take(m);
    }
    SECRETS_SET.lastIndex = 0;
    for (let m = SECRETS_SET.exec(lines); m; m = SECRETS_SET.exec(lines)) {
      KEY_VALUE_ARG.lastIndex = SECRETS_SET.lastIndex;
      for (let a = KEY_VALUE_ARG.exec(lines); a; a = KEY_VALUE_ARG.exec(lines)) take(a);
    }
    return hits;
  });
}

/**
 * Whether a name's last word names a secret (`db_password`, `API_TOKEN`, `dbPassword`, `SECRET_KEY_BASE`, `vault-token`,
 * `master.key`), not something about one (`token_id`, `SECRET_NAME`, `TOKEN_EXPIRY`, `key_vault_name`).
 */
const SECRET_LAST_WORD = /(?:^|[^A-Za-z]|[a-z](?=[A-Z]))(?:pass(?:w(?:or)?d|phrase)?|pwd|secret|token|key|credentials?|creds|auth)(?:[_.-]?(?:base|value))?s?\d*$/i;

/** … a file's name too, without its last extension (`api_token.txt`, `.vault-token`, `master.key`, not `token_test.go`). */
const namesSecret = (name: string) => SECRET_LAST_WORD.test(name) || SECRET_LAST_WORD.test(name.replace(/\.[A-Za-z0-9]{1,5}$/, ''));

/** A name given as an argument, for `namesSecret` to judge: `terraform output -raw db_password`. */
const NAME_ARG = String.raw`[ \t]+["']?(?<name>[\w.:/-]{1,100})`;
/** A file given to `cat` or its like (and nothing after it but the line's end or a pipe), for `namesSecret` to judge by its name. */
const FILE_ARG = String.raw`(?:[ \t]+-\S+)*[ \t]+["']?(?<file>[^\s"'|;&<>]{1,300})["']?[ \t]*\r?(?:$|\|)`;

/**
 * Commands that print a secret, by the word that starts them and the rest of their line: that make one up (`openssl rand -hex 32`,
 * `head -c 32 /dev/urandom | base64`, `pwgen`, `rails secret`, a one-line `python -c '…secrets.token_hex…'`), read one out of a
 * store (`pass show`, `op read`, `vault kv get -field=…`, `security find-generic-password -w`, `kubectl get secret … | base64 -d`,
 * `gcloud secrets versions access`, `aws secretsmanager get-secret-value`), print a login's token (`gh auth token`,
 * `heroku auth:token`, `gcloud auth print-access-token`, `aws ecr get-login-password`), print a setting named for a secret
 * (`terraform output -raw db_password`, `pulumi config get dbPassword`), or echo a variable or a file named for one
 * (`echo $API_TOKEN`, `printenv DB_PASSWORD`, `cat ~/.vault-token`). `store` marks what prints nothing but secrets: a word of small
 * letters it prints is one too.
 */
const PRINTS_SECRET: { words: string; rest: string; store?: true }[] = [
  { words: 'openssl', rest: String.raw`[ \t]+rand\b` },
  { words: 'head|tr|cat|dd|base64|<', rest: String.raw`[^\n]{0,200}\/dev\/u?random\b` },
  { words: 'pwgen|apg|makepasswd', rest: '', store: true },
  {
    words: String.raw`python[0-9.]*|node|ruby|php|perl|deno|bun`,
    rest: String.raw`[^\n]{0,200}?[ \t]-[a-z]*[cer][ \t]+["'][^\n]{0,200}?(?:secrets\.(?:token_|choice)|os\.urandom|randomBytes|SecureRandom|get_random_secret_key|random_bytes|Str::random)`,
  },
  { words: String.raw`rails|bin\/rails|rake`, rest: String.raw`[ \t]+secret\b`, store: true },
  { words: 'mix', rest: String.raw`[ \t]+phx\.gen\.secret\b`, store: true },
  { words: 'php', rest: String.raw`[ \t]+artisan[ \t]+key:generate[ \t]+--show\b`, store: true },
  { words: 'pass|gopass', rest: String.raw`[ \t]+(?:show|cat)\b`, store: true },
  { words: 'op', rest: String.raw`[ \t]+(?:read\b|item[ \t]+get\b[^\n]{0,200}--(?:fields|reveal)\b)`, store: true },
  { words: 'bw', rest: String.raw`[ \t]+get[ \t]+(?:password|totp)\b`, store: true },
  { words: 'lpass', rest: String.raw`[ \t]+show\b[^\n]{0,200}--password\b`, store: true },
  { words: 'security', rest: String.raw`[ \t]+find-(?:generic|internet)-password\b[^\n]{0,200}[ \t]-w\b`, store: true },
  { words: 'secret-tool', rest: String.raw`[ \t]+lookup\b`, store: true },
  { words: 'vault', rest: String.raw`[ \t]+(?:(?:kv[ \t]+)?(?:get|read)\b[^\n]{0,200}[ \t]--?field\b|print[ \t]+token\b)`, store: true },
  // (Options may come first: `kubectl -n argocd get secret …`, `--context prod`.)
  { words: 'kubectl', rest: String.raw`(?:[ \t]+-[\w-]+(?:[= \t][\w.:/-]+)?){0,4}[ \t]+(?:get[ \t]+(?:secrets?|sa|serviceaccounts?)\b[^\n]{0,200}\|[ \t]*base64[ \t]+(?:-d|--decode|-D)\b|create[ \t]+token\b)`, store: true },
  { words: 'gh|glab', rest: String.raw`[ \t]+auth[ \t]+token\b`, store: true },
  { words: 'heroku', rest: String.raw`[ \t]+(?:auth:token\b|config:get${NAME_ARG})`, store: true },
  { words: 'gcloud', rest: String.raw`[ \t]+(?:auth[ \t]+(?:application-default[ \t]+)?print-(?:access|identity)-token\b|secrets[ \t]+versions[ \t]+access\b)`, store: true },
  { words: 'az', rest: String.raw`[ \t]+(?:account[ \t]+get-access-token\b|keyvault[ \t]+secret[ \t]+show\b)`, store: true },
  {
    words: 'aws',
    rest: String.raw`[ \t]+(?:(?:ecr|ecr-public)[ \t]+get-login-password\b|codeartifact[ \t]+get-authorization-token\b|secretsmanager[ \t]+get-secret-value\b|ssm[ \t]+get-parameters?\b[^\n]{0,200}--with-decryption\b)`,
    store: true,
  },
  { words: 'firebase', rest: String.raw`[ \t]+login:ci\b`, store: true },
  { words: 'doppler|infisical', rest: String.raw`[ \t]+secrets[ \t]+get${NAME_ARG}`, store: true },
  { words: 'terraform', rest: String.raw`[ \t]+output[ \t]+-raw${NAME_ARG}`, store: true },
  { words: 'pulumi', rest: String.raw`[ \t]+(?:config[ \t]+get${NAME_ARG}|stack[ \t]+output\b[^\n]{0,200}--show-secrets\b)`, store: true },
  { words: 'sops', rest: String.raw`[ \t]+(?:-d|--decrypt)\b[^\n]{0,200}--extract\b`, store: true },
  // (A variable alone, by its reference: `echo "Using token for ${USER}"` is a message, not a value.)
  { words: 'echo|printf', rest: String.raw`${ECHO_ARGS}["']?(?:\$\{?|%|\$env:)(?<name>[A-Za-z_]\w{0,100})\}?%?["']?[ \t]*\r?$` },
  { words: 'printenv', rest: String.raw`[ \t]+(?<name>[A-Za-z_]\w{0,100})[ \t]*\r?$` },
  { words: String.raw`cat|type|Get-Content|gc|more|bat|head|tail`, rest: FILE_ARG },
  { words: 'docker|podman', rest: String.raw`[ \t]+exec\b(?:[ \t]+-\S+)*[ \t]+\S+[ \t]+cat${FILE_ARG}` },
];

/**
 * A line that starts with a command of PRINTS_SECRET, after a prompt (`$ `, `user@host:~$ `, `me@box ~ % `, `(venv) …$ `,
 * `[user@host dir]$ `, `root@host:~# `, `PS C:\> `, `➜  app git:(main) ✗ `, IPython's `In [3]: !`; a bare `#` is a comment),
 * `sudo` and variables set for it (`LC_ALL=C tr …`); quoted in Markdown (`> $ …`) too. (Blanks before it are bounded: a line of
 * thousands of blanks is no command's, and each of them tried as its start would read the rest again.)
 */
const COMMAND_START = new RegExp(
  String.raw`[ \t]{0,40}(?![ \t])(?:>[ \t]{0,4})?(?:(?:In \[\d{1,4}\]:[ \t]*!|(?:\([^)\n]{0,40}\)[ \t]*)?(?:[^\s$#%>]{0,60}(?:[ \t]+(?:~[^\s$#%>]{0,60}|\([^)\n]{0,40}\))){0,2}[ \t]*[$%>❯]|[^\s$#%>]{1,60}#|\[[^\]\n]{0,80}\][$#%]|PS [^>\n]{0,80}>|➜[ \t]+\S+(?:[ \t]+git:\([^)\n]{0,60}\))?(?:[ \t]+✗)?))[ \t]*)?` +
    String.raw`(?:sudo(?:[ \t]+-[a-zA-Z]+(?:[ \t]+[\w.-]+)?)*[ \t]+)?(?:[A-Z_][A-Z0-9_]*=\S*[ \t]+)*(?=${PRINTS_SECRET.map((p) => p.words).join('|')})`,
  'y',
);
/** Each command, from its first word to the end of what it needs of its line (a word may start several: `cat /dev/urandom`, `cat ~/.vault-token`). */
const COMMAND_LINE = PRINTS_SECRET.map((p) => new RegExp(`(?:${p.words})(?![\\w-])${p.rest}`, 'y'));

/** How much of a line that starts with a command is read for the rest of it. */
const COMMAND_REACH = 400;

/** What comes between a command and what it prints: a warning or a note of its own (`›   Warning: …`, `! …`). */
const COMMAND_NOTE = /^[ \t]*(?:[›▸!]|warn(?:ing)?\b|note\b)/i;
/** A line that holds one word alone, bare or in quotes (as `terraform output` and `jq` print a string). */
const ONE_WORD = /^[ \t]*(["']?)([^\s"']{1,4096})\1[ \t]*\r?$/;
/** The shortest word printed that is read as a secret (a shorter one, a user's name before the password in an auth file, is passed over). */
const PRINTED_MIN = 8;
/** How many lines a command's output is read for: `openssl rand -base64 600` prints eleven. */
const OUTPUT_LINES = 24;

/**
 * What a command that prints a secret printed: each line after it that holds one word alone, up to the first that does not
 * (a blank line, the next prompt, a sentence). What a store prints is a secret, words in small letters too; what `echo` or `cat`
 * prints is one when it holds a digit, or is long in both cases (`cleanup-runner`, `Start-Sleep` are the next commands of a
 * script). An assignment, a path or a line of code is none.
 */
function findPrintedSecrets(text: string): Hit[] {
  const hits: Hit[] = [];
  // Each line that starts with one of the commands: a cheap look at every line's start, then the rest of its line. (A command's
  // output that an agent's transcript keeps in a JSON string, `"content":"$ kubectl … | base64 -d\n…"`, is read unescaped: its
  // first line starts a line there.)
  for (let from = 0; from < text.length; ) {
    let at = text.indexOf('\n', from);
    if (at < 0) at = text.length;
    printedByCommandAt(text, from, at, hits);
    from = at + 1;
  }
  return hits;
}

/** The command that starts at `from` (its line ends at `at`), when it prints a secret: what it printed, after its line. */
function printedByCommandAt(text: string, from: number, at: number, hits: Hit[]): void {
  COMMAND_START.lastIndex = from;
  if (!COMMAND_START.exec(text)) return;
  // (A command's line is short: a long line is read no further than its start.)
  const line = text.slice(COMMAND_START.lastIndex, Math.min(at, from + COMMAND_REACH));
  for (const [i, command] of COMMAND_LINE.entries()) {
    command.lastIndex = 0;
    const m = command.exec(line);
    const named = m?.groups?.name ?? m?.groups?.file;
    if (!m || (named !== undefined && !namesSecret(named.replace(/^.*[/\\]/, '')))) continue;
    printedAfter(text, at, hits, PRINTS_SECRET[i]!.store === true ? storePrinted : echoPrinted);
    return;
  }
}

/** What a store printed is a secret, words in small letters too; what `echo` or `cat` printed holds a digit or is long in both cases. */
const storePrinted = (value: string) => !/^[A-Z]+$/.test(value) && isPrintedLiteral(value);
const echoPrinted = (value: string) => (/\d/.test(value) || (value.length >= 16 && /[a-z]/.test(value) && /[A-Z]/.test(value))) && isPrintedLiteral(value);
/** Not an assignment, a path or a line of code. */
const isPrintedLiteral = (value: string) => !/^[A-Za-z_][\w.]*=(?!=*$)|^[/.~]|[(){};,]$/.test(value) && isLiteral(value);

/**
 * The lines after the command's line (which ends at `at`) that hold one word each: what it printed. (In a JSON string read unescaped,
 * the last line ends where the string does: its closing quote is read as a line break.)
 */
function printedAfter(text: string, at: number, hits: Hit[], accept: (value: string) => boolean): void {
  for (let notes = 0, lines = 0; at < text.length && lines < OUTPUT_LINES; lines++) {
    const next = text.indexOf('\n', at + 1);
    const end = next < 0 ? text.length : next;
    const word = ONE_WORD.exec(text.slice(at + 1, end));
    if (!word) {
      if (notes++ < 2 && COMMAND_NOTE.test(text.slice(at + 1, end))) {
        at = end;
        continue;
      }
      return;
    }
    const value = word[2]!;
    // (A line that ends with a colon is the next heading or label, not output: `password:` again and again is read once each.)
    if (value.endsWith(':')) return;
    if (value.length >= PRINTED_MIN && accept(value)) {
      const start = at + 1 + word.index + word[0].indexOf(value);
      hits.push({ start, end: start + value.length, reason: 'password' });
    }
    at = end;
  }
}

/** A secret's name in a line that announces it: a password, a token, an API key, recovery or backup codes, an unseal key. */
const ANNOUNCED = /\b(?:pass(?:word|phrase|code)s?|api[ _-]?keys?|(?:access[ _-])?tokens?|secrets?|secret[ _-]keys?|(?:recovery|backup)[ _-]?(?:codes?|keys?)|unseal[ _-]keys?|(?:seed|recovery|mnemonic)[ _-]?phrase|mnemonic)\b/i;
/**
 * Where such a line ends: a `:` last on its line, or before one word that ends it. (The scan looks for the colon, a literal, and
 * reads the line back from it: many times cheaper than a search for the names.)
 */
const LINE_COLON = /:(?=[ \t]*\r?$|[ \t]+[^\s"'`]{8,200}[ \t]*\r?$)/gm;
/**
 * A sentence that says the value was made and whose it is, between the name and the colon (`is generated for root@localhost`,
 * ` for the elastic built-in superuser is`): it starts with `for` or the verb, and does not end at an owner (`… for user: jsmith42`).
 */
const MADE = /^[ \t]+(?:for|is|was|has[ \t]+been)\b(?=.*\b(?:generated|created|is|was)\b)(?!.*\b(?:user|account|client|project|customer|tenant|app)[ \t]*$)/i;

/**
 * A value announced as a secret: a password as a tool makes one (small letters, capitals and digits, or a symbol, or 16
 * characters with a digit that are not words joined), or a code of letters and digits where recovery or backup codes are
 * announced; not a version, a date, a URL, an email address, a path, a hex id or hash, a name (`jsmith01`), a reference or a
 * placeholder. (A tool's password may start with `-`, `#` or `*`: Elasticsearch's do.)
 */
function announcedValue(value: string, codes: boolean): boolean {
  // (Nor a long option, `--token=<file>`, `--%v=bearer_token` as a usage text lists it under `Bearer token flags:`, nor a fence that
  // opens a block of code, ```` ```ruby#6-9 ```` after `… to generate a new token for the email:`.)
  if (isNotSecret(value) || /^[<[{$%]|^(?:```|~~~)|[(){};,:]$|:\/\/|^[A-Za-z_][\w.]*=|^--[A-Za-z%][\w%.-]*(?:=|$)|^v?\d+(?:\.\d+)+|^\d{4}-\d\d-\d\d|^[~.]{0,2}\//.test(value)) return false;
  if (codes && /\d/.test(value) && /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(value)) return true;
  if (/^[0-9a-f]+$/i.test(value) || !/[A-Za-z]/.test(value) || /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}$/.test(value) || isWordy(value) || isCamelName(value)) return false;
  return (/[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value)) || /[!#$%&*+=?^~]/.test(value) ||
    (value.length >= 16 && /\d/.test(value) && value.split(/[-_.]/).filter((part) => /^[A-Za-z]{3,}$/.test(part)).length < 2);
}

/** `text` without the placeholders redaction wrote: their reasons (`bearer-token`) are no words of it. */
const withoutPlaceholders = (text: string) => (text.includes('[REDACTED:') ? text.replace(/\[REDACTED:[a-z0-9-]+\]/g, ' ') : text);

/** A line of 12 to 24 small words, as a wallet prints its seed phrase (BIP-39), and the numbers of words a phrase has. */
const SEED_PHRASE_LINE = /^[ \t]*([a-z]{3,8}(?:[ \t]+[a-z]{3,8}){11,23})[ \t]*\r?(?:\n|$)/;
const PHRASE_LENGTHS = new Set([12, 15, 18, 21, 24]);
/** Words of a sentence that no wallet's word list holds: a line of prose under a seed phrase's heading. */
const PROSE_WORDS = /\b(?:the|these|them|they|your|you|are|was|were|with|this|okay)\b/;

/** A line that gives a value whose name is on the line before: `New value: …`. */
const VALUE_LABEL = /^[ \t]*(?:new[ \t]+)?value$/i;

/**
 * The value of a `New value:` line (from `start` to its colon) when the line before names a secret, as Elasticsearch's
 * `elasticsearch-reset-password` prints it: `Password for the [elastic] user successfully reset.` then `New value: …`.
 */
function valueAfterName(text: string, start: number, colon: number, hits: Hit[]): void {
  const before = text.slice(Math.max(0, start - 200), Math.max(0, start - 1));
  if (!ANNOUNCED.test(withoutPlaceholders(before.slice(before.lastIndexOf('\n') + 1)))) return;
  let end = text.indexOf('\n', colon);
  if (end < 0) end = text.length;
  const value = text.slice(colon + 1, end).trim();
  if (value === '' || !announcedValue(value, false)) return;
  const at = text.indexOf(value, colon);
  hits.push({ start: at, end: at + value.length, reason: 'password' });
}

/**
 * A secret a tool announces and prints: a line that names one and ends with `:`, the value alone on the lines after it (one blank
 * line between allowed) — `Password for the elastic user (reset with …):`, `Your new recovery codes:`, `Rancher bootstrap
 * password:` — or a sentence that says it was made and gives it last, `A temporary password is generated for root@localhost: …`.
 */
function findAnnouncedSecrets(text: string): Hit[] {
  const hits: Hit[] = [];
  LINE_COLON.lastIndex = 0;
  for (let m = LINE_COLON.exec(text); m; m = LINE_COLON.exec(text)) {
    const colon = m.index;
    // (The line is read back 400 characters at most: a heading is short.)
    let start = colon;
    while (start > 0 && colon - start < 400 && text.charCodeAt(start - 1) !== 10) start--;
    if (start > 0 && text.charCodeAt(start - 1) !== 10) continue;
    const line = text.slice(start, colon);
    // (A line that holds a value already redacted announces nothing: `Bearer [REDACTED:bearer-token] https://…:`. The first look read
    // it with the value, whose words and length the placeholder no longer shows, so a second look must not read it again.)
    if (line.includes('[REDACTED:')) continue;
    if (VALUE_LABEL.test(line)) {
      valueAfterName(text, start, colon, hits);
      continue;
    }
    const name = ANNOUNCED.exec(line);
    // (A line of code is no heading: `def token(self):`, `case TOKEN:`.)
    if (!name || /\w\(|^[ \t]*case[ \t]/.test(line)) continue;
    const said = line.slice(name.index + name[0].length);
    let end = text.indexOf('\n', colon);
    if (end < 0) end = text.length;
    const value = text.slice(colon + 1, end).trim();
    if (value === '') {
      if (said.length > 160 || /[=;{}]/.test(said)) continue;
      const codes = /^(?:recovery|backup)/i.test(name[0]);
      // (One blank line may come between: `Here is your API key, copy it now:`, a blank line, the key.)
      const blank = /^\n[ \t]*\r?(?=\n)/.exec(text.slice(end, end + 80));
      const from = end + (blank ? blank[0].length : 0);
      // (A wallet's seed phrase is printed whole on the line after: `Save this seed phrase … to recover your new keypair:`.)
      const phrase = /seed|recovery|mnemonic|phrase/i.test(line) ? SEED_PHRASE_LINE.exec(text.slice(from + 1, from + 400)) : null;
      if (phrase && PHRASE_LENGTHS.has(phrase[1]!.split(/[ \t]+/).length) && !PROSE_WORDS.test(phrase[1]!)) {
        const at = from + 1 + phrase[0].indexOf(phrase[1]!);
        hits.push({ start: at, end: at + phrase[1]!.length, reason: 'password' });
      } else printedAfter(text, from, hits, (word) => announcedValue(word, codes));
    } else if (said.length <= 100 && !/[:=;{}]/.test(said) && MADE.test(said) && announcedValue(value, false)) {
      const at = text.indexOf(value, colon);
      hits.push({ start: at, end: at + value.length, reason: 'password' });
    }
  }
  return hits;
}

export const COMMAND_LINE_RULES: RedactRule[] = [
  { reason: 'password', find: findCommandPasswords, readsWritten: true },
  { reason: 'password', find: findStoredSecrets },
  { reason: 'password', find: findPrintedSecrets },
  { reason: 'password', find: findAnnouncedSecrets },
  { reason: 'password', find: findCredentialCalls },
  { reason: 'password', find: findTablePasswords },
  { reason: 'password', find: findPppSecrets },
  { reason: 'password', find: findCloudInitPasswords },
  {
    // SQL: CREATE USER … IDENTIFIED BY '…', MySQL's IDENTIFIED WITH <plugin> BY '…', Oracle's bare IDENTIFIED BY word, in a
    // statement that creates or alters a user or a role, or grants (in prose, "identified by" is only words). A quoted literal
    // is taken whole, spaces and doubled quotes (`'it''s'`) included.
    reason: 'password',
    near: /\bIDENTIFIED[ \t]+(?:BY|WITH)\b/gi,
    pattern:
      /(?<pre>\b(?:(?:CREATE|ALTER)[ \t]+(?:USER|ROLE|LOGIN)|GRANT)\b[^\n;]{0,200}?[ \t]IDENTIFIED[ \t]+(?:WITH[ \t]+\w{1,40}[ \t]+)?BY[ \t]+(?:PASSWORD[ \t]+)?(?:'(?=(?:[^'\n]|'')+')|"(?=[^"\n]+")|`(?=[^`\n]+`))?)(?<secret>(?<=')(?:[^'\n]|''){1,200}(?=')|(?<=")[^"\n]{1,200}(?=")|(?<=`)[^`\n]{1,200}(?=`)|(?<![`'"])[^\s"'`;]{1,200}(?=[ \t]*;|\s|$))/gi,
    accept: (s) => isLiteral(s) && !/^(?:VALUES|EXTERNALLY|GLOBALLY)$/i.test(s),
  },
];

/**
 * `machine host login user password secret` over one or several lines (also `default login … password …`, and `default`
 * at the start of its line: in a sentence, "the default password broker" names no password).
 */
export const NETRC_RULE: RedactRule = {
  reason: 'password',
  requires: 'password',
  pattern: /(?<pre>(?:\bmachine[ \t]+\S+|\bdefault(?=\s+login[ \t])|(?<![^\n])[ \t]*default)\s+(?:login[ \t]+\S+\s+)?password[ \t]+)(?<secret>\S+?)(?=[,;]?(?:\s|$))/g,
  accept: isLiteral,
};

/**
 * … and the login of an entry whose password is GitHub's fixed `x-oauth-basic`: the token is given as the login
 * (`machine github.com login <token> password x-oauth-basic`).
 */
export const NETRC_TOKEN_LOGIN_RULE: RedactRule = {
  reason: 'password',
  requires: 'x-oauth-basic',
  find: (text) => {
    const hits: Hit[] = [];
    for (const re of TOKEN_LOGIN) {
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) {
        const start = m.index + m.groups!.pre!.length;
        if (isLiteral(m.groups!.secret!)) hits.push({ start, end: start + m.groups!.secret!.length, reason: 'password' });
      }
    }
    return hits;
  },
};
/** The login before the password or after it, in a `machine` or the `default` entry. */
const TOKEN_LOGIN = [
  /(?<pre>(?:\bmachine[ \t]+\S+|\bdefault)\s+login[ \t]+)(?<secret>\S+)(?=\s+password[ \t]+x-oauth-basic(?:\s|$))/g,
  /(?<pre>(?:\bmachine[ \t]+\S+|\bdefault)\s+password[ \t]+x-oauth-basic\s+login[ \t]+)(?<secret>\S+)/g,
];

/**
 * A PostgreSQL password file's line, `hostname:port:database:username:password` (a port or `*` second, each field
 * without spaces): the last field. The password holds a letter; a line of numbers is a time, not an entry.
 */
export const PGPASS_RULE: RedactRule = {
  reason: 'password',
  near: /:(?:\d{1,5}|\*):/g,
  // (Not a compiler's or a log's `file:line:col:severity:message`: a severity is no database or user name.)
  pattern: /(?<pre>(?<![^\n])[ \t]*(?!(?:[0-9A-Fa-f]{2}:){4}[0-9A-Fa-f]{2}:?[ \t]*\r?(?:\n|$))[A-Za-z0-9*._-]{1,253}:(?:\d{1,5}|\*):(?!(?:error|warning|warn|note|info|debug|fatal|trace)[:\s])[^:\s]{1,100}:(?!(?:error|warning|warn|note|info|debug|fatal|trace)[:\s])[^:\s]{1,100}:)(?<secret>[^\s]{1,200})(?=[ \t]*\r?(?:\n|$))/gi,
  // (Not a path, `/…`, `./…`, `~/…`, `~user/…`: a password may start with `~` all the same. Nor the rest of a fingerprint's bytes
  // in hex, `1E:52:A2:E8:54:D5:…`.)
  // (… nor a line of them, a key's modulus as `openssl x509 -text` prints it, `74:50:1c:d8:7d`.)
  // (… nor a passwd file's last fields, its user's name, home and shell, after a password field of `*`: `root:*:0:0:root:/root:/bin/bash`.)
  accept: (s) => /[A-Za-z]/.test(s) && !/^(?:[/.]|~[a-z_-]*(?:\/|$))/.test(s) && !/^(?:[0-9A-Fa-f]{2}:)+[0-9A-Fa-f]{2}$/.test(s) && !/^[^:]*:\/[^:]*:(?:\/[^:]*)?$/.test(s) && isLiteral(s),
};

/** Oracle's JDBC URL with its user and password: `jdbc:oracle:thin:scott/…@//db:1521/ORCL` (and the OCI driver's). */
export const ORACLE_URL_RULE: RedactRule = {
  reason: 'url-credentials',
  near: /jdbc:oracle:/gi,
  pattern: /(?<pre>\bjdbc:oracle:(?:thin|oci8?):[A-Za-z][\w$#.]{0,59}\/)(?<secret>[^\s@"'/]{1,200})(?=@)/gi,
  accept: isLiteral,
};

/**
 * Configuration lines that give a password after a space: Redis' `masterauth <password>` for a replica, Sentinel's
 * `sentinel auth-pass <master> <password>` (`requirepass` is a password's keyword, read with the others), quoted or not, and
 * HAProxy's `stats auth <user>:<password>`.
 */
export const SPACED_PASSWORD_LINE_RULE: RedactRule = {
  reason: 'password',
  requires: 'auth',
  pattern: /(?<pre>(?<![^\n])[ \t]*(?:masterauth[ \t]+|sentinel[ \t]+auth-pass[ \t]+[^\s"']+[ \t]+|stats[ \t]+auth[ \t]+[^\s:"']{1,100}:)["']?)(?<secret>[^\s"']{1,200})(?=["']?(?:[ \t]+#[^\n]*)?[ \t]*\r?(?:\n|$))/gi,
  accept: isLiteral,
};

/**
 * A network device's configuration: Cisco's password, secret or key given in clear (type 0) or in the reversible type 7, the value
 * last on its line (`enable secret 0 …`, `username admin privilege 15 secret 0 …`, `password 7 0822455D0A16`, a key chain's
 * `key-string 7 …`, TACACS' `key 0 …`, an SSID's `wpa-psk ascii 0 …`); Juniper's `ascii-text "…"`; an SNMP community
 * (`snmp-server community … RW`, `set snmp community …`; the defaults `public` and `private` are kept).
 */
export const NETWORK_DEVICE_RULE: RedactRule = {
  reason: 'password',
  // (From the type's digit between blanks, as literals: a search for the digits alone stops at every number.)
  near: / [07] |\t[07][ \t]| [07]\t|ascii-text|community/g,
  // (A type's line starts as a configuration's line does: the setting itself, or `enable`, `username …`, a server's line; prose with
  // `password 7 characters` is none. A quoted value may hold blanks.)
  pattern:
    /(?<pre>(?:(?<![^\n])[ \t]*(?:(?:enable|username|tacacs-server|radius-server|ntp|ip|ppp|server)\b[^\n]{0,120}?[ \t])?(?:secret|password|key(?:-string)?|wpa-psk[ \t]+ascii|authentication-key)[ \t]+[07][ \t]+(?=\S+[ \t]*\r?(?:\n|$))|(?<![\w-])ascii-text[ \t]+|(?<![\w-])(?:snmp-server|set[ \t]+snmp)[ \t]+community[ \t]+)(?:"(?=[^"\n]{1,200}"))?)(?<secret>(?<=")[^"\n]{1,200}(?=")|(?<!")[^\s"]{1,200})/g,
  accept: (s) => isLiteral(s) && !/^(?:public|private)$/.test(s),
};

/**
 * Each `secret`, `secret2`, `secret3` group that `re` (flag `d`) matched on the lines around `near`, when `accept` takes it: a rule
 * whose forms each hold their secret in a group of their own, or two secrets in one match.
 */
function findGroups(text: string, near: RegExp, re: RegExp, reason: string, accept: (secret: string) => boolean): Hit[] {
  const windows = nearWindows(text, near);
  if (windows.length === 0) return [];
  return findInWindows(text, windows, (lines) => groupHits(lines, re, reason, accept));
}

/** Each `secret`, `secret2`, `secret3` group of each match of `re` (flag `d`) in `text` that `accept` takes. */
function groupHits(text: string, re: RegExp, reason: string, accept: (secret: string) => boolean): Hit[] {
  const hits: Hit[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (const group of ['secret', 'secret2', 'secret3']) {
      const value = m.groups![group];
      if (value === undefined || !accept(value)) continue;
      const [start, end] = m.indices!.groups![group]!;
      hits.push({ start, end, reason });
    }
  }
  return hits;
}

/**
 * More of a network device's secrets, in clear: a RADIUS or TACACS+ server's `key` last on its line with no type (`radius-server host
 * 10.1.1.6 auth-port 1812 key …`), an IKEv2 `pre-shared-key …`, an SNMPv3 user's passphrases (Cisco's `snmp-server user … v3 auth sha …
 * priv aes 128 …`, net-snmp's `createUser … SHA-256 "…" AES "…"`).
 */
const NETWORK_KEY = new RegExp(
  String.raw`(?<![^\n])[ \t]*(?:(?:radius|tacacs)-server[ \t]+(?:host[ \t]+\S+(?:[ \t]+(?:auth-port|acct-port|port|timeout|retransmit)[ \t]+\d+|[ \t]+single-connection)*[ \t]+)?key|[^\n]{0,120}?[ \t]pre-shared-key)[ \t]+(?![07](?:[ \t]|\r?$))` +
    String.raw`(?<secret>[^\s"]{4,200})(?=[ \t]*\r?(?:\n|$))` +
    String.raw`|(?:(?<![\w-])snmp-server[ \t]+user[ \t]+\S+[ \t]+\S+[ \t]+v3[ \t]+auth[ \t]+(?:md5|sha\S*)|(?<![\w-])createUser[ \t]+\S+[ \t]+(?:MD5|SHA\S*))[ \t]+"?(?<secret2>[^\s"]{1,200})` +
    String.raw`(?:"?[ \t]+(?:priv[ \t]+)?(?:des|3des|aes|DES|AES)\S*(?:[ \t]+(?:128|192|256))?[ \t]+"?(?<secret3>[^\s"]{1,200}))?`,
  'gd',
);
export const NETWORK_KEY_RULE: RedactRule = {
  reason: 'password',
  // (A word is no key: `authentication pre-shared-key required`.)
  find: (text) => findGroups(text, /-server[ \t]|pre-shared-key|createUser/g, NETWORK_KEY, 'password', (v) => isLiteral(v) && /[\d!@#$%^&*+=?~]/.test(v)),
};

/**
 * What password-auditing tools print once a password is found: NetExec's and CrackMapExec's `[+] CORP\\user:… (Pwn3d!)`, a cracker's
 * `<hash>:<password>` line (hashcat's and john's `--show` of an NTLM hash or a crypt hash), john's `--show` of a passwd file
 * (`user:<password>:1001:1001:…`, where a passwd file holds `x`).
 */
const CRACKED_PASSWORD = new RegExp(
  String.raw`\[\+\][ \t]+[\w.-]{1,100}\\[\w.$-]{1,100}:(?<secret>[^\s]{1,200}?)(?=[ \t]+\(|[ \t]*\r?(?:\n|$))` +
    String.raw`|(?<![^\n])[ \t]*(?:[0-9a-fA-F]{32}|\$[0-9a-z]{1,6}\$[^\s:]{8,200}):(?<secret2>[^\s:/]{1,100})(?=[ \t]*\r?(?:\n|$))` +
    String.raw`|(?<![^\n])[\w.$-]{1,64}:(?<secret3>(?![x*!]{1,2}:)[^\s:$]{1,100})(?=:\d{1,7}:\d{1,7}:[^:\n]*:\/[^:\n]*:(?:\/[^:\n]*)?\r?(?:\n|$))`,
  'gd',
);
export const CRACKED_PASSWORD_RULE: RedactRule = {
  reason: 'password',
  // (A hash's colon is found first, then the digits looked behind from it: a search for 32 hex digits, or a look behind tried
  // first, would start at every character of the text.)
  find: (text) => findGroups(text, /\[\+\]|:\d{1,7}:\d{1,7}:|:(?<=[0-9a-fA-F]{32}:)|\$[0-9a-z]{1,6}\$/g, CRACKED_PASSWORD, 'password', isLiteral),
};

/**
 * A captured NTLMv2 response as Responder prints it (`user::DOMAIN:<challenge>:<NTProofStr>:<blob>`, alone on its line or after
 * `[SMB] NTLMv2-SSP Hash     : `, in its colours too): cracked offline into the password.
 */
export const NTLMV2_RESPONSE_RULE: RedactRule = {
  reason: 'password-hash',
  near: /::/g,
  pattern: /(?<pre>(?:(?<![^\n])|(?<=Hash[ \t]{0,8}:))[ \t]*(?:\x1b\[[\d;]{0,12}m)?[\w.$-]{1,100}::[\w.-]{1,100}:[0-9a-fA-F]{16}:)(?<secret>[0-9a-fA-F]{32}:[0-9a-fA-F]{40,})/g,
};

/** Where the line holding `at` starts when only blanks come before `at` on it (its indentation's start), else -1. */
function indentStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && (text.charCodeAt(start - 1) === 32 || text.charCodeAt(start - 1) === 9)) start--;
  return start > 0 && text.charCodeAt(start - 1) !== 10 ? -1 : start;
}

/**
 * Junos' configuration: a value it marks `## SECRET-DATA` (`secret "$9$…"; ## SECRET-DATA`, `encrypted-password "$6$…"`; `$9$` is
 * reversible, as Cisco's type 7 is), and an SNMP community's name, the block that holds its `authorization` or `clients` opened after
 * it (`community <name> { authorization read-only; }`, on one line or several; the defaults `public` and `private` are kept).
 */
const JUNOS_SECRET_DATA = /"(?<secret>[^"\n]{1,300})";?[ \t]*## SECRET-DATA/g;
const JUNOS_COMMUNITY = /[ \t]*community[ \t]+(?<q>"?)(?<secret>[^\s"{;]{1,200})\k<q>[ \t]*\{(?=[^}]{0,300}?\b(?:authorization|clients)\b)/yd;
export const JUNOS_SECRET_RULE: RedactRule = {
  reason: 'password',
  find: (text) => {
    const hits: Hit[] = [];
    if (text.includes('SECRET-DATA')) {
      for (const m of text.matchAll(JUNOS_SECRET_DATA)) {
        const start = m.index + 1;
        const value = m.groups!.secret!;
        if (isLiteral(value) || /^\$\d\$/.test(value)) hits.push({ start, end: start + value.length, reason: /^\$[156]\$/.test(value) ? 'password-hash' : 'password' });
      }
    }
    // (From each `community` at a line's start: a search for the line's start first would be tried at every character.)
    for (let at = text.indexOf('community'); at >= 0; at = text.indexOf('community', at + 9)) {
      const lineStart = indentStart(text, at);
      if (lineStart < 0) continue;
      JUNOS_COMMUNITY.lastIndex = lineStart;
      const m = JUNOS_COMMUNITY.exec(text);
      const value = m?.groups!.secret;
      if (!m || !value || !isLiteral(value) || /^(?:public|private)$/.test(value)) continue;
      const [start, end] = m.indices!.groups!.secret!;
      hits.push({ start, end, reason: 'password' });
    }
    return hits;
  },
};

/**
 * A secret of strongSwan's `ipsec.secrets` given after its type, quoted: `<user> : XAUTH "…"`, `: EAP "…"`, a key file's passphrase
 * (`: RSA key.pem "…"`, `: P12 cert.p12 "…"`). (`: PSK "…"` is a keyword's value.)
 */
export const IPSEC_SECRET_RULE: RedactRule = {
  reason: 'password',
  // (From the type, in capitals, rarer than the colon before it.)
  near: /(?:XAUTH|EAP|NTLM|RSA|ECDSA|P12|PKCS8|PKCS12)(?<=:[ \t]{0,8}[A-Z0-9]{3,6})[ \t]/g,
  pattern: /(?<pre>(?<![^\n])[^\n:"']{0,200}:[ \t]*(?:(?:XAUTH|EAP|NTLM)|(?:RSA|ECDSA|P12|PKCS8|PKCS12)[ \t]+[^\s"']{1,200})[ \t]+(["']))(?<secret>[^"'\n]{1,200})(?=\2)/g,
  accept: isLiteral,
};

/** A password stored in clear under Dovecot's (or any SASL store's) scheme prefix: `jdoe:{PLAIN}…:1001:1001::/home/jdoe`, `{CLEARTEXT}…`. */
export const PLAIN_SCHEME_RULE: RedactRule = {
  reason: 'password',
  requires: '{',
  pattern: /(?<pre>\{(?:PLAIN|CLEAR|CLEARTEXT)\})(?<secret>[^\s:"'<>]{1,200})/g,
  accept: isLiteral,
};

/**
 * Credentials a chat service is told: IRC's `/msg NickServ IDENTIFY [nick] …` (`/ns`, `/nickserv`, `PRIVMSG NickServ :IDENTIFY`,
 * `REGISTER … <email>`) and ZNC's `/msg *sasl Set <nick> …`, the password last on its line or before the email.
 */
export const CHAT_LOGIN_RULE: RedactRule = {
  reason: 'password',
  near: /[Nn]ick[Ss]erv|NICKSERV|\/ns[ \t]|\*sasl/g,
  pattern:
    /(?<pre>(?:\/msg[ \t]+NickServ[ \t]+|\/ns[ \t]+|\/nickserv[ \t]+|PRIVMSG[ \t]+NickServ[ \t]+:)(?:IDENTIFY[ \t]+(?:[^\s]{1,64}[ \t]+(?=\S+[ \t]*(?:#[^\n]*)?\r?(?:\n|$)))?|REGISTER[ \t]+(?=\S+[ \t]+[^\s@]+@))|\/msg[ \t]+\*sasl[ \t]+Set[ \t]+[^\s]{1,64}[ \t]+)(?<secret>[^\s]{1,200})/gi,
  accept: isLiteral,
};

/**
 * A password given to a mail server: the base64 line a client sends after the server's `334 UGFzc3dvcmQ6` (`Password:`) in an SMTP
 * `AUTH LOGIN` exchange, and the one argument of `AUTH PLAIN` (the user and the password in base64), as swaks and `openssl s_client` show them.
 */
export const SMTP_AUTH_RULE: RedactRule = {
  reason: 'password',
  // (The client's line follows the server's: the whole text, where a client spoke `AUTH`.)
  requires: 'AUTH',
  // (Also `AUTH PLAIN` alone, its argument sent after the server's bare `334`.)
  pattern:
    /(?<pre>\b334[ \t]+UGFzc3dvcmQ6[ \t]*\r?\n[^\n\w]{0,10}|\bAUTH[ \t]+PLAIN(?:[ \t]+|[ \t]*\r?\n[^\n]{0,20}?\b334[ \t]*\r?\n[^\n\w]{0,10}))(?<secret>[A-Za-z0-9+/]{8,}={0,2})(?![\w+/=])/g,
  accept: isEncodedCredential,
};

/** How a client's line of a plain-text protocol starts in a trace: `curl -v`'s `> `, a session log's `C: `, a debug trace's `--> `. */
const CLIENT_LINE = String.raw`^[ \t]{0,4}(?:>|C:|-->)?[ \t]*`;
/** FTP's and POP3's `PASS …` (a test runner's `PASS src/app.test.ts` is told by the `USER` line it lacks). */
const PASS_LINE = new RegExp(String.raw`${CLIENT_LINE}PASS[ \t]+(?<secret>\S{1,200})[ \t]*\r?$`, 'gm');
const USER_LINE = new RegExp(String.raw`${CLIENT_LINE}USER[ \t]+\S+[ \t]*\r?$`);
/**
 * IMAP's `<tag> LOGIN <user> <password>` (either in quotes; the tag a client numbers its commands with, `a001`, `A1`, `7`: T-SQL's
 * `ALTER LOGIN sa DISABLE` and a log's `INFO LOGIN alice success` are none), and the ftp client's `user <name> <password>` at its prompt.
 */
const LOGIN_LINES = [
  new RegExp(String.raw`${CLIENT_LINE}[A-Za-z]{0,2}\d{1,4}[ \t]+LOGIN[ \t]+(?:"[^"\n]{1,100}"|[^\s"]{1,100})[ \t]+(?:"(?<quoted>[^"\n]{1,200})"|(?<secret>[^\s"]{1,200}))[ \t]*\r?$`, 'gm'),
  /^[ \t]*ftp>[ \t]*user[ \t]+\S+[ \t]+(?<secret>\S{1,200})[ \t]*\r?$/gm,
];

/**
 * A password a client sends in the clear to a file or a mail server, as `curl -v`, `ftp -d`, telnet and `openssl s_client` show the
 * exchange: FTP's and POP3's `PASS …` within three lines after the client's `USER …` (the server's reply between them), IMAP's
 * `a1 LOGIN <user> <password>`, and the ftp client's `ftp> user <name> <password>`.
 */
export const PLAIN_LOGIN_RULE: RedactRule = {
  reason: 'password',
  find: (text) => {
    const hits: Hit[] = [];
    const take = (m: RegExpMatchArray) => {
      const secret = m.groups!.secret ?? m.groups!.quoted!;
      const start = m.index! + m[0].lastIndexOf(secret);
      if (isLiteral(secret)) hits.push({ start, end: start + secret.length, reason: 'password' });
    };
    if (text.includes('PASS')) {
      for (const m of text.matchAll(PASS_LINE)) {
        // (A runner's thousand `PASS` lines hold no `USER` before them: told without reading the lines.)
        // (Searched in the lines before only: `lastIndexOf` would walk back to the start of the text for each.)
        const before = text.slice(Math.max(0, m.index - 600), m.index);
        if (before.includes('USER') && before.split('\n').slice(-4, -1).some((line) => USER_LINE.test(line))) take(m);
      }
    }
    if (text.includes('LOGIN')) for (const m of text.matchAll(LOGIN_LINES[0]!)) take(m);
    if (text.includes('ftp>')) for (const m of text.matchAll(LOGIN_LINES[1]!)) take(m);
    return hits;
  },
};

/** Base64 of what a client logs in with: printable text (a password), or `user\0user\0password` (a word such as `capabilities` decodes to neither). */
function isEncodedCredential(value: string): boolean {
  const decoded = strictBase64(value);
  return decoded !== null && (/^[\x20-\x7e]+$/.test(decoded) || /^[\x20-\x7e]*\0[\x20-\x7e]+\0[\x20-\x7e]+$/.test(decoded));
}

/** What `value` decodes to as base64, or null when it is none (a character outside the alphabet, a length no base64 has). */
export function strictBase64(value: string): string | null {
  try {
    return atob(value);
  } catch {
    return null;
  }
}

/**
 * The key of a Postman collection's API-key authorization: the entry named `value` in its `apikey` list, which names the key's
 * header in another entry (`"apikey": [{"key": "value", "value": "…"}, {"key": "key", "value": "X-API-Key"}]`), pretty-printed or not.
 */
export const POSTMAN_API_KEY_RULE: RedactRule = {
  reason: 'password',
  requires: '"apikey"',
  pattern: /(?<pre>"apikey"[ \t]*:[ \t]*\[[^\]]{0,400}?\{\s*"key"[ \t]*:[ \t]*"value"[ \t]*,\s*"value"[ \t]*:[ \t]*")(?<secret>[^"\\\s]{1,300})(?=")/g,
  accept: isLiteral,
};

/**
 * A Redis user's password, `>` and the password among the user's ACL rules: `ACL SETUSER alice on >… ~cached:* +get` (any case, as
 * redis-cli takes it), or a `user` line of `redis.conf` or an ACL file. (Only ACL rules may come between the name and the password.)
 */
export const REDIS_ACL_RULE: RedactRule = {
  reason: 'password',
  near: /\bACL[ \t]+SETUSER\b|\bacl[ \t]+setuser\b|^[ \t]*user[ \t]/gm,
  pattern: /(?<pre>(?:\bACL[ \t]+SETUSER|\bacl[ \t]+setuser|^[ \t]*user)[ \t]+[^\s>]{1,100}(?:[ \t]+(?:on|off|nopass|skip-sanitize-payload|sanitize-payload|reset\w{0,20}|all(?:keys|commands|channels)|[~%&+<#!-][^\s]{0,200}))*[ \t]+>)(?<secret>[^\s]{1,200})/gm,
  accept: isLiteral,
};

/**
 * A session's cookie as a request sends it or a response sets it (`Cookie: sessionid=…; theme=dark`, `set-cookie: SID=…; HttpOnly`,
 * curl's `-b 'session=…'` as a browser's "Copy as cURL" gives it): the value of each cookie whose name says it holds a session or a
 * login (`PHPSESSID`, `connect.sid`, `laravel_session`, `remember_web_…`, `auth_token`). An anti-forgery token's (`csrftoken`)
 * guards nothing on its own.
 */
export const SESSION_COOKIE_RULE: RedactRule = {
  reason: 'password',
  find: (text) => findInWindows(text, nearWindows(text, COOKIE_ANCHOR), (lines) => {
    const hits: Hit[] = [];
    COOKIE_PAIR.lastIndex = 0;
    for (let m = COOKIE_PAIR.exec(lines); m; m = COOKIE_PAIR.exec(lines)) {
      const [, name = '', value = ''] = m;
      if (!SESSION_COOKIE.test(name) || isNotSecretName(name) || !isCookieValue(value)) continue;
      const start = m.index + name.length + 1;
      hits.push({ start, end: start + value.length, reason: 'password' });
    }
    return hits;
  }),
};
/** Where cookies are given: a header or an option named for them, or curl's `-b`. */
const COOKIE_ANCHOR = /cookie|[ \t]-b[ \t]/gi;
/** One cookie, `name=value`, its value up to the `;` or the blank that ends it. */
const COOKIE_PAIR = /(?<![\w.%-])([A-Za-z_][\w.-]{0,60})=([^;\s"',]{16,4096})/g;
/** A cookie's name that says, last, it holds a session or a login (`PHPSESSID`, `session_id`, `auth_token`), or one that remembers a login. */
const SESSION_COOKIE = /(?:sess(?:ion)?(?:[_.-]?(?:id|key|token))?|(?:^|[_.-])sid|token|auth|jwt)$|^remember/i;
/** Random enough to be a session's: 16 characters or more, letters and digits, no placeholder, reference or word (a value of escapes, `\u0425…`, is a message's text). */
const isCookieValue = (value: string) => /[A-Za-z]/.test(value) && /\d/.test(value) && !value.includes('\\') && !/^[/.]|^\d{4}-\d\d-\d\d/.test(value) && isLiteral(value) && !isWordy(value);

/**
 * The password Terraform generated, as its state keeps it (`terraform.tfstate`, `terraform show -json`): the `result` of a
 * `random_password` resource, up to the next resource's type.
 */
export const TERRAFORM_RANDOM_PASSWORD_RULE: RedactRule = {
  reason: 'password',
  requires: '"random_password"',
  // (Read as written too: a generated password may hold a quote, escaped in the JSON, `"a\\"b)…"`.)
  readsWritten: true,
  find: (text) => {
    const hits: Hit[] = [];
    for (let at = text.indexOf('"random_password"'); at >= 0; at = text.indexOf('"random_password"', at + 1)) {
      const resource = text.slice(at, at + RESOURCE_REACH);
      const next = resource.indexOf('"type"');
      const m = STATE_RESULT.exec(next < 0 ? resource : resource.slice(0, next));
      if (m && isLiteral(m[1]!)) hits.push({ start: at + m.index + m[0].length - 1 - m[1]!.length, end: at + m.index + m[0].length - 1, reason: 'password' });
    }
    return hits;
  },
};
/** How far a resource's attributes are read for its `result`. */
const RESOURCE_REACH = 4000;
const STATE_RESULT = /"result"[ \t]*:[ \t]*"((?:[^"\\\n]|\\.){1,300})"(?=[ \t]*[,}\r\n])/;

/**
 * The users a Kafka broker's JAAS configuration defines for SASL/PLAIN, `user_<name>="<password>"` (besides its own `password="…"`).
 */
export const JAAS_USER_RULE: RedactRule = {
  reason: 'password',
  requires: 'LoginModule',
  pattern: /(?<pre>(?<![\w-])user_[\w.-]{1,100}[ \t]*=[ \t]*")(?<secret>[^"\n]{1,200})(?=")/g,
  accept: isLiteral,
};

/** T-SQL's password as a Unicode literal: `CREATE LOGIN … WITH PASSWORD = N'…'`, `ALTER LOGIN … WITH PASSWORD = N'…'`. */
export const UNICODE_LITERAL_PASSWORD_RULE: RedactRule = {
  reason: 'password',
  near: /PASSWORD[ \t]*=[ \t]*N'/gi,
  pattern: /(?<pre>\bPASSWORD[ \t]*=[ \t]*N')(?<secret>[^'\n]{1,200})(?=')/gi,
  accept: isLiteral,
};

/**
 * A password inserted by SQL into the column named for it: `INSERT INTO users (email, password) VALUES ('a@b.c', '…'), (…)` (ProxySQL's
 * `mysql_users`, a seed script), also handed to a function that hashes it, `crypt('…', gen_salt('bf'))`, `PASSWORD('…')`.
 */
export const SQL_INSERT_RULE: RedactRule = {
  reason: 'password',
  find: (text) => {
    const hits: Hit[] = [];
    INSERT_HEAD.lastIndex = 0;
    for (let m = INSERT_HEAD.exec(text); m; m = INSERT_HEAD.exec(text)) {
      const columns = m[1]!.split(',').map((c) => c.trim().replace(/^[`"[]|[`"\]]$/g, ''));
      // (A column named for a secret as a table's heading is: `password`, `db_password`, `api_key`, `token`.)
      const at = columns.findIndex((c) => SECRET_COLUMN.test(c));
      if (at < 0) continue;
      let from = INSERT_HEAD.lastIndex;
      for (let row = 0; row < MAX_ROWS; row++) {
        const tuple = sqlTuple(text, from);
        if (!tuple) break;
        const value = tuple.items[at];
        const literal = value && SQL_LITERAL.exec(value.text);
        if (literal && isLiteral(literal[1]!) && calledPassword(literal[1]!)) {
          const start = value.start + literal.index + 1;
          hits.push({ start, end: start + literal[1]!.length, reason: 'password' });
        }
        ROW_GAP.lastIndex = tuple.end;
        if (!ROW_GAP.exec(text)) break;
        from = ROW_GAP.lastIndex;
      }
    }
    return hits;
  },
};
/** `INSERT INTO <table> (<columns>) VALUES (`: the columns, up to where the first row's values start. */
const INSERT_HEAD = /\bINSERT[ \t]+INTO[ \t]+[\w.`"[\]]{1,100}[ \t]*\(([^()\n;]{1,2000})\)\s{0,20}VALUES\s{0,20}(?=\()/gi;
/** The first string literal of a value (itself, or what a hashing function is given): `'…'`, its `''` an escaped quote. */
const SQL_LITERAL = /'((?:[^'\\\n]|''|\\.){1,200})'/;
/** A comma between rows. */
const ROW_GAP = /\s{0,20},\s{0,20}(?=\()/y;
const MAX_ROWS = 100;
/** One row of values from its `(` at `from`: each item's text and start, split at the commas outside quotes and parentheses. */
function sqlTuple(text: string, from: number): { items: { text: string; start: number }[]; end: number } | null {
  const items: { text: string; start: number }[] = [];
  let depth = 0;
  let start = from + 1;
  for (let i = from; i < text.length && i < from + 4000; i++) {
    const c = text[i];
    if (c === "'") {
      // (A quote escaped by a backslash, as mysqldump writes it, `'it\\'s'`, does not close the literal; a doubled one reopens it.)
      let close = i + 1;
      while (close < text.length && text[close] !== "'") close += text[close] === '\\' ? 2 : 1;
      if (close >= text.length) return null;
      i = close;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      items.push({ text: text.slice(start, i), start });
      return { items, end: i + 1 };
    } else if (c === ',' && depth === 1) {
      items.push({ text: text.slice(start, i), start });
      start = i + 1;
    }
  }
  return null;
}

/**
 * Postfix's `sasl_passwd`: the relay in brackets, its port, then `user:password` (`[smtp.office365.com]:587 alerts@example.com:…`), the
 * password to the end of its line (or of the JSON string that holds the line).
 */
export const SASL_PASSWD_RULE: RedactRule = {
  reason: 'password',
  near: /\](?::\d{1,5})?[ \t]/g,
  // (The relay a host's name with a dot, then a mail submission's port or a user that is an address: `[INFO] server:started`,
  // `[redis.cache]:6379 role:master` are log lines. The password is written as one: a digit or a symbol, or twelve characters.)
  pattern: /(?<pre>(?<![^\n])[ \t]*\[(?=[\w.-]{0,252}[A-Za-z])[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\](?::(?:25|465|587|2525)[ \t]+[^\s:()[\]]{1,200}|(?::\d{1,5})?[ \t]+[^\s:()[\]@]{1,100}@[^\s:()[\]]{1,200}):)(?<secret>[^\s"\\]{1,200})(?=[ \t]*\r?(?:\n|$)|\\?")/g,
  accept: (s) => isLiteral(s) && s.length >= 6 && (/[\d!#$%&*+=?^~@]/.test(s) || s.length >= 12),
};

/** What Elasticsearch's `elasticsearch-setup-passwords` prints for each built-in user: `PASSWORD kibana_system = …`. */
export const ELASTIC_SETUP_PASSWORDS_RULE: RedactRule = {
  reason: 'password',
  requires: 'PASSWORD ',
  pattern: /(?<pre>(?<![^\n])[ \t]*PASSWORD[ \t]+[\w.-]{1,64}[ \t]+=[ \t]+)(?<secret>[^\s"\\]{6,200})(?=[ \t]*\r?(?:\n|$)|\\?")/g,
  accept: isLiteral,
};

/**
 * A password given to Jenkins' `UsernamePasswordCredentialsImpl(scope, id, description, username, password)` in a Groovy script, the
 * arguments on one line or several.
 */
export const JENKINS_CREDENTIALS_RULE: RedactRule = {
  reason: 'password',
  requires: 'UsernamePasswordCredentialsImpl',
  pattern: /(?<pre>\bUsernamePasswordCredentialsImpl[ \t]*\((?:\s*(?:"[^"\n]{0,200}"|'[^'\n]{0,200}'|[\w.$]{1,100})\s*,){4}\s*(["']))(?<secret>[^"'\n]{1,200})(?=\2)/g,
  accept: isLiteral,
};

/** PgBouncer's `userlist.txt` (its `auth_file`), one `"user" "password"` per line, named in the text: each password. */
export const PGBOUNCER_USERLIST_RULE: RedactRule = {
  reason: 'password',
  requires: 'userlist',
  pattern: /(?<pre>^[ \t]*"[^"\s]{1,100}"[ \t]+")(?<secret>[^"\n]{1,300})(?="[ \t]*\r?$)/gm,
  accept: isLiteral,
};

/**
 * A map of users to their passwords, under a name for users: express-basic-auth's `users: { 'admin': '…' }`, Orthanc's
 * `"RegisteredUsers": { "admin": "…" }`, a Python `users = {"alice": "…"}`. Each value written as a password is (letters with a digit or a
 * symbol), one line or several; a name's role, a person's name or an id in capitals is no password (`"alice": "Alice Smith"`,
 * `"ops": "role:admin"`, a chat's user id `"alice": "U024BE7LH"`).
 */
const USERS_MAP_OPEN = /(?<![A-Za-z])(?:(?:registered|basic_?auth|static|htpasswd)_?users|users|logins)["']?[ \t]*(?::|=>?)[ \t]*\{/gi;
const USERS_MAP_ENTRY = /\s*(["']?)[\w.@-]{1,64}\1[ \t]*(?::|=>?)[ \t]*(["'])(?<v>[^"'\n]{1,100})\2[ \t]*,?/yd;
export const USERS_MAP_RULE: RedactRule = {
  reason: 'password',
  find: (text) =>
    /users|logins/i.test(text)
      ? findBlockValues(text, USERS_MAP_OPEN, USERS_MAP_ENTRY, 200, (v) => v.length >= 6 && isLiteral(v) && typedPassword(v) && !/@[\w-]+\.[a-z]|^[\w.-]+:[\w.-]+$/i.test(v) && !/^[A-Z0-9]+$/.test(v), 'password')
      : [],
};

/**
 * The `v` group of each entry (`entry`, sticky, flag `d`) read one after another from where each `open` of a block matched, `cap`
 * entries at most, that `accept` takes: a map whose values are secrets, on one line or several.
 */
function findBlockValues(text: string, open: RegExp, entry: RegExp, cap: number, accept: (value: string) => boolean, reason: string): Hit[] {
  const hits: Hit[] = [];
  open.lastIndex = 0;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    entry.lastIndex = open.lastIndex;
    for (let n = 0, e = entry.exec(text); e && n < cap; n++, e = entry.exec(text)) {
      if (!accept(e.groups!.v!)) continue;
      const [start, end] = e.indices!.groups!.v!;
      hits.push({ start, end, reason });
    }
    open.lastIndex = Math.max(open.lastIndex, entry.lastIndex);
  }
  return hits;
}

/** The user and the password inline in an OpenVPN profile: the second line of its `<auth-user-pass>` block. */
export const OPENVPN_INLINE_RULE: RedactRule = {
  reason: 'password',
  requires: '<auth-user-pass>',
  pattern: /(?<pre><auth-user-pass>[ \t]*\r?\n[ \t]*[^\s<]{1,200}[ \t]*\r?\n[ \t]*)(?<secret>[^\s<]{1,200})(?=[ \t]*\r?\n[ \t]*<\/auth-user-pass>)/g,
  accept: isLiteral,
};

/** The heading comment of pppd's `chap-secrets` and `pap-secrets`: `# client	server	secret	IP addresses`. */
const PPP_SECRETS_HEADING = /#[ \t]*client[ \t]+server[ \t]+secret\b[^\n]*/g;
/** One entry of such a file: client, server, the secret (quoted or not), then addresses if any (`*`, `-`, IPv4): a line of prose or a prompt ends the file. */
const PPP_SECRETS_ENTRY =
  /^[ \t]*(?:"[^"\n]*"|[^\s#"$]+)[ \t]+(?:"[^"\n]*"|\S+)[ \t]+(?:"(?<quoted>[^"\n]{1,200})"|(?<bare>[^\s"]{1,200}))(?:[ \t]+(?:\*|-|""|\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?))*[ \t]*$/d;

/** The secret column of pppd's `chap-secrets` and `pap-secrets`, on the entry lines after the file's heading comment (comments between). */
function findPppSecrets(text: string): Hit[] {
  const hits: Hit[] = [];
  PPP_SECRETS_HEADING.lastIndex = 0;
  for (let m = PPP_SECRETS_HEADING.exec(text); m; m = PPP_SECRETS_HEADING.exec(text)) {
    // (The comment is a line of its own.)
    if (m.index > 0 && text.charCodeAt(m.index - 1) !== 10) continue;
    let at = m.index + m[0].length;
    for (let lines = 0; at < text.length && lines < 100; lines++) {
      const next = text.indexOf('\n', at + 1);
      const end = next < 0 ? text.length : next;
      const line = text.slice(at + 1, end).replace(/\r$/, '');
      if (!/^[ \t]*#/.test(line)) {
        const entry = PPP_SECRETS_ENTRY.exec(line);
        if (!entry) break;
        const group = entry.groups!.quoted === undefined ? 'bare' : 'quoted';
        const [start, stop] = entry.indices!.groups![group]!;
        if (isLiteral(entry.groups![group]!) && entry.groups![group] !== '*') hits.push({ start: at + 1 + start, end: at + 1 + stop, reason: 'password' });
      }
      at = end;
    }
    PPP_SECRETS_HEADING.lastIndex = Math.max(PPP_SECRETS_HEADING.lastIndex, at);
  }
  return hits;
}

/** A `user:password` line of cloud-init's `chpasswd:` list (a block or YAML's items); `RANDOM` (or `R`) asks for a generated one. */
const CHPASSWD_ENTRY = /^[ \t]*(?:-[ \t]+)?["']?[A-Za-z_][\w.-]{0,31}:(?<secret>[^\s"']{1,200})["']?[ \t]*\r?$/d;

/** The passwords of cloud-init's `chpasswd:` block, on its indented lines (`list: |` then `root:…`, or `- ubuntu:…`). */
function findCloudInitPasswords(text: string): Hit[] {
  const hits: Hit[] = [];
  for (let at = text.indexOf('chpasswd:'); at >= 0; at = text.indexOf('chpasswd:', at + 9)) {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    if (!/^[ \t]*$/.test(text.slice(lineStart, at)) || !/^chpasswd:[ \t]*\r?(?:\n|$)/.test(text.slice(at, at + 12))) continue;
    const indent = at - lineStart;
    let line = text.indexOf('\n', at);
    for (let lines = 0; line >= 0 && lines < 200; lines++) {
      const next = text.indexOf('\n', line + 1);
      const content = text.slice(line + 1, next < 0 ? text.length : next);
      if (content.trim() !== '' && /^[ \t]*/.exec(content)![0].length <= indent) break;
      const entry = CHPASSWD_ENTRY.exec(content);
      if (entry && !/^(?:R|RANDOM)$/.test(entry.groups!.secret!) && isLiteral(entry.groups!.secret!)) {
        const [start, end] = entry.indices!.groups!.secret!;
        hits.push({ start: line + 1 + start, end: line + 1 + end, reason: 'password' });
      }
      line = next;
    }
  }
  return hits;
}

/**
 * A literal written into a file named for a secret: `echo '…' > ~/.vault_pass`, `printf '%s' '…' > secrets/db_password.txt`,
 * `echo … >> .token` (not a reference, `"$VAULT_PASS"`).
 */
export const ECHO_TO_SECRET_FILE_RULE: RedactRule = {
  reason: 'password',
  near: />[ \t]*["']?[^\s"'>]{0,200}(?:pass|secret|token|cred|apikey|api_key)/gi,
  pattern: new RegExp(
    String.raw`(?<pre>\b(?:echo|printf)${ECHO_ARGS}(?<q>["']?))(?<secret>(?<=")[^"\n]{1,200}(?=")|(?<=')[^'\n]{1,200}(?=')|(?<!["'])[^\s"'|&;>]{1,200})(?=\k<q>[ \t]*>>?[ \t]*["']?[^\s"'>]{0,200}(?:pass|secret|token|cred|apikey|api_key))`,
    'gi',
  ),
  // (One word with letters and a digit or a symbol: `"Generated new tokens" > token_log.txt` is a message.)
  accept: (s) => isLiteral(s) && s.length >= 8 && !/\$\{?\w|\s/.test(s) && /[A-Za-z]/.test(s) && /[\d!#%&*+=?@^~]/.test(s),
};

/** An Ethereum (or other secp256k1) private key given to the call that makes a wallet or an account of it: `new ethers.Wallet("…")`. */
export const WALLET_KEY_RULE: RedactRule = {
  reason: 'private-key',
  near: /Wallet|from_key|privateKeyToAccount|fromPrivateKey/g,
  pattern: /(?<pre>\b(?:new[ \t]+(?:ethers\.)?Wallet|Wallet|from_key|privateKeyToAccount|fromPrivateKey)[ \t]*\([ \t]*(["'`]))(?<secret>(?:0x)?[0-9a-fA-F]{64})(?=\2)/g,
};

/**
 * A Solana keypair as its CLI writes it (`~/.config/solana/id.json`, `Keypair.fromSecretKey(Uint8Array.from([…]))`): an array of
 * 64 bytes, where a keypair, the CLI or its file is named on the lines around it.
 */
export const BYTE_KEYPAIR_RULE: RedactRule = {
  reason: 'private-key',
  find: (text) => {
    if (!KEYPAIR_NAME.test(text)) return [];
    const hits: Hit[] = [];
    BYTE_ARRAY_64.lastIndex = 0;
    for (let m = BYTE_ARRAY_64.exec(text); m; m = BYTE_ARRAY_64.exec(text)) {
      const around = text.slice(Math.max(0, m.index - 300), m.index) + text.slice(m.index + m[0].length, m.index + m[0].length + 100);
      if (KEYPAIR_NAME.test(around)) hits.push({ start: m.index, end: m.index + m[0].length, reason: 'private-key' });
    }
    return hits;
  },
};
/** Where a keypair of bytes is named: Solana, its CLI's file, a keypair, `Keypair.fromSecretKey`. */
const KEYPAIR_NAME = /solana|keypair|id\.json|fromSecretKey/i;
/** An array of 64 bytes (0 to 255), blanks and line breaks allowed between them. */
const BYTE_ARRAY_64 = /\[\s*(?:(?:25[0-5]|2[0-4]\d|1\d\d|\d\d?)\s*,\s*){63}(?:25[0-5]|2[0-4]\d|1\d\d|\d\d?)\s*\]/g;

/** One argument of a call: a string literal, or a name or an expression without commas (`dsn`, `$host`, `os.environ["SMTP_USER"]`). */
const CALL_ARG = String.raw`(?:"[^"\n]{0,200}"|'[^'\n]{0,200}'|[\w.$>-]{1,100}(?:\[["'][^"'\n]{1,100}["']\]|\[[\w.$]{1,40}\])?)[ \t]*,[ \t]*`;
/** A string literal that closes its argument: the `secret`, then `,` or `)` (or Java's `.toCharArray()`). */
const LITERAL_ARG = String.raw`(["'])(?<secret>[^"'\n]{1,200})\1(?=[ \t]*(?:[,)]|\.toCharArray\(\)))`;
/** Calls that take a password by its place: a login's second argument, a connection's third, a `user:password` to encode. */
const LOGIN_CALLS = String.raw`\b(?:login|simple_bind(?:_s)?|bind_s|PasswordAuthentication|UsernamePasswordCredentials|username_pw_set)`;
/** Go's LDAP bind, `conn.Bind(dn, "…")`: a name common enough that its first argument must be a DN or name one (`bindDN`, `user`). */
const BIND_CALL = String.raw`\.Bind`;
const BIND_DN = String.raw`(?:"(?:cn|uid)=[^"\n]{0,200}"|[\w.]{0,60}(?:dn|DN|Dn|[uU]ser(?:name)?)[\w.]{0,60})[ \t]*,[ \t]*`;
const CONNECT_CALLS = String.raw`(?:\b(?:getConnection|mysqli(?:_connect)?|mysql_p?connect|PDO|ldap_bind|(?:MySQLdb|pymysql)\.connect)|->connect)`;
const ENCODE_CALLS = String.raw`(?:\b(?:btoa|b64encode|base64_encode|encode64|strict_encode64|EncodeToString|encodeToString)|\bBuffer\.from)`;
/** Calls that hash the password they are given first, in clear: what a seed script or a test stores as a user's password. */
const HASH_CALLS = String.raw`\b(?:Hash::make|bcrypt(?:js)?(?:\.hash(?:Sync)?)?|hashpw|make_password|password_hash|generate_password_hash|Password\.create|(?:argon2|scrypt|pbkdf2_sha256|sha512_crypt|sha256_crypt)\.hash|[pP]asswordEncoder(?:\(\))?\.encode|GenerateFromPassword|crypt\.crypt)`;
/** Django's `create_user(username, email, password)` and `create_superuser(…)`: the password third. */
const USER_CALLS = String.raw`\bcreate_(?:super)?user`;
/**
 * Where such a call may be: its parenthesis, with the name behind it, or a pipe into `base64`. (The parenthesis first, a literal:
 * a search that starts with the names costs several times more.)
 */
const CREDENTIAL_CALL = new RegExp(String.raw`\((?<=(?:${LOGIN_CALLS}|${BIND_CALL}|${CONNECT_CALLS}|${ENCODE_CALLS}|${HASH_CALLS}|${USER_CALLS})[ \t]*\()|\|(?=[ \t]*base64\b)`, 'g');
const CREDENTIAL_CALL_FORMS = [
  // The password as a login's second argument: Python's smtplib and ftplib (`server.login("me@example.com", "…")`), LDAP's bind
  // (`simple_bind_s(dn, "…")`, Go's `conn.Bind(dn, "…")`), Java's `PasswordAuthentication("user", "…".toCharArray())`, Apache's `UsernamePasswordCredentials`.
  { re: new RegExp(String.raw`${LOGIN_CALLS}[ \t]*\([ \t]*${CALL_ARG}${LITERAL_ARG}`, 'gd'), accept: calledPassword },
  { re: new RegExp(String.raw`${BIND_CALL}[ \t]*\([ \t]*${BIND_DN}${LITERAL_ARG}`, 'gd'), accept: calledPassword },
  // … a database connection's third: JDBC's `DriverManager.getConnection(url, "app", "…")`, PHP's `new mysqli(host, user, "…", db)`,
  // `mysqli_connect`, `new PDO(dsn, user, "…")`, Perl's `DBI->connect(dsn, user, "…")`, PHP's `ldap_bind($ds, $dn, "…")`, Python's
  // `MySQLdb.connect("db", "app", "…", "shop")` (and `pymysql`'s).
  { re: new RegExp(String.raw`${CONNECT_CALLS}[ \t]*\([ \t]*${CALL_ARG}${CALL_ARG}${LITERAL_ARG}`, 'gd'), accept: calledPassword },
  // … Django's new user's third (`User.objects.create_superuser('admin', 'a@example.com', '…')`), and the password a hash is made of:
  // Laravel's `Hash::make('…')` and `bcrypt('…')`, Django's `make_password`, PHP's `password_hash`, Werkzeug's `generate_password_hash`,
  // Ruby's `BCrypt::Password.create`, `bcrypt.hash('…', 10)`, `bcrypt.hashpw(b"…", …)`, `argon2.hash`, Spring's
  // `passwordEncoder.encode("…")`, Go's `bcrypt.GenerateFromPassword([]byte("…"), …)`.
  { re: new RegExp(String.raw`${USER_CALLS}[ \t]*\([ \t]*${CALL_ARG}${CALL_ARG}${LITERAL_ARG}`, 'gd'), accept: calledPassword },
  // (Not a hash's scheme: Ansible's filter is given the password before it, `plaintext | password_hash('sha512')`.)
  { re: new RegExp(String.raw`${HASH_CALLS}[ \t]*\([ \t]*(?:\[\]byte\()?b?${LITERAL_ARG}`, 'gd'), accept: (s: string) => calledPassword(s) && !HASH_SCHEME.test(s) },
  // … and `user:password` encoded for a Basic header: `btoa('admin:…')`, `base64.b64encode(b"user:…")`, `Buffer.from('api:…')`,
  // `base64_encode`, Ruby's `Base64.strict_encode64`, Go's `EncodeToString([]byte("u:…"))`, Java's `encodeToString("u:…".getBytes())`,
  // and `echo -n 'admin:…' | base64` (or `printf`). (Not a reference, `${user}:${pass}`, nor a port, a path or a time.)
  {
    re: new RegExp(String.raw`${ENCODE_CALLS}[ \t]*\([ \t]*(?:\[\]byte\()?b?(["'${'`'}])[A-Za-z][^"'${'`'}\s:$]{0,99}:(?<secret>[^"'${'`'}\s$:]{1,200})\1|\b(?:echo(?:[ \t]+-n)?|printf)[ \t]+(["']?)[A-Za-z][^\s"':$]{0,99}:(?<secret2>[^\s"'$:]{1,200})\3[ \t]*\|[ \t]*base64\b`, 'gd'),
    accept: (secret: string) => /[A-Za-z]/.test(secret) && !secret.includes('/') && !/^v?\d+(?:\.\d+)+/.test(secret),
  },
];

/** A hash's scheme by name. */
const HASH_SCHEME = /^(?:sha\d*(?:_crypt)?|md5(?:_crypt)?|bcrypt|blowfish|argon2(?:id|i|d)?|scrypt|pbkdf2(?:_sha\d+)?|des(?:_crypt)?|crypt)$/i;

/** A literal given as a password: a digit, a symbol or twelve characters (`'editor'`, a role, and `'/dashboard'`, a page, are none). */
function calledPassword(secret: string): boolean {
  return !secret.startsWith('/') && (/[\d!#$%&*+=?^~@]/.test(secret) || secret.length >= 12);
}

/** A password passed to a call that takes one by its place (a login's, a connection's) or encoded with its user for a Basic header. */
function findCredentialCalls(text: string): Hit[] {
  return findInWindows(text, nearWindows(text, CREDENTIAL_CALL), (lines) => {
    const hits: Hit[] = [];
    for (const { re, accept } of CREDENTIAL_CALL_FORMS) {
      re.lastIndex = 0;
      for (let m = re.exec(lines); m; m = re.exec(lines)) {
        const group = m.groups!.secret !== undefined ? 'secret' : 'secret2';
        const secret = m.groups![group];
        if (secret === undefined || !isLiteral(secret) || secret.length < 4 || !accept(secret)) continue;
        const [start, end] = m.indices!.groups![group]!;
        hits.push({ start, end, reason: 'password' });
      }
    }
    return hits;
  });
}

/** Go's MySQL driver's address: `sql.Open("mysql", "app:…@tcp(db:3306)/app")` (also `@unix(…)`, and `@/app` for the local server). */
export const GO_MYSQL_DSN_RULE: RedactRule = {
  reason: 'url-credentials',
  near: /@(?:tcp|unix)\(|@\//g,
  // (The user opens the string: `"jdbc:mysql://u:p@tcp(…)"` is a URL, read by the URL rule.)
  pattern: /(?<pre>["'`][^\s"'`:@/]{1,100}:)(?<secret>[^\s"'`@/:]{1,200})(?=@(?:(?:tcp|unix)\(|\/))/g,
  accept: isLiteral,
};

/**
 * What a script types at a password prompt: Expect's `expect "password:"` then `send "…\r"` (on the next line or in its braces),
 * and pexpect's `child.expect('Password:')` then `child.sendline('…')`.
 */
export const EXPECT_SEND_RULE: RedactRule = {
  reason: 'password',
  requires: 'expect',
  // (A prompt ends with its colon, `password:`, `*assword:*`; `expect "password updated"` waits for a message. Also a branch of a
  // block, `expect {` then `"*assword:*" { send "…\r" }`, a one-liner's `; send`, and a blank line before pexpect's `sendline`.)
  pattern: /(?<pre>\bexpect\b(?:[ \t]*\{[ \t]*\r?\n)?[^\n]{0,100}?(?:assword|assphrase|ASSWORD)[^\n"'{}]{0,10}?[:?][^\n]{0,60}?(?:\{[ \t]*|;[ \t]*|\r?\n(?:[ \t]*\r?\n)?[ \t]*)(?:[\w.]{1,40}\.)?send(?:line)?(?:[ \t]+(?:--[ \t]+)?|[ \t]*\([ \t]*)(["']))(?<secret>[^"'\\\n]{4,200})(?=(?:\\[rn])?\2)/g,
  accept: isLiteral,
};

/**
 * A password as written in prose beside its user: one as people type it (the keyword rule's reading), eight characters or more,
 * and not a path, a file, an address, an assignment or a key's file (`log in as root with id_ed25519`).
 */
const pairPassword = (s: string) => s.length >= 8 && isLiteral(s) && typedPassword(s) && !/\/|\.[a-z]{2,4}$|@[\w-]+\.[a-z]|^[A-Za-z_]\w*=|^id_/i.test(s);

/**
 * A user and a password written in prose: after a login's or credentials' name (`login: admin / …`, `default login: admin / …`,
 * `Credentials: deploy / …`, `creds are admin:…`, `username/password: admin/…`), after a user's name and `pass`
 * (`user app, pass …`), how to log in (`log in as root with …`), or an administrator's name and its password (`admin / …`).
 */
export const CREDENTIAL_PAIR_RULE: RedactRule = {
  reason: 'password',
  // (The rarer words of each form: a user's name is everywhere, `pass` and ` / ` are not. A module's name before its version is no
  // label, go.sum's `…/aws-sdk-go-v2/credentials v1.19.18 h1:<digest>`.)
  near: /\b(?:log-?in|log[ \t]in|credentials?|creds|pass(?:word)?|pwd?)\b|[ \t]\/[ \t]/gi,
  pattern: new RegExp(
    String.raw`(?<pre>(?:(?<![-:])\b(?:(?:default[ \t]+)?log-?in(?:[ \t]+details)?|credentials?|creds|user(?:name)?\/pass(?:word)?)\b(?![ \t]+v\d+\.\d+\.\d)[^\n:@/[\]]{0,30}?(?:[ \t]*:[ \t]*|[ \t]+(?:are|is)[ \t]+)` +
      // (Each may be written as code, in backticks: `` `admin` / `…` ``.)
      String.raw`(?<tick>${'`'}?)[A-Za-z][\w.@+-]{0,63}\k<tick>(?:[ \t]*\/[ \t]*|:)\k<tick>` +
      String.raw`|\buser(?:name)?[ \t]+[\w.@+-]{1,64},?[ \t]+(?:and[ \t]+)?(?:pass(?:word)?|pw|pwd)[ \t]+(?:is[ \t]+)?` +
      String.raw`|\blog(?:-?in|[ \t]in|on)?[ \t]+as[ \t]+[\w.@+-]{1,64}[ \t]+(?:with|using)[ \t]+(?:(?:the[ \t]+)?password[ \t]+)?` +
      // (… or an administrator's name, a slash between blanks, and its password, as a list of services gives them: `- Jenkins: admin / …`.)
      String.raw`|(?<![\w/.-])(?<tick2>${'`'}?)(?:admin|administrator|root|sa|postgres|elastic|superuser)\k<tick2>[ \t]+\/[ \t]+\k<tick2>))` +
      String.raw`(?<secret>[^\s"'${'`'},;()<>]{4,100}?)(?=${'`'}?[.,;:!?)]?(?:\s|$))`,
    'gi',
  ),
  accept: pairPassword,
};

/** A Markdown table's line between its head and its rows: `|---|:---:|`. */
const TABLE_RULE_LINE = /^[ \t]*\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+(?:[ \t]*:?-{2,}:?[ \t]*)?\r?$/;
/** A column's head that names one secret: `Password`, `Default Password`, `API key`, `Client Secret`, `**Token**` (`Tokens` is a count). */
const SECRET_COLUMN = /^(?:\*\*|__)?(?:[A-Za-z]+[ _-])?(?:pass(?:word|phrase)?|passwd|pwd|secret(?:[ _-]key)?|token|api[ _-]?key|access[ _-]?key)(?:\*\*|__)?$/i;

/** The cells of a table's line, each with where it starts in the text (the pipes at either end are no cells; `\|` is a pipe inside one). */
function tableCells(text: string, start: number, end: number): { value: string; at: number }[] {
  const cells: { value: string; at: number }[] = [];
  let from = start;
  while (from < end && (text[from] === ' ' || text[from] === '\t')) from++;
  if (text[from] === '|') from++;
  for (let at = from; at <= end; at++) {
    if (at < end && (text[at] !== '|' || text[at - 1] === '\\')) continue;
    const raw = text.slice(from, at);
    const lead = raw.length - raw.trimStart().length;
    cells.push({ value: raw.trim(), at: from + lead });
    from = at + 1;
  }
  const last = cells[cells.length - 1];
  if (last && last.value.replace(/\r$/, '') === '') cells.pop();
  return cells;
}

/**
 * The cells of a Markdown table's column whose head names a secret (`| Service | User | Password |`): each row's value in it, a
 * password as written in prose or a generated value; not a name in capitals (`AWS_S3_BUCKET`, a variable's) or of words joined
 * (`postgres-credentials-v2`, a Secret's), nor `—`, `n/a`, `see vault`. The rows end at a line without a pipe or at the next table.
 */
function findTablePasswords(text: string): Hit[] {
  const hits: Hit[] = [];
  for (let rule = text.indexOf('--'); rule >= 0; rule = text.indexOf('--', rule + 2)) {
    const start = text.lastIndexOf('\n', rule) + 1;
    let end = text.indexOf('\n', rule);
    if (end < 0) end = text.length;
    const headStart = start < 2 ? -1 : text.lastIndexOf('\n', start - 2) + 1;
    if (headStart < 0 || end - start > 2000 || start - headStart > 2000 || !text.slice(headStart, start).includes('|') || !TABLE_RULE_LINE.test(text.slice(start, end))) {
      rule = end;
      continue;
    }
    const column = tableCells(text, headStart, start - 1).findIndex((cell) => SECRET_COLUMN.test(cell.value.replace(/\r$/, '')));
    let row = end + 1;
    for (; column >= 0 && row < text.length; ) {
      let rowEnd = text.indexOf('\n', row);
      if (rowEnd < 0) rowEnd = text.length;
      const line = text.slice(row, rowEnd);
      if (!line.includes('|') || rowEnd - row > 2000 || TABLE_RULE_LINE.test(line)) break;
      const cell = tableCells(text, row, rowEnd)[column];
      const value = cell?.value.replace(/^`|`$/g, '').replace(/\r$/, '');
      if (cell && value && !/\s/.test(value) && !/^[A-Z][A-Z0-9_]+$|^[a-z0-9]+(?:[-_.][a-z0-9]+)+$/.test(value) &&
        (pairPassword(value) || (value.length >= 16 && /\d/.test(value) && isLiteral(value)))) {
        const at = cell.at + cell.value.indexOf(value);
        hits.push({ start: at, end: at + value.length, reason: 'password' });
      }
      row = rowEnd + 1;
    }
    // (On from the last row read: a row is read once, whatever tables follow.)
    rule = Math.max(end, row - 1);
  }
  return hits;
}

/**
 * The password after an email address, as accounts are listed and as Postfix's `sasl_passwd` holds them:
 * `alice@example.com:Xk9fLq2m`, `[smtp.gmail.com]:587 alerts@example.com:…`. (Not a port, a path, `user@host:dir/`, nor a word.)
 */
export const EMAIL_PASSWORD_RULE: RedactRule = {
  reason: 'password',
  near: /@/g,
  pattern: /(?<pre>(?<![$A-Za-z0-9._%+-]|\/\/)[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}:)(?<secret>[^\s"'`/:,;()<>[\]{}]{6,200})(?=["'`]?(?:[ \t]*\r?\n|[ \t]*$))/g,
  // (A Gmail app password is sixteen small letters; a remote file or directory, `backup-2024-01-01.tar.gz`, `releases-v2`, is none;
  // a password may hold an `@`, another address is none.)
  accept: (s) => isLiteral(s) && !/@[A-Za-z0-9-]+\.[A-Za-z]/.test(s) && /[A-Za-z]/.test(s) && (/[\d!#$%&*+=?^~]/.test(s) || /^[a-z]{16}$/.test(s)) && !/^v?\d+(?:\.\d+)+|\.[A-Za-z0-9]{1,5}$|^[a-z0-9]+(?:[-_][a-z0-9]+)+$/.test(s),
};

/**
 * crypt(3) hashes (`$1$`, `$2b$`, `$5$`, `$6$`, `$y$`, `$apr1$`, `$argon2id$`,
 * `$pbkdf2-sha256$`, `$scrypt$`, …), LDAP `{SSHA}…`, MySQL's native `*<40 hex in capitals>` (as `mysql.user` shows it) and
 * PostgreSQL's `SCRAM-SHA-256$<iterations>:<salt>$<stored key>:<server key>` (as `pg_authid` and PgBouncer's `userlist.txt` hold it):
 * a hash lets anyone test guesses offline, so it is kept out like the password.
 */
export const PASSWORD_HASH_RULE: RedactRule = {
  reason: 'password-hash',
  near: /\$(?:1|2[abxy]?|5|6|7|y|gy|md5(?:,rounds=\d+)?|apr1|sha1|argon2(?:id|i|d)|pbkdf2[a-z0-9-]*|scrypt)\$|\{(?:S?SHA\d*|S?MD5|CRYPT|PBKDF2[^}]*)\}|\*[0-9A-F]{40}|SCRAM-SHA-256\$/gi,
  // (Sun's MD5 crypt ends its salt with `$$`: `$md5,rounds=5000$<salt>$$<hash>`.)
  pattern: /(?<![\w$])(?:\$(?:1|2[abxy]?|5|6|7|y|gy|md5(?:,rounds=\d+)?|apr1|sha1|argon2(?:id|i|d)|pbkdf2[a-z0-9-]*|scrypt)\$(?:[A-Za-z0-9./+=,-]{1,100}\$\$?){1,4}[A-Za-z0-9./+=]{8,200}|\{(?:S?SHA\d*|S?MD5|CRYPT|PBKDF2[^}]*)\}[A-Za-z0-9+/=.$]{12,200}|(?<![\w*])\*[0-9A-F]{40}(?![\w*])|\bSCRAM-SHA-256\$\d{1,7}:[A-Za-z0-9+/]{8,100}={0,2}\$[A-Za-z0-9+/]{20,100}={0,2}:[A-Za-z0-9+/]{20,100}={0,2})(?![A-Za-z0-9./+=])/g,
};

/**
 * A hash a database was given for a user as it stores it: MySQL's `IDENTIFIED WITH 'caching_sha2_password' AS '$A$005$…'` (any
 * bytes in it), and a Redis user's `#<sha256>` among its ACL rules.
 */
export const STORED_HASH_RULE: RedactRule = {
  reason: 'password-hash',
  near: /\bIDENTIFIED[ \t]+WITH\b|[ \t]#[0-9a-f]{64}\b/gi,
  pattern: /(?<pre>\bIDENTIFIED[ \t]+WITH[ \t]+['"`]?\w{1,40}['"`]?[ \t]+AS[ \t]+')(?<secret>[^'\n]{8,300})(?=')|(?<=[ \t]#)(?=[0-9a-f]{64}\b)(?<=(?:\bACL[ \t]+SETUSER|\bacl[ \t]+setuser|^["']?[ \t]*(?:\d+\)[ \t]+"?)?user)[ \t][^\n]{0,400}[ \t]#)[0-9a-f]{64}\b/gim,
};

/**
 * Certificates, public keys and signatures (PEM blocks, `ssh-rsa AAAA…`),
 * subresource-integrity digests (`sha512-<base64>`) and the values of keys
 * named public (`public_key = …`): public by design. So is ciphertext in its armor (a PGP message, an age file, as SOPS
 * stores its data key): only its readers' keys open it. Claimed with no reason, so they are left as they are and
 * no later rule (high entropy) takes their base64 for a secret.
 */
/** A line of an armor's base64, blanks in it, after its number as a file reader prints one (`     2→MIIB…`). */
// (A blank line inside it may be written as ` .`, as Debian's control files (deb822's `Signed-By:`) continue a field.)
// (Or `...` alone, as documentation elides the middle of a certificate.)
// (A line that starts with a number and a tab is read with it as its number, never as base64 that holds them: read both ways, a block
// of `1<tab>AB` lines with no end was tried in twice as many ways for each line.)
const ARMOR_LINE = String.raw`(?:\d{1,7}(?:→|\t)|(?!\d{1,7}(?:→|\t)))(?:[ \t]+\.|[ \t]*(?:\.\.\.|…)[ \t]*|[A-Za-z0-9+/= \t]*)`;
/** The middle of a public key elided, as documentation shows one: `AAAAB3NzaC1yc2EAAAADA...AdkTg7HG`. */
const ELIDED = String.raw`(?:(?:\.\.\.|…)[A-Za-z0-9+/]+)*`;
/** An OpenSSH public key's blob as its wire format starts, with its type's name (`ssh-rsa`, `ssh-ed25519`) in base64. */
// (RSA's public exponent comes first in a public key, 65537 or 35, its modulus first in a private key's wire format; an Ed25519 public
// key is 68 characters, a private one's wire format longer. DSA's and ECDSA's are not told apart so: judged.)
// (Found from its `AAAA` and read back for what is before it: a search that starts with a look behind is tried at every character.)
const SSH_KEY_BLOB = String.raw`AAAA(?<=(?:["'\x60]|[:=][ \t]{0,8})AAAA)(?:B3NzaC1yc2EAAAA(?:DAQAB|BIw)[A-Za-z0-9+/]{0,720}|C3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]{0,43}(?![A-Za-z0-9+/]))`;
const ELIDED_ONCE = String.raw`(?:(?:\.\.\.|…)[A-Za-z0-9+/]+)+`;
const PUBLIC = new RegExp(
  String.raw`(?<![^\s"'\x60(=:,>[])-----BEGIN ((?:[A-Z0-9]+ )*(?:PUBLIC KEY(?: BLOCK)?|CERTIFICATE(?: REQUEST)?|SIGNATURE|X509 CRL|MESSAGE|ENCRYPTED FILE))-----` +
    // Only what an armor holds between its lines: its headers (`Version: …`, `Comment: …`, PEM's `Proc-Type: …`) after the first,
    // then lines of base64 and the checksum (`=V4l4`), indented, numbered as a file reader prints them, or joined by written line
    // breaks (`\n` in a JSON string).
    // A block cut short is no claim on what follows it: a secret printed before a later `-----END …-----` is judged as itself.
    // (A header's text stops before a `\r`: read as its text or as its line's end, a block of such lines never closed was tried in
    // twice as many ways for each.)
    String.raw`(?:\r?\n|\\r?\\n)?(?:[ \t]*(?:Version|Comment|Hash|Charset|MessageID|Proc-Type|DEK-Info): [^\r\n]{0,200}\r?\n)*(?:${ARMOR_LINE}(?:\r?\n|\\r?\\n))*?` +
    String.raw`${ARMOR_LINE}-----END \1-----|` +
    String.raw`\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com) AAAA(?:[A-Za-z0-9+/]{20,}${ELIDED}|[A-Za-z0-9+/]{8,19}${ELIDED_ONCE})={0,2}|(?<![A-Za-z0-9])sha(?:256|384|512)-[A-Za-z0-9+/]{40,88}={0,2}(?![A-Za-z0-9+/=])|` +
    // An OpenSSH public key without its type's name before it: its base64 starts with that name (`ssh-rsa`, `ssh-ed25519`) as the
    // key's wire format writes it, as an API returns a key: a value, quoted or after its key (see SSH_KEY_BLOB; never under a private
    // key's name, see PUBLIC_KEY_RULE). A PuTTY key file's public lines are read by their own rule.
    String.raw`${SSH_KEY_BLOB}${ELIDED}={0,2}(?![A-Za-z0-9+/=])`,
  'g',
);

/** A script's Authenticode signature as PowerShell appends it (certificates and a signature in PKCS #7, public), line by line in comments. */
const POWERSHELL_SIGNATURE = /# SIG # Begin signature block\r?\n(?:# [A-Za-z0-9+/=]{1,100}\r?\n)*# SIG # End signature block/g;
/** A value assigned to a public key's name (`public_key = "…"`, `publicToken: '…'`, `PUB_KEY=…`): `n` ends the name, `v` is the value. */
const PUBLIC_VALUE = /(?<n>pub(?:lic|lishable)?[_.-]?(?:key|token))["']?[ \t]*(?:=>|:=|=|:)[ \t]*["'`]?(?<v>[A-Za-z0-9+/=_.~-]{16,})/gi;
/** The characters of a key's name before `public_key`: `STRIPE_`, `app.`. */
const KEY_BEFORE = /[A-Za-z0-9_.-]{0,40}$/;

/**
 * What a wallet shows in public: an extended public key (`xpub…`, `ypub…`, `zpub…`, `tpub…`; an `xprv…` is redacted) and a
 * Bitcoin address in bech32 (`bc1q…`, `bc1p…`, `tb1…`).
 */
/** (Each found from its literal, `pub` or `bc1`, and read back: a search that starts with the letters before stops at every `x` or `b`.) */
const WALLET_PUBLIC =
  /pub(?<=(?<![A-Za-z0-9])[xyztuvXYZUV]pub)[1-9A-HJ-NP-Za-km-z]{100,112}(?![A-Za-z0-9])|(?:bc1|tb1|bcrt1)(?<=(?<![A-Za-z0-9])(?:bc|tb|bcrt)1)[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38,87}(?![A-Za-z0-9])/g;
/** A WireGuard public key: what `wg pubkey` prints on the line after it, a peer's key as `wg show` lists it (`peer: …`). */
const WIREGUARD_PUBLIC = /(?:\bwg[ \t]+pubkey\b[^\n]*\r?\n[ \t]*|^[ \t]*peer:[ \t]+)([A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)(?![A-Za-z0-9+/=])/dgm;

export const PUBLIC_KEY_RULE: RedactRule = {
  reason: '',
  find: (text) => {
    const hits: Hit[] = [];
    if (text.includes('-----BEGIN') || text.includes('AAAA') || text.includes('sha')) {
      PUBLIC.lastIndex = 0;
      for (const m of text.matchAll(PUBLIC)) {
        // (A key's blob without its type's name, under a private key's or a secret's name, is judged: the wire format of a private
        // key starts the same way.)
        if (m[0].startsWith('AAAA') && /priv|secret/i.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
        hits.push({ start: m.index, end: m.index + m[0].length, reason: '' });
      }
    }
    if (text.includes('# SIG # Begin signature block')) {
      for (const m of text.matchAll(POWERSHELL_SIGNATURE)) hits.push({ start: m.index, end: m.index + m[0].length, reason: '' });
    }
    if (text.includes('pubkey') || text.includes('peer:')) {
      for (const m of text.matchAll(WIREGUARD_PUBLIC)) hits.push({ start: m.indices![1]![0], end: m.indices![1]![1], reason: '' });
    }
    for (const m of text.matchAll(WALLET_PUBLIC)) {
      // (An extended key's match starts at its `pub`: the letter before it is the key's.)
      const start = m[0].startsWith('pub') ? m.index - 1 : m.index;
      hits.push({ start, end: m.index + m[0].length, reason: '' });
    }
    PUBLIC_VALUE.lastIndex = 0;
    for (const m of text.matchAll(PUBLIC_VALUE)) {
      // A provider's secret token is redacted whatever its key says (`public_key = "ghp_…"`).
      const name = KEY_BEFORE.exec(text.slice(Math.max(0, m.index - 40), m.index))![0] + m.groups!.n!;
      if (!PUBLIC_KEY_NAME.test(name) || formatMatcher().find(m.groups!.v!).length) continue;
      const start = m.index + m[0].length - m.groups!.v!.length;
      hits.push({ start, end: m.index + m[0].length, reason: '' });
    }
    return hits;
  },
};

/** `-----BEGIN` in base64 (`LS0tLS1CRUdJTi…`): a PEM block stored encoded, as Kubernetes and CI variables keep keys. */
const ENCODED_PEM = /(?<![A-Za-z0-9+/])LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}={0,2}/g;

/**
 * A key written in base64: a PEM block encoded whole, or a key's DER without its armor (der-keys.ts). A private key is redacted
 * whole, however long (the entropy rule leaves runs of over 1,000 characters to embedded data); a public key's DER is claimed
 * with no reason, so that no later rule takes it for a secret (a certificate's or a public key's PEM in base64 is kept by the
 * entropy rule, and redacted as the data of a Kubernetes Secret, where it was put as one).
 */
export const ENCODED_KEY_RULE: RedactRule = {
  reason: 'private-key',
  find: (text) => {
    const hits: Hit[] = [];
    if (text.includes('LS0tLS1CRUdJTi')) {
      for (const m of text.matchAll(ENCODED_PEM)) {
        if (encodedPemKind(m[0]) === 'private') hits.push({ start: m.index, end: m.index + m[0].length, reason: 'private-key' });
      }
    }
    for (const m of text.matchAll(DER_BASE64)) {
      const kind = derKind(m[0]);
      if (kind) hits.push({ start: m.index, end: m.index + m[0].length, reason: kind === 'private' ? 'private-key' : '' });
    }
    return hits;
  },
};

/**
 * A Google OAuth client's secret passed after its client id, as a client's constructor takes them
 * (`new google.auth.OAuth2("<n>-<id>.apps.googleusercontent.com", "<secret>", redirect)`): a secret issued before the `GOCSPX-`
 * prefix is 24 letters, digits, `-` and `_`, named by nothing but its place.
 */
export const GOOGLE_CLIENT_SECRET_RULE: RedactRule = {
  reason: 'google-oauth',
  requires: '.apps.googleusercontent.com',
  pattern: /(?<pre>\.apps\.googleusercontent\.com(["'`])[ \t]{0,8},\s{0,40}?(["'`]))(?<secret>[A-Za-z0-9_-]{24})(?=\3)/g,
  accept: (s) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s) && !isNotSecret(s) && !isWordy(s.replace(/\d+/g, '')),
};

/**
 * A secret access key right after its key id, as a credentials file's CSV row, a pasted pair or two lines give them
 * (`AKIA…,<40>`, `AKIA…:<40>`; Google Cloud Storage's HMAC key `GOOG1…` and its secret alike): the secret, however it reads.
 * (Not a commit's 40 hex digits, nor AWS's documented example.)
 */
function accessKeyPairRule(reason: string, id: string): RedactRule {
  const ids = new RegExp(String.raw`(?<![A-Za-z0-9])${id}`, 'g');
  // (On the key id's line or the next: the lines around an anchor would leave the next one out.)
  const secretAfter = /["']?[ \t]*[:,;|=]?[ \t]*(?:\r?\n[ \t]*)?["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/y;
  const accept = (s: string) => !/^(?:[0-9a-f]{40}|[0-9A-F]{40})$/.test(s) && /[A-Za-z]/.test(s) && /\d/.test(s) && !isNotSecret(s);
  return {
    reason,
    find(text) {
      const hits: Hit[] = [];
      ids.lastIndex = 0;
      for (let m = ids.exec(text); m; m = ids.exec(text)) {
        secretAfter.lastIndex = m.index + m[0].length;
        const secret = secretAfter.exec(text)?.[1];
        if (secret !== undefined && accept(secret)) hits.push({ start: secretAfter.lastIndex - secret.length, end: secretAfter.lastIndex, reason });
      }
      return hits;
    },
  };
}
export const ACCESS_KEY_PAIR_RULES: RedactRule[] = [accessKeyPairRule('aws-key', 'A[KS]IA[A-Z0-9]{16}'), accessKeyPairRule('gcs-hmac-key', 'GOOG1[A-Z0-9]{20,60}')];

/** The base64 lines of a PuTTY key file after `Public-Lines: <n>` or `Private-Lines: <n>`. */
const PUTTY_LINES = /\b(Public|Private)-Lines:[ \t]*\d{1,3}[ \t]*\r?\n([A-Za-z0-9+/=]{4,}(?=\r?\n|$)(?:\r?\n[A-Za-z0-9+/=]{4,}(?=\r?\n|$)){0,99})/g;

/**
 * A PuTTY key file (`PuTTY-User-Key-File-3: ssh-ed25519`): the lines after `Private-Lines: <n>` hold the private key, encrypted
 * or not; those after `Public-Lines: <n>` the public key, claimed with no reason.
 */
export const PUTTY_KEY_RULE: RedactRule = {
  reason: 'private-key',
  requires: '-Lines:',
  find: (text) => [...text.matchAll(PUTTY_LINES)].map((m) => {
    const start = m.index + m[0].length - m[2]!.length;
    return { start, end: start + m[2]!.length, reason: m[1] === 'Private' ? 'private-key' : '' };
  }),
};

/**
 * ThingsBoard's device API carries the device's access token as a path
 * segment (`/api/v1/<token>/telemetry`, `…/attributes`, `…/rpc`): the one
 * place where a URL's path holds a credential, named by the segment after it.
 */
export const DEVICE_TOKEN_PATH_RULE: RedactRule = {
  reason: 'thingsboard-token',
  near: /\/api\/v1\//g,
  pattern: /(?<pre>\/api\/v1\/)(?<secret>[A-Za-z0-9]{20})(?=\/(?:telemetry|attributes|rpc|claim|firmware|software)(?![A-Za-z0-9_-]))/g,
  accept: (s) => /[A-Za-z]/.test(s) && /\d/.test(s) && !isNotSecret(s),
};

/**
 * An incoming webhook's token in its URL's path, on a server hosted anywhere (so no host to anchor on): Mattermost's
 * `/hooks/<26 letters and digits>`, Rocket.Chat's `/hooks/<id>/<token>`, Tines' `/webhook/<path>/<secret>`, Netlify's
 * `/build_hooks/<id>` (whoever has it starts a deploy). Each part is
 * generated (letters and digits mixed); a hook's name (`/hooks/pre-commit`) or number (`/repos/o/r/hooks/123456789`) is not.
 */
export const WEBHOOK_PATH_RULE: RedactRule = {
  reason: 'webhook-token',
  near: /\/(?:hooks|webhooks?|build_hooks)\//g,
  pattern: /(?<pre>\/(?:hooks|webhooks?|build_hooks)\/)(?<secret>[A-Za-z0-9]{17,100}(?:\/[A-Za-z0-9]{17,100})?)(?![A-Za-z0-9_.~-])/g,
  accept: (s) => s.split('/').every((part) => /[A-Za-z]/.test(part) && /\d/.test(part) && !isNotSecret(part)),
};

/**
 * A value stored encrypted, kept whole so that no later rule takes a part of it for a secret: Jasypt's and Spring's `ENC(…)`,
 * Spring Cloud Config's `{cipher}…`, hiera-eyaml's `ENC[PKCS7,…]`, SOPS' `ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]`, a Pulumi stack's `secure: v1:…:…`, Travis CI's `secure: "<base64 of an RSA ciphertext>"` (and Ansible Vault's, below). Only the key that
 * decrypts it is a secret.
 */
export const ENCRYPTED_VALUE_RULE: RedactRule = {
  reason: '',
  near: /ENC[([]|\{cipher\}|secure:/g,
  pattern: /(?<![A-Za-z0-9_])ENC(?:\([^()\s]{8,4000}\)|\[[A-Z][A-Z0-9_]*,[^[\]\s]{8,8000}\])|\{cipher\}[A-Za-z0-9+/=]{8,8000}(?![A-Za-z0-9+/=])|(?<=\bsecure:[ \t]{1,8})v1:[A-Za-z0-9+/=]{8,100}:[A-Za-z0-9+/=]{8,8000}(?![A-Za-z0-9+/=])|(?<=\bsecure:[ \t]{1,8}")[A-Za-z0-9+/]{300,1400}={0,2}(?=")/g,
};

/** Ansible Vault's ciphertext, kept whole as the values above: the lines of hex after `$ANSIBLE_VAULT;1.1;AES256` (inline after `!vault |` too). */
const ANSIBLE_VAULT_BODY = /\$ANSIBLE_VAULT;1\.[12];AES256(?:;[\w-]{1,100})?[ \t]*\r?\n((?:[ \t]*[0-9a-f]{2,200}[ \t]*(?:\r?\n|$))+)/gd;
export const ANSIBLE_VAULT_RULE: RedactRule = {
  reason: '',
  find: (text) => {
    if (!text.includes('$ANSIBLE_VAULT;')) return [];
    return [...text.matchAll(ANSIBLE_VAULT_BODY)].map((m) => ({ start: m.indices![1]![0], end: m.indices![1]![1], reason: '' }));
  },
};

/**
 * A SealedSecret's `encryptedData` (Bitnami's sealed-secrets): each value is sealed with the cluster's public key, made to be
 * committed; kept whole as the values above. (The entries indented under `encryptedData:`, 200 at most, in a text that names
 * `kind: SealedSecret`.)
 */
/** The rest of the `encryptedData:` line: blanks only. */
const SEALED_OPEN_END = /[ \t]*\r?(?=\n|$)/y;
const SEALED_ENTRY = /\r?\n([ \t]+)[\w.-]{1,253}:[ \t]+["']?(Ag[A-Za-z0-9+/=]{60,20000})["']?[ \t]*(?=\r?\n|$)/yd;
export const SEALED_SECRET_RULE: RedactRule = {
  reason: '',
  find: (text) => {
    const hits: Hit[] = [];
    // (Only in a SealedSecret, and only what the controller seals, base64 that starts `Ag`: another value there is judged.)
    if (!text.includes('SealedSecret')) return hits;
    for (let at = text.indexOf('encryptedData:'); at >= 0; at = text.indexOf('encryptedData:', at + 14)) {
      const lineStart = indentStart(text, at);
      SEALED_OPEN_END.lastIndex = at + 14;
      if (lineStart < 0 || !SEALED_OPEN_END.test(text)) continue;
      SEALED_ENTRY.lastIndex = SEALED_OPEN_END.lastIndex;
      for (let n = 0, m = SEALED_ENTRY.exec(text); m && n < 200 && m[1]!.length > at - lineStart; n++, m = SEALED_ENTRY.exec(text)) {
        const [start, end] = m.indices![2]!;
        hits.push({ start, end, reason: '' });
      }
    }
    return hits;
  },
};

/**
 * WordPress' keys and salts in `wp-config.php` (`define('AUTH_KEY', '…')`, `NONCE_SALT`, …), and in the `.env` file of a setup
 * that reads them from there (Bedrock's `AUTH_KEY='…'`): 64 printable characters, spaces and quotes' neighbours included, that no
 * `key = value` form reads whole. The file's own placeholder (`put your unique phrase here`) is kept.
 */
export const WORDPRESS_SALT_RULE: RedactRule = {
  reason: 'password',
  near: /define|_(?:KEY|SALT)=/g,
  pattern: /(?<pre>(?:\bdefine\([ \t]*(["'])(?:AUTH|SECURE_AUTH|LOGGED_IN|NONCE)_(?:KEY|SALT)\2[ \t]*,[ \t]*|^[ \t]*(?:export[ \t]+)?(?:AUTH|SECURE_AUTH|LOGGED_IN|NONCE)_(?:KEY|SALT)=)(["']))(?<secret>(?:(?!\3)[^\n]){16,200})(?=\3[ \t]*(?:\)|\r?$))/gm,
  // The value is the whole quoted string, so a `,` or `:` at its edge (one salt in fifteen has one) is its own, not a cut.
  accept: (s) => !isNotSecret(s.replace(/^[,;:]+|[,;:]+$/g, '')),
};

/** Where Vault's AppRole login is written: its path, the role id that goes with the secret id, or Vault's name. */
const APPROLE_CONTEXT = /approle|role[_-]id|\bvault|secret_id_accessor/i;
/**
 * `secret_id=<uuid>`, `"secret-id": "<uuid>"`, `VAULT_SECRET_ID: <uuid>`, `secret_id2 = '<uuid>'`: the key, then a UUID; or a
 * line of the table `vault write …/secret-id` prints (`secret_id             <uuid>`).
 */
const SECRET_ID_VALUE = /(?<![A-Za-z0-9])secret[_-]id\d{0,3}(?:["']?[ \t]*(?:=>|:=|=|:)[ \t]*["']?|(?<=^[ \t]{0,8}secret_id)[ \t]+)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9A-Za-z-])/gim;
/** How far from the secret id its AppRole context may stand (a call written over a few lines). */
const APPROLE_REACH = 400;

/**
 * HashiCorp Vault's AppRole secret id: a UUID, the password half of an AppRole login (`vault write auth/approle/login
 * role_id=… secret_id=…`). Elsewhere a `secret_id` names a stored secret (AWS, Bitwarden) by an id that is not itself
 * secret, so the UUID is taken only with Vault's AppRole written near it.
 */
export const VAULT_SECRET_ID_RULE: RedactRule = {
  reason: 'vault-secret-id',
  find: (text) => {
    const hits: Hit[] = [];
    for (const m of text.matchAll(SECRET_ID_VALUE)) {
      const around = text.slice(Math.max(0, m.index - APPROLE_REACH), m.index + m[0].length + APPROLE_REACH);
      if (!APPROLE_CONTEXT.test(around)) continue;
      const start = m.index + m[0].length - m[1]!.length;
      hits.push({ start, end: start + m[1]!.length, reason: 'vault-secret-id' });
    }
    return hits;
  },
};

/**
 * A Consul ACL token's secret: `SecretID: <uuid>` as `consul acl token` prints it, `"SecretID": "<uuid>"` as its API returns
 * it, and Nomad's, `Secret ID    = <uuid>` as `nomad acl bootstrap` prints it (the accessor's id beside it is public). Consul's own spelling, which AWS's `SecretId` and Bitwarden's `secretId`, ids of
 * stored secrets, do not share.
 */
export const CONSUL_SECRET_ID_RULE: RedactRule = {
  reason: 'consul-token',
  near: /Secret ?ID/g,
  pattern: /(?<pre>(?<![A-Za-z0-9_])Secret ?ID"?[ \t]*[:=][ \t]*"?)(?<secret>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9A-Za-z-])/g,
};

/**
 * The tokens of a Consul agent's configuration: each UUID in its `acl { tokens { … } }` block (`initial_management`, `agent`,
 * `default`, `replication`, …), in HCL (`agent = "<uuid>"`) or JSON (`"agent": "<uuid>"`), on one line or several.
 */
const CONSUL_TOKENS_OPEN = /(?<![\w-])"?tokens"?[ \t]*(?::|=)?[ \t]*\{/g;
const CONSUL_TOKENS_ENTRY = /\s*"?(?:initial_management|master|agent|agent_recovery|agent_master|default|replication|dns|config_file_service_registration)"?[ \t]*[:=][ \t]*"(?<v>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"[ \t]*,?/yd;
export const CONSUL_TOKENS_RULE: RedactRule = {
  reason: 'consul-token',
  find: (text) => (text.includes('tokens') ? findBlockValues(text, CONSUL_TOKENS_OPEN, CONSUL_TOKENS_ENTRY, 50, () => true, 'consul-token') : []),
};

/**
 * A line of an environment file, `NAME=value`, `export NAME="value"`, commented out or not, or of a YAML map, `name: value`: the
 * value alone up to the line's end, or to a comment after a blank (`NAME=value  # prod`, as dotenv and YAML read one).
 */
const ENV_LINE = /([ \t]*(?:#+[ \t]*)?(?:export[ \t]+)?([A-Za-z][A-Za-z0-9_]{1,60}|[A-Za-z][A-Za-z0-9_.-]{1,60}(?=:))(?:=|:[ \t]+)(["']?))([A-Za-z0-9_-]{16,64}|[A-Za-z0-9+/]{16,86}={0,2})\3(?:[ \t]+#[^\n]*|[ \t]*\r?)(?=\n|$)/y;
/** Where a name ends: `=`, or `:` before a blank. */
const NAME_END = /=|:[ \t]/g;
/** A name that says its value is an id, a digest or a build's label (`BUILD_ID`, `GIT_COMMIT`, `APP_VERSION`), not a credential. */
const LABEL_NAME = /(?:^|[_-])(?:commit|sha|rev(?:ision)?|version|build|release|tag|hash|digest|checksum|fingerprint)$/i;
/** A field of a Debian package's record (`Package: libkf5akonadicore5abi2`, `Provides: …`), as `apt-cache show` and `dpkg -s` print them: a package's name. */
const PACKAGE_FIELD = /^(?:Package|Source|Provides|Depends|Pre-Depends|Recommends|Suggests|Replaces|Breaks|Conflicts|Enhances|Built-Using)$/;
/** A license's identifier as SPDX and Debian's copyright files write one: `BSD-2-clause-NetBSD`, `GPL-2.0-or-later`, `CC-BY-SA-4.0`. */
const LICENSE_ID = /^(?:BSD|GPL|LGPL|AGPL|MIT|Apache|MPL|CC|CDDL|EPL|EUPL|ISC|Artistic|Zlib|OFL|BSL|PSF|Unicode|Expat|OpenSSL)(?:[-.][A-Za-z0-9]+)+\+?$/;
/** A CA bundle's comment on a certificate, `# Serial: 33af1e…`: its serial number in hex. (Not a product's serial, `SERIAL=…`: a licence.) */
const isSerialOf = (pre: string, value: string) => CA_BUNDLE_SERIAL.test(pre) && /^[0-9A-Fa-f]+$/.test(value);
/** … in camelCase (`issuerKeyHash`, `buildVersion`). */
const CAMEL_LABEL_NAME = /[a-z0-9](?:Commit|Sha|Rev|Revision|Version|Build|Release|Tag|Hash|Digest|Checksum|Fingerprint)$/;

/** Words in camelCase or capitals (`analyzeMetafile`, `QReportFinal`): what a name or a title is once its numbers and separators are taken out. */
const CASED_WORDS = /^(?:[A-Z](?=[A-Z]|$)|[A-Z]?[a-z]{3,}(?![a-z]))+$/;

/** Letters alone that read as random with no key to name them a secret: they turn case as random ones do, and their parts are no words. */
const isUnnamedRandomLetters = (value: string) => isRandomLetters(value) && hasRandomParts(value);

/**
 * Generated, by its letters alone: both cases and a digit, ten different characters at least, or random letters; or one case of
 * letters and digits only (`l8dsz97oo5zeergzqx722t…`, a hex key), 20 characters at least, three digits and six letters among them,
 * twelve different characters (nine in hex), not 40 hex (a commit's id).
 */
function isGenerated(value: string): boolean {
  // (Not words and numbers, `analyzeMetafile2`, an object's member given its function, or `Q3Report2024Final`, a title.)
  // (Letters alone too when they turn case as random letters do, `yclebUbRspUGqYhy`: sixteen random letters and digits hold no digit
  // one time in sixteen.)
  if (/[a-z]/.test(value) && /[A-Z]/.test(value)) return (/\d/.test(value) && new Set(value).size >= 10 && !CASED_WORDS.test(value.replace(/[\d_-]+/g, ''))) || isUnnamedRandomLetters(value);
  // (Nor letters then a number, as a user's name is written: `phamquanganh31101998`.)
  if (value.length < 20 || !/^(?:[a-z0-9]+|[A-Z0-9]+)$/.test(value) || (value.length === 40 && /^[0-9a-fA-F]+$/.test(value)) || /^[a-z]+\d+$/i.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  // (Hex draws from 16 characters only: 20 random ones hold 11 different on average.)
  return digits >= 3 && value.length - digits >= 6 && new Set(value).size >= (/^[0-9a-fA-F]+$/.test(value) ? 9 : 12);
}

/**
 * What follows a name's `=` or `:` at `from`: blanks, a quote, 16 to 64 of a value's characters, a quote, blanks, the line's end
 * or a comment after a blank.
 */
function valueEndsLine(text: string, from: number): boolean {
  let at = from;
  while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
  if (text.charCodeAt(at) === 34 || text.charCodeAt(at) === 39) at++;
  const start = at;
  while (at - start <= 64 && isValueCode(text.charCodeAt(at))) at++;
  const next = text.charCodeAt(at);
  if (next === 43 || next === 47 || next === 61) {
    // Base64 with its padding, which may hold `+` and `/` (`wA9LYmQl…/ds+==`, a salt of 16 bytes): 16 characters before the padding,
    // as without it (`ZGF0YS12YWx1ZTE=` is a word of eleven letters encoded).
    while (at - start <= 88 && (isValueCode(text.charCodeAt(at)) || text.charCodeAt(at) === 43 || text.charCodeAt(at) === 47)) at++;
    const body = at - start;
    while (text.charCodeAt(at) === 61 && at - start <= 88) at++;
    // (Unpadded too when it is whole groups of four, both cases and a digit, and no path of words: `openssl rand -base64 24`'s
    // 32 characters, `OxaL3F9adV+xEeMC`.)
    if (body < 16 || at - start > 88 || (at === start + body && !isUnpaddedBase64(text.slice(start, at)))) return false;
  } else if (at - start < 16 || at - start > 64) return false;
  if (text.charCodeAt(at) === 34 || text.charCodeAt(at) === 39) at++;
  const end = at;
  while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9 || text.charCodeAt(at) === 13) at++;
  return at >= text.length || text.charCodeAt(at) === 10 || (text.charCodeAt(at) === 35 && at > end && text.charCodeAt(at - 1) !== 13);
}
/**
 * Base64 without its padding: whole groups of four, both cases and a digit (or letters that turn case as random ones do), a `+` or
 * a `/`, and no folder of words (`usr/lib/…`).
 */
const isUnpaddedBase64 = (v: string) =>
  v.length % 4 === 0 && /^[A-Za-z0-9+/]+$/.test(v) && /[+/]/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) && (/\d/.test(v) || isUnnamedRandomLetters(v)) && !(v.includes('/') && v.split('/').some((part) => /^(?:[A-Za-z][a-z]{2,}|[A-Z]{2,5})\d*$/.test(part)));
/** `[A-Za-z0-9_-]` by code. */
const isValueCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;

/**
 * A generated token as an environment file's value, whatever its name: many services name their key after the service alone
 * (`GENIUS=2UW4EG0Ml0wCWnwbMXpL…`, `IFTTT=BKrT2666jEnUtrV…`), and the keyword rule knows only the words for a secret. Shorter than
 * the entropy rule's 32 characters, so the value must read as generated: both cases and a digit, no word, no typed sequence; and
 * its name must not call it an id, a digest or a version.
 */
export function findEnvTokens(text: string): Hit[] {
  const hits: Hit[] = [];
  // Each `=` or `: `: first what follows it, a value's characters up to the line's end (most are code's or prose's, and fail
  // at their first blank), then its line's start, looked for within the length a name may have.
  NAME_END.lastIndex = 0;
  for (let found = NAME_END.exec(text); found; found = NAME_END.exec(text)) {
    const eq = found.index;
    NAME_END.lastIndex = eq + 1;
    if (!valueEndsLine(text, eq + 1)) continue;
    let lineStart = eq;
    while (lineStart > 0 && eq - lineStart <= 80 && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
    if (eq - lineStart > 80 || eq - lineStart < 2) continue;
    ENV_LINE.lastIndex = lineStart;
    const m = ENV_LINE.exec(text);
    if (!m) continue;
    const [, pre, name, , value] = m as unknown as [string, string, string, string, string];
    if (!isGenerated(value)) continue;
    if (isWordy(value) || isPredictable(value) || isNotSecret(value) || LICENSE_ID.test(value) || LABEL_NAME.test(name) || CAMEL_LABEL_NAME.test(name) || PUBLIC_KEY_NAME.test(name) || PACKAGE_FIELD.test(name)) continue;
    if (isSerialOf(pre, value)) continue;
    const start = m.index + pre.length;
    if (isNamedNonSecret(value, text.slice(Math.max(0, start - 60), start), text.slice(start + value.length, start + value.length + 3))) continue;
    hits.push({ start, end: start + value.length, reason: 'high-entropy' });
  }
  // The same name in capitals, an environment variable's, given its value in another syntax: a JSON or object member
  // (`"IFTTT": "…"`, `IFTTT: '…'`), an assignment within a line (`docker run -e IFTTT=…`, `IFTTT = "…";`), a name and a value
  // as a container's definition pairs them (`{"name": "IFTTT", "value": "…"}`).
  // (A line's value already taken above is not judged again.)
  const taken = new Set(hits.map((h) => h.start));
  CAPITAL_NAME_VALUE.lastIndex = 0;
  for (let m = CAPITAL_NAME_VALUE.exec(text); m; m = CAPITAL_NAME_VALUE.exec(text)) {
    const { name, close, quoted, bare, paired } = m.groups as Record<string, string | undefined>;
    // (A name that ends in a quote starts with the same one: `"IFTTT": …`; a paired one is a `name` member's value.)
    if (close && text[m.index - 1] !== close) continue;
    if (paired !== undefined && !(close && /name["']?[ \t]*[:=][ \t]*["']$/.test(text.slice(Math.max(0, m.index - 16), m.index)))) continue;
    const value = (quoted ?? bare ?? paired)!;
    const start = m.index + m[0].length - value.length - (bare === undefined ? 1 : 0);
    if (taken.has(start) || !isGenerated(value) || isWordy(value) || isEncodedText(value) || isPredictable(value) || isNotSecret(value) || LABEL_NAME.test(name!) || PUBLIC_KEY_NAME.test(name!)) continue;
    if (isNamedNonSecret(value, text.slice(Math.max(0, start - 60), start), text.slice(start + value.length, start + value.length + 3))) continue;
    hits.push({ start, end: start + value.length, reason: 'high-entropy' });
  }
  return hits;
}

/**
 * A name in capitals (three characters or more), quoted or not, then `=` or `:` and a quoted value; or `=` and a bare value
 * that ends at a blank, `;`, `&`, a quote (where a string that holds the line ends) or the line's end, as a shell writes one
 * (a bare value after `:` is code's: a type, a name); or, quoted, then a `value` member and its quoted value.
 */
const CAPITAL_VALUE = '[A-Za-z0-9_-]{16,64}';
const CAPITAL_NAME_VALUE = new RegExp(
  `(?<![A-Za-z0-9_$.-])(?<name>[A-Z][A-Z0-9_]{1,60}[A-Z0-9])(?<close>["']?)(?:[ \\t]*[=:][ \\t]*(?<q>["'\`])(?<quoted>${CAPITAL_VALUE})\\k<q>` +
    `|=(?<bare>${CAPITAL_VALUE})(?=[ \\t;&"'\\r\\n]|$)|[ \\t]*,[ \\t]*["']?value["']?[ \\t]*[=:][ \\t]*(?<pq>["'])(?<paired>${CAPITAL_VALUE})\\k<pq>)`,
  'g',
);
