import { createHmac, randomBytes } from 'node:crypto';

/** Prefix of a Standard Webhooks signing secret: `whsec_` + base64 of the key bytes. */
const SECRET_PREFIX = 'whsec_';
/** Key bytes of a new secret (Standard Webhooks: 24 to 64). */
const SECRET_BYTES = 32;

/** A new signing secret, `whsec_` + base64 of 32 random bytes: shown once, at creation. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

export interface SignedHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers of one delivery attempt (standardwebhooks.com, "Signature
 * scheme"): `webhook-signature` is `v1,` + base64(HMAC-SHA256(key, "<id>.<timestamp>.<body>")),
 * the key being the base64-decoded part after `whsec_`, the timestamp integer seconds of the
 * attempt. Written here with node:crypto (three lines); the tests verify it with the maintained
 * `standardwebhooks` package, as a receiver would.
 */
export function signWebhook(message: {
  readonly secret: string;
  readonly id: string;
  readonly timestamp: Date;
  readonly body: string;
}): SignedHeaders {
  if (!message.secret.startsWith(SECRET_PREFIX)) throw new Error('not a whsec_ signing secret');
  const key = Buffer.from(message.secret.slice(SECRET_PREFIX.length), 'base64');
  const seconds = String(Math.floor(message.timestamp.getTime() / 1000));
  const signature = createHmac('sha256', key)
    .update(`${message.id}.${seconds}.${message.body}`, 'utf8')
    .digest('base64');
  return {
    'webhook-id': message.id,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${signature}`,
  };
}
