import { createHmac, timingSafeEqual } from 'node:crypto';
import { Errors } from '@platform/errors';

/** The `details[].issue` of a pageToken this API did not issue for exactly this query. */
export const INVALID_PAGE_TOKEN = 'INVALID_PAGE_TOKEN';

/** Everything a page token is bound to: the same token on another query is refused. */
export interface LogQueryBinding {
  readonly appId: string;
  readonly variant: string;
  readonly since: Date;
  readonly source?: string;
  readonly level?: string;
  readonly pageSize: number;
}

/** Position after the last line of a page: the (at, id) keyset of the ascending order. */
export interface LogCursor {
  readonly at: Date;
  /** bigint, as a decimal string. */
  readonly id: string;
}

const KEY_LABEL = 'hosting-log-page-token';
const MAC_BYTES = 16;
const TOKEN = /^(\d{1,15})\.(\d{1,19})\.([A-Za-z0-9_-]{22})$/;

/**
 * Page tokens of GET …/logs: `<at epoch ms>.<id>.<mac>`, where mac is HMAC-SHA256 (first 128 bits,
 * base64url) under a key derived from SECRETS_ENCRYPTION_KEY with the label KEY_LABEL, over the
 * cursor and the whole query (app, variant, since, source, level, pageSize). A client cannot
 * forge a position nor carry a token over to another query or app.
 */
export class LogPageTokens {
  private readonly key: Buffer;

  constructor(secretsEncryptionKey: Buffer) {
    if (secretsEncryptionKey.length === 0) throw new Error('log page tokens need SECRETS_ENCRYPTION_KEY');
    this.key = createHmac('sha256', secretsEncryptionKey).update(KEY_LABEL).digest();
  }

  encode(binding: LogQueryBinding, cursor: LogCursor): string {
    const position = `${cursor.at.getTime()}.${cursor.id}`;
    return `${position}.${this.mac(binding, position).toString('base64url')}`;
  }

  /** The cursor, or 400 INVALID_REQUEST with `details[].issue` INVALID_PAGE_TOKEN. */
  decode(binding: LogQueryBinding, token: string): LogCursor {
    const match = TOKEN.exec(token);
    if (match) {
      const position = `${match[1]}.${match[2]}`;
      // Compare the text, not decoded bytes: base64url's last character has unused bits, so a
      // token differing only there must not pass.
      const given = Buffer.from(match[3], 'ascii');
      const expected = Buffer.from(this.mac(binding, position).toString('base64url'), 'ascii');
      if (given.length === expected.length && timingSafeEqual(given, expected))
        return { at: new Date(Number(match[1])), id: match[2] };
    }
    throw Errors.validation([
      {
        location: 'query',
        path: ['pageToken'],
        code: INVALID_PAGE_TOKEN,
        message: 'pageToken was not issued for this query; follow links[rel=next] as given',
        value: token,
      },
    ]);
  }

  private mac(b: LogQueryBinding, position: string): Buffer {
    const fields = [
      'v1',
      b.appId,
      b.variant,
      String(b.since.getTime()),
      b.source ?? '',
      b.level ?? '',
      String(b.pageSize),
      position,
    ];
    return createHmac('sha256', this.key).update(fields.join('\n')).digest().subarray(0, MAC_BYTES);
  }
}
