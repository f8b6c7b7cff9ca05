import type { OpenApiErrorAnswers } from './openapi-document';

/**
 * Error answers the platform gives the same way in several services, with the same words. Which of
 * them an operation gives stays in the app's OpenApiArea.
 */

/** @RateLimited() without an error body: the spec's per-credential 429, with no body. */
export const RATE_LIMITED_WITHOUT_BODY: OpenApiErrorAnswers = {
  '429': {
    description: 'Per-credential rate limit exceeded: no body; RateLimit-* and Retry-After say when to retry',
    body: 'none',
  },
};

/**
 * A body createServiceApp refuses on every method but GET and HEAD: over its 1 MiB limit, or of
 * another type than JSON and text.
 */
export const BODY_REFUSED: OpenApiErrorAnswers = {
  '413': 'PAYLOAD_TOO_LARGE: the body is over 1 MiB',
  '415': 'UNSUPPORTED_MEDIA_TYPE: the body is neither JSON nor text',
};
