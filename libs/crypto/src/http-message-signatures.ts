import { createPublicKey, sign, verify } from 'node:crypto';
import { contentDigest, contentDigestMatches } from './content-digest';
import { type EcPrivateJwk, privateKeyObject } from './signing-keys';
import {
  type SfInnerList,
  type SfMember,
  isInnerList,
  parseSfDictionary,
  serializeSfInnerList,
  serializeSfString,
} from './structured-fields';

/*
 * RFC 9421 HTTP Message Signatures as UCP 2026-04-08 uses them (signatures.md): ECDSA P-256
 * (`ES256`, raw r||s, not DER), keys as JWKs found by `keyid` = the JWK's `kid`, no `alg`
 * parameter in Signature-Input (the algorithm comes from the key's `kty`/`crv`), label `sig1`,
 * `created` included (optional in UCP, recommended by RFC 9421), body bound by an RFC 9530
 * `Content-Digest` over the raw bytes.
 *
 * The signature base (RFC 9421 §2.5) is built here rather than with the npm package
 * `http-message-signatures` (1.0.6, evaluated): its signing is right for this subset, but its
 * verifyMessage answers for the last signature it looked at (an unknown keyid gives null, an
 * earlier success can be lost to a later failure), reports nothing that maps onto UCP's codes
 * (signature_missing / signature_invalid / key_not_found / digest_mismatch /
 * algorithm_unsupported), does not check Content-Digest, and has no way to require the
 * request-dependent set of covered components UCP does (@query only with a query, the body
 * fields only with a body, each of UCP-Agent / Idempotency-Key / Webhook-Id / Webhook-Timestamp
 * when sent). Wrapping it would have meant re-parsing Signature-Input anyway. The subset UCP
 * needs (derived components @method @authority @path @query @status, plain header fields, no
 * component parameters) is short, and RFC 9421 Appendix B.2.4 checks it (the spec beside this).
 */

/** The label UCP's examples use; one signature per message. */
export const UCP_SIGNATURE_LABEL = 'sig1';

/**
 * Headers that, when a request carries them, UCP requires the signature to cover (signatures.md
 * "REST Request Signing": `ucp-agent`, `idempotency-key`), plus the Standard Webhooks headers a
 * webhook delivery carries, so the delivery id and timestamp cannot be replaced or replayed with
 * another value under the same signature. A webhook is therefore signed over
 * `@method @authority @path [@query] ucp-agent webhook-id webhook-timestamp content-digest content-type`.
 */
export const UCP_COVERED_HEADERS = [
  'ucp-agent',
  'idempotency-key',
  'webhook-id',
  'webhook-timestamp',
] as const;

/** UCP's verification failures (signatures.md "Error Handling"); HTTP 401 for the first three, 400 else. */
export const HttpSignatureErrorCode = {
  SIGNATURE_MISSING: 'signature_missing',
  SIGNATURE_INVALID: 'signature_invalid',
  KEY_NOT_FOUND: 'key_not_found',
  DIGEST_MISMATCH: 'digest_mismatch',
  ALGORITHM_UNSUPPORTED: 'algorithm_unsupported',
} as const;
export type HttpSignatureErrorCode = (typeof HttpSignatureErrorCode)[keyof typeof HttpSignatureErrorCode];

/** Header fields by name, any case; a field sent on several lines as an array. */
export type HttpHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A JWK from a signer's profile (untrusted input: anything may be missing or of another type). */
export interface VerificationJwk {
  readonly kid?: unknown;
  readonly kty?: unknown;
  readonly crv?: unknown;
  readonly x?: unknown;
  readonly y?: unknown;
}

/** The headers to add to a signed message. */
export interface SignatureHeaders {
  readonly 'signature-input': string;
  readonly signature: string;
  /** Present when the message has a body. */
  readonly 'content-digest'?: string;
}

export interface SignRequestInput {
  readonly method: string;
  /** The absolute URL the request is sent to (@authority, @path, @query come from it). */
  readonly url: string;
  /** The headers that will be sent (Content-Type, UCP-Agent, Webhook-Id, …). */
  readonly headers: HttpHeaders;
  /** The exact bytes that will be sent. */
  readonly body?: string | Uint8Array;
  readonly key: EcPrivateJwk;
  /** Default: ucpRequestComponents() for this request. */
  readonly components?: readonly string[];
  /** Unix seconds; default now; null leaves `created` out. */
  readonly created?: number | null;
  readonly label?: string;
}

