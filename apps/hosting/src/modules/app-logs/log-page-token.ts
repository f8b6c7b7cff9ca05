import { SignedListCursors } from '@platform/crypto';
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
const EPOCH_MS = /^\d{1,15}$/;
const LINE_ID = /^\d{1,19}$/;

/**
 * Page tokens of GET …/logs: `<at epoch ms>.<id>.<mac>`, the platform's signed list cursor
 * (`@platform/crypto` SignedListCursors: HMAC-SHA256, first 128 bits, base64url) under a key derived
 * from SECRETS_ENCRYPTION_KEY with the label KEY_LABEL, over the cursor and the whole query (app,
 * variant, since, source, level, pageSize). A client cannot forge a position nor carry a token
 * over to another query or app.
 */
export class LogPageTokens {
  private readonly cursors: SignedListCursors;

  constructor(secretsEncryptionKey: Buffer) {
    if (secretsEncryptionKey.length === 0) throw new Error('log page tokens need SECRETS_ENCRYPTION_KEY');
    this.cursors = new SignedListCursors(secretsEncryptionKey, KEY_LABEL);
  }

  encode(binding: LogQueryBinding, cursor: LogCursor): string {
    return this.cursors.encode([String(cursor.at.getTime()), cursor.id], bindingOf(binding));
  }

  /** The cursor, or 400 INVALID_REQUEST with `details[].issue` INVALID_PAGE_TOKEN. */
  decode(binding: LogQueryBinding, token: string): LogCursor {
    const cursor = this.decodeIfValid(binding, token);
    if (cursor) return cursor;
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

  /** The cursor, or undefined when `token` was not issued for `binding`. */
  decodeIfValid(binding: LogQueryBinding, token: string): LogCursor | undefined {
    const [at, id] = this.cursors.decode(token, bindingOf(binding), 2) ?? [];
    if (at !== undefined && id !== undefined && EPOCH_MS.test(at) && LINE_ID.test(id))
      return { at: new Date(Number(at)), id };
    return undefined;
  }
}

function bindingOf(b: LogQueryBinding): string {
  return [
    b.appId,
    b.variant,
    String(b.since.getTime()),
    b.source ?? '',
    b.level ?? '',
    String(b.pageSize),
  ].join('\n');
}
