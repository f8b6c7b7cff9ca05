import { Errors, PlatformError, assertNever } from '@platform/errors';
import { OutboundErrorCode, OutboundRefusalReason, isOutboundError } from '@platform/outbound';
import { MAX_WEBHOOKS_PER_ACCOUNT } from './webhook-settings';

/** Codes of the webhooks feature (`name` of the commerce error object; docs/errors.md, "Hosting"). */
export const WebhookErrorCode = {
  WEBHOOK_NOT_FOUND: 'WEBHOOK_NOT_FOUND',
  WEBHOOK_LIMIT_REACHED: 'WEBHOOK_LIMIT_REACHED',
} as const;

/**
 * Why a webhook URL is refused at creation: `details[].issue` of a 400 INVALID_REQUEST at `/url`.
 * The same policy is checked again at every delivery, on the addresses the connection then uses.
 */
export const WebhookUrlIssue = {
  /** Not an absolute URL. */
  INVALID_FORMAT: 'INVALID_FORMAT',
  /** Not http: or https:. */
  UNSUPPORTED_SCHEME: 'UNSUPPORTED_SCHEME',
  /** user:password@ in the URL. */
  CREDENTIALS_IN_URL: 'CREDENTIALS_IN_URL',
  /** http: to a host HOSTING_WEBHOOK_ALLOW does not name. */
  HTTPS_REQUIRED: 'HTTPS_REQUIRED',
  /** A private, loopback, link-local, … address (the detail's `value` names the range). */
  FORBIDDEN_ADDRESS: 'FORBIDDEN_ADDRESS',
  /** The platform's own PostgreSQL, Redis or a service port: never allowed, whatever the settings. */
  PLATFORM_ENDPOINT: 'PLATFORM_ENDPOINT',
  /** The host does not resolve (its addresses cannot be checked). */
  UNRESOLVABLE_HOST: 'UNRESOLVABLE_HOST',
} as const;
export type WebhookUrlIssue = (typeof WebhookUrlIssue)[keyof typeof WebhookUrlIssue];

function urlIssueOf(reason: OutboundRefusalReason): WebhookUrlIssue {
  switch (reason) {
    case OutboundRefusalReason.INVALID_URL:
      return WebhookUrlIssue.INVALID_FORMAT;
    case OutboundRefusalReason.UNSUPPORTED_SCHEME:
      return WebhookUrlIssue.UNSUPPORTED_SCHEME;
    case OutboundRefusalReason.CREDENTIALS_IN_URL:
      return WebhookUrlIssue.CREDENTIALS_IN_URL;
    case OutboundRefusalReason.HTTPS_REQUIRED:
      return WebhookUrlIssue.HTTPS_REQUIRED;
    case OutboundRefusalReason.FORBIDDEN_ADDRESS:
      return WebhookUrlIssue.FORBIDDEN_ADDRESS;
    case OutboundRefusalReason.DENIED_TARGET:
      return WebhookUrlIssue.PLATFORM_ENDPOINT;
    default:
      return assertNever(reason);
  }
}

export const WebhookErrors = {
  /** Also for another account's webhook (404, never 403). */
  notFound(): PlatformError {
    return Errors.notFound('no such webhook', WebhookErrorCode.WEBHOOK_NOT_FOUND);
  },
  limitReached(): PlatformError {
    return Errors.conflict(
      WebhookErrorCode.WEBHOOK_LIMIT_REACHED,
      `an account has at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first`,
    );
  },
  /**
   * The outbound policy's verdict on a URL as a 400 at `/url`, or undefined when `error` is not a
   * verdict on the URL (then it is rethrown as it is).
   */
  urlRefused(error: unknown, url: string): PlatformError | undefined {
    let issue: WebhookUrlIssue;
    if (isOutboundError(error, OutboundErrorCode.OUTBOUND_REFUSED) && error.reason)
      issue = urlIssueOf(error.reason);
    else if (
      isOutboundError(error, OutboundErrorCode.OUTBOUND_UNREACHABLE) ||
      isOutboundError(error, OutboundErrorCode.OUTBOUND_TIMEOUT)
    )
      issue = WebhookUrlIssue.UNRESOLVABLE_HOST;
    else return undefined;
    return Errors.validation(
      [
        {
          location: 'body',
          path: ['url'],
          code: issue,
          message: `the webhook URL is refused: ${error.message}`,
          value: url,
        },
      ],
      'the webhook URL is refused',
    );
  },
};