export interface SignResponseInput {
  readonly status: number;
  readonly headers: HttpHeaders;
  readonly body?: string | Uint8Array;
  readonly key: EcPrivateJwk;
  readonly components?: readonly string[];
  readonly created?: number | null;
  readonly label?: string;
}

export interface VerifyRequestInput {
  readonly method: string;
  /** The absolute URL as received (scheme, Host, path and query). */
  readonly url: string;
  readonly headers: HttpHeaders;
  /** The raw body bytes as received. */
  readonly body?: string | Uint8Array;
  /** The signer's published keys (`signing_keys` of its profile). */
  readonly keys: readonly VerificationJwk[];
  /** Verify only this label; default: any signature in the message may authenticate it. */
  readonly label?: string;
}

export interface VerifyResponseInput {
  readonly status: number;
  readonly headers: HttpHeaders;
  readonly body?: string | Uint8Array;
  readonly keys: readonly VerificationJwk[];
  readonly label?: string;
}

export type VerifyResult =
  | {
      readonly ok: true;
      readonly label: string;
      readonly keyid: string;
      readonly components: readonly string[];
      readonly created?: number;
    }
  | { readonly ok: false; readonly code: HttpSignatureErrorCode; readonly message: string };

interface Message {
  readonly method?: string;
  readonly url?: URL;
  readonly status?: number;
  readonly headers: HttpHeaders;
}

function hasBody(body: string | Uint8Array | undefined): body is string | Uint8Array {
  return body !== undefined && (typeof body === 'string' ? body.length > 0 : body.byteLength > 0);
}

function headerValue(headers: HttpHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value) values.push(v);
  }
  if (values.length === 0) return undefined;
  // RFC 9421 §2.1: trim each value, replace obs-fold with a space, join several with ", ".
  return values.map((v) => v.trim().replace(/\r?\n[ \t]+/g, ' ')).join(', ');
}

/**
 * The components UCP requires a request signature to cover (signatures.md, "REST Request
 * Signing"), in the order of its examples: `@method @authority @path`, `@query` when the URL has
 * one, each header of UCP_COVERED_HEADERS the request carries, `content-digest content-type` when
 * there is a body.
 */
export function ucpRequestComponents(request: {
  readonly url: string;
  readonly headers: HttpHeaders;
  readonly body?: string | Uint8Array;
}): string[] {
  const components = ['@method', '@authority', '@path'];
  if (new URL(request.url).search !== '') components.push('@query');
  for (const name of UCP_COVERED_HEADERS)
    if (headerValue(request.headers, name) !== undefined) components.push(name);
  if (hasBody(request.body)) components.push('content-digest', 'content-type');
  return components;
}

/** UCP's response components: `@status`, and `content-digest content-type` when there is a body. */
export function ucpResponseComponents(response: { readonly body?: string | Uint8Array }): string[] {
  return hasBody(response.body) ? ['@status', 'content-digest', 'content-type'] : ['@status'];
}

function componentValue(message: Message, name: string): string {
  switch (name) {
    case '@method':
      if (message.method === undefined) throw new Error('@method is not a response component');
      return message.method;
    case '@authority':
      if (!message.url) throw new Error('@authority is not a response component');
      return message.url.host; // lower case, default port left out (RFC 9421 §2.2.3)
    case '@path':
      if (!message.url) throw new Error('@path is not a response component');
      return message.url.pathname === '' ? '/' : message.url.pathname;
    case '@query':
      if (!message.url) throw new Error('@query is not a response component');
      return message.url.search === '' ? '?' : message.url.search; // §2.2.7: an absent query is "?"
    case '@status':
      if (message.status === undefined) throw new Error('@status is only a response component');
      return String(message.status);
    default: {
      if (name.startsWith('@')) throw new Error(`unsupported derived component ${name}`);
      if (name !== name.toLowerCase()) throw new Error(`component names are lower case: ${name}`);
      const value = headerValue(message.headers, name);
      if (value === undefined) throw new Error(`the covered field ${name} is not in the message`);
      return value;
    }
  }
}

/**
 * The RFC 9421 §2.5 signature base: one `"<component>": <value>` line per covered component, then
 * `"@signature-params": <the Signature-Input member>`. Throws when a covered component is missing.
 */
export function signatureBase(
  message: Message,
  components: readonly string[],
  signatureParams: string,
): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const name of components) {
    if (seen.has(name)) throw new Error(`component ${name} is covered twice`);
    seen.add(name);
    const value = componentValue(message, name);
    if (/[\r\n]/.test(value)) throw new Error(`component ${name} has a line break`);
    lines.push(`${serializeSfString(name)}: ${value}`);
  }
  lines.push(`"@signature-params": ${signatureParams}`);
  return lines.join('\n');
}

