/**
 * Keys written as the base64 of their DER encoding without a PEM armor
 * (`MIIEvQIBADAN…`, `MHcCAQEEI…`, `MFkwEwYHKoZIzj0C…`), as code and
 * configuration keep them in one string. What the first elements of the
 * structure are says which it is: a private key (PKCS #1, PKCS #8 and its
 * encrypted form, SEC 1, a PKCS #12 bundle) is a secret however long it is; a public key
 * (SubjectPublicKeyInfo), a certificate or a certificate request is public.
 */

export type DerKind = 'private' | 'public';

/**
 * A PEM block encoded in base64 whole (`LS0tLS1CRUdJTi…`, as a kubeconfig or a Kubernetes Secret keeps one): private when it holds
 * a private key anywhere (a certificate and its key encoded together), public when it holds only a certificate or a public key.
 */
export function encodedPemKind(base64: string): DerKind | null {
  if (!base64.startsWith('LS0tLS1CRUdJTi')) return null;
  const pem = Buffer.from(base64, 'base64').toString('latin1');
  if (/^-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY/m.test(pem)) return 'private';
  return /^-----BEGIN (?:[A-Z0-9]+ )*(?:PUBLIC KEY|CERTIFICATE)-----/.test(pem) ? 'public' : null;
}

/** The base64 a DER structure starts as: `0x30` (a SEQUENCE) and a length up to three bytes is `M` and `A`–`I`. */
export const DER_BASE64 = /(?<![A-Za-z0-9+/])M[A-I][A-Za-z0-9+/]{38,}={0,2}(?![A-Za-z0-9+/=])/g;

/** How much of a run is decoded: the first elements of any key's structure lie in its first 150 bytes. */
const HEAD = 200;

interface Element {
  tag: number;
  /** Where its contents start. */
  body: number;
  /** Where it ends (past the decoded bytes when the structure goes on beyond them). */
  end: number;
}

/** The element at `at`: its tag and the extent its length gives (definite lengths of up to three bytes); null when malformed. */
function elementAt(bytes: Uint8Array, at: number): Element | null {
  if (at + 2 > bytes.length) return null;
  const tag = bytes[at]!;
  let length = bytes[at + 1]!;
  let body = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count < 1 || count > 3 || body + count > bytes.length) return null;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[body + i]!;
    body += count;
  }
  return { tag, body, end: body + length };
}

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const OCTET_STRING = 0x04;
const BIT_STRING = 0x03;
const OID = 0x06;

/** What the base64 run `b64` encodes: a private key, a public one, or neither (null). */
export function derKind(b64: string): DerKind | null {
  const bytes = Buffer.from(b64.slice(0, HEAD), 'base64');
  const outer = elementAt(bytes, 0);
  if (!outer || outer.tag !== SEQUENCE) return null;
  const first = elementAt(bytes, outer.body);
  if (!first) return null;
  const second = elementAt(bytes, first.end);
  // RSAPublicKey: the modulus (64 bytes and more), then the exponent.
  if (first.tag === INTEGER && first.end - first.body >= 64) return 'public';
  if (first.tag === INTEGER && first.end - first.body === 1) {
    const version = bytes[first.body];
    if (!second) return null;
    // RSAPrivateKey and DSA's (version 0, then the modulus or p); PrivateKeyInfo (version 0 or 1, the algorithm, the key in an OCTET STRING).
    if (version === 0 && second.tag === INTEGER) return 'private';
    if ((version === 0 || version === 1) && second.tag === SEQUENCE && bytes[second.body] === OID && elementAt(bytes, second.end)?.tag === OCTET_STRING) return 'private';
    // ECPrivateKey (version 1, then the key in an OCTET STRING).
    if (version === 1 && second.tag === OCTET_STRING) return 'private';
    // PKCS #12 (a .pfx or .p12 file: version 3, then its content, opened by its type's OID): a key and its certificates, the key's
    // password on the same page as often as not.
    if (version === 3 && second.tag === SEQUENCE && bytes[second.body] === OID) return 'private';
    return null;
  }
  if (first.tag !== SEQUENCE) return null;
  // SubjectPublicKeyInfo: the algorithm, then the key in a BIT STRING. EncryptedPrivateKeyInfo: the algorithm, then an OCTET STRING.
  if (bytes[first.body] === OID && second?.tag === BIT_STRING) return 'public';
  if (bytes[first.body] === OID && second?.tag === OCTET_STRING) return 'private';
  // A certificate (its TBSCertificate opens with the version, [0], or the serial number) or a request (its info opens with version 0).
  if (bytes[first.body] === 0xa0 || bytes[first.body] === INTEGER) return 'public';
  return null;
}