function signatureParamsOf(
  components: readonly string[],
  created: number | undefined,
  keyid: string,
): string {
  const params = new Map<string, string | number>();
  if (created !== undefined) params.set('created', created);
  params.set('keyid', keyid);
  return serializeSfInnerList({ items: components.map((value) => ({ value, params: new Map() })), params });
}

function signMessage(
  message: Message,
  body: string | Uint8Array | undefined,
  components: readonly string[],
  key: EcPrivateJwk,
  created: number | null | undefined,
  label: string,
): SignatureHeaders {
  if (key.kty !== 'EC' || key.crv !== 'P-256') throw new Error('UCP signing keys here are ES256 (EC P-256)');
  const digest = hasBody(body) ? contentDigest(body) : undefined;
  const headers: HttpHeaders =
    digest === undefined
      ? message.headers
      : {
          ...Object.fromEntries(
            Object.entries(message.headers).filter(([n]) => n.toLowerCase() !== 'content-digest'),
          ),
          'content-digest': digest,
        };
  const when = created === null ? undefined : (created ?? Math.floor(Date.now() / 1000));
  const params = signatureParamsOf(components, when, key.kid);
  const base = signatureBase({ ...message, headers }, components, params);
  const signature = sign('sha256', Buffer.from(base, 'utf8'), {
    key: privateKeyObject(key),
    dsaEncoding: 'ieee-p1363',
  });
  return {
    'signature-input': `${label}=${params}`,
    signature: `${label}=:${signature.toString('base64')}:`,
    ...(digest === undefined ? {} : { 'content-digest': digest }),
  };
}

/**
 * Signs a request (a webhook delivery, or a call of ours to a UCP business): returns
 * `Signature-Input`, `Signature` and, with a body, `Content-Digest` to add to the request.
 */
export function signRequest(input: SignRequestInput): SignatureHeaders {
  const components = input.components ?? ucpRequestComponents(input);
  return signMessage(
    { method: input.method.toUpperCase(), url: new URL(input.url), headers: input.headers },
    input.body,
    components,
    input.key,
    input.created,
    input.label ?? UCP_SIGNATURE_LABEL,
  );
}

/** Signs a response (UCP recommends it for checkout completion): `@status`, and the body fields. */
export function signResponse(input: SignResponseInput): SignatureHeaders {
  return signMessage(
    { status: input.status, headers: input.headers },
    input.body,
    input.components ?? ucpResponseComponents(input),
    input.key,
    input.created,
    input.label ?? UCP_SIGNATURE_LABEL,
  );
}

const CURVES: Readonly<Record<string, { hash: string; bytes: number }>> = {
  'P-256': { hash: 'sha256', bytes: 64 },
  'P-384': { hash: 'sha384', bytes: 96 },
};
const ALG_OF_CURVE: Readonly<Record<string, string>> = {
  'P-256': 'ecdsa-p256-sha256',
  'P-384': 'ecdsa-p384-sha384',
};

function fail(code: HttpSignatureErrorCode, message: string): VerifyResult {
  return { ok: false, code, message };
}

/**
 * Verifies a request signed per UCP against the signer's published keys: any one signature that
 * verifies authenticates the request (RFC 9421 §4.3); when none does, the first one's failure is
 * the answer. Checks, in UCP's order: the key (`key_not_found`, `algorithm_unsupported`), that
 * every component UCP requires for this request is covered, the Content-Digest against the body
 * (`digest_mismatch`), then the ECDSA signature over the rebuilt base (`signature_invalid`).
 */
export function verifyRequest(input: VerifyRequestInput): VerifyResult {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return fail(HttpSignatureErrorCode.SIGNATURE_INVALID, 'the request URL is not absolute');
  }
  return verifyMessage(
    { method: input.method, url, headers: input.headers },
    input.body,
    ucpRequestComponents({ url: input.url, headers: input.headers, body: input.body }),
    input.keys,
    input.label,
  );
}

/** Verifies a signed response (or an RFC 9421 example response) the same way. */
export function verifyResponse(input: VerifyResponseInput): VerifyResult {
  return verifyMessage(
    { status: input.status, headers: input.headers },
    input.body,
    ucpResponseComponents(input),
    input.keys,
    input.label,
  );
}

function verifyMessage(
  message: Message,
  body: string | Uint8Array | undefined,
  required: readonly string[],
  keys: readonly VerificationJwk[],
  onlyLabel: string | undefined,
): VerifyResult {
  const inputHeader = headerValue(message.headers, 'signature-input');
  const signatureHeader = headerValue(message.headers, 'signature');
  if (inputHeader === undefined || signatureHeader === undefined) {
    return fail(HttpSignatureErrorCode.SIGNATURE_MISSING, 'Signature and Signature-Input are required');
  }
  let inputs: Map<string, SfMember>;
  let signatures: Map<string, SfMember>;
  try {
    inputs = parseSfDictionary(inputHeader);
    signatures = parseSfDictionary(signatureHeader);
  } catch (error) {
    return fail(HttpSignatureErrorCode.SIGNATURE_INVALID, (error as Error).message);
  }
  const labels = onlyLabel === undefined ? [...inputs.keys()] : [onlyLabel];
  if (labels.length === 0 || !labels.every((label) => inputs.has(label))) {
    return fail(HttpSignatureErrorCode.SIGNATURE_MISSING, `no signature ${onlyLabel ?? ''}`.trim());
  }
  let firstFailure: VerifyResult | undefined;
  for (const label of labels) {
    const result = verifyOne(
      label,
      inputs.get(label) as SfMember,
      signatures.get(label),
      message,
      body,
      required,
      keys,
    );
    if (result.ok) return result;
    firstFailure ??= result;
  }
  return firstFailure as VerifyResult;
}

function verifyOne(
  label: string,
  input: SfMember,
  signatureMember: SfMember | undefined,
  message: Message,
  body: string | Uint8Array | undefined,
  required: readonly string[],
  keys: readonly VerificationJwk[],
): VerifyResult {
  const invalid = (why: string) => fail(HttpSignatureErrorCode.SIGNATURE_INVALID, `${label}: ${why}`);
  if (!isInnerList(input)) return invalid('Signature-Input is not an inner list');
  if (
    signatureMember === undefined ||
    isInnerList(signatureMember) ||
    !(signatureMember.value instanceof Uint8Array)
  ) {
    return invalid('no matching Signature byte sequence');
  }
  const components: string[] = [];
  for (const item of input.items) {
    if (typeof item.value !== 'string') return invalid('a component is not a string');
    if (item.params.size > 0) return invalid(`component parameters are not supported (${item.value})`);
    components.push(item.value);
  }
  const keyid = input.params.get('keyid');
  if (typeof keyid !== 'string') return invalid('no keyid');
  const jwk = keys.find((k) => k.kid === keyid);
  if (!jwk) return fail(HttpSignatureErrorCode.KEY_NOT_FOUND, `${label}: no published key ${keyid}`);
  const curve = jwk.kty === 'EC' && typeof jwk.crv === 'string' ? CURVES[jwk.crv] : undefined;
  if (!curve)
    return fail(HttpSignatureErrorCode.ALGORITHM_UNSUPPORTED, `${label}: key ${keyid} is not ES256/ES384`);
  const alg = input.params.get('alg');
  if (alg !== undefined && alg !== ALG_OF_CURVE[jwk.crv as string]) {
    return fail(
      HttpSignatureErrorCode.ALGORITHM_UNSUPPORTED,
      `${label}: alg ${String(alg)} does not fit key ${keyid}`,
    );
  }
  const missing = required.filter((c) => !components.includes(c));
  if (missing.length > 0) return invalid(`the signature does not cover ${missing.join(', ')}`);
  if (
    components.includes('content-digest') &&
    !contentDigestMatches(headerValue(message.headers, 'content-digest'), body ?? '')
  ) {
    return fail(HttpSignatureErrorCode.DIGEST_MISMATCH, `${label}: Content-Digest does not match the body`);
  }
  let base: string;
  try {
    base = signatureBase(message, components, serializeSfInnerList(input as SfInnerList));
  } catch (error) {
    return invalid((error as Error).message);
  }
  const signature = Buffer.from(signatureMember.value);
  if (signature.length !== curve.bytes) return invalid(`the signature is not ${curve.bytes} raw r||s bytes`);
  let publicKey;
  try {
    publicKey = createPublicKey({
      key: { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y } as never,
      format: 'jwk',
    });
  } catch {
    return fail(
      HttpSignatureErrorCode.ALGORITHM_UNSUPPORTED,
      `${label}: key ${keyid} is not a usable EC key`,
    );
  }
  const valid = verify(
    curve.hash,
    Buffer.from(base, 'utf8'),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!valid) return invalid('the signature does not verify');
  const created = input.params.get('created');
  return {
    ok: true,
    label,
    keyid,
    components,
    ...(typeof created === 'number' ? { created } : {}),
  };
}
