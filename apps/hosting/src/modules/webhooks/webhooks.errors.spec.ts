import { CommonErrorCode, toCommerceError } from '@platform/errors';
import { OutboundErrors, OutboundRefusalReason } from '@platform/outbound';
import { WebhookErrors, WebhookUrlIssue } from './webhooks.errors';

describe('WebhookErrors.urlRefused', () => {
  const answerOf = (error: unknown) => {
    const refused = WebhookErrors.urlRefused(error, 'http://127.0.0.1:5432/');
    return refused && { status: refused.status, body: toCommerceError(refused, 'c') };
  };
  const issueOf = (error: unknown) => answerOf(error)?.body.details?.[0];

  it.each([
    [OutboundRefusalReason.DENIED_TARGET, WebhookUrlIssue.PLATFORM_ENDPOINT],
    [OutboundRefusalReason.FORBIDDEN_ADDRESS, WebhookUrlIssue.FORBIDDEN_ADDRESS],
    [OutboundRefusalReason.HTTPS_REQUIRED, WebhookUrlIssue.HTTPS_REQUIRED],
    [OutboundRefusalReason.CREDENTIALS_IN_URL, WebhookUrlIssue.CREDENTIALS_IN_URL],
    [OutboundRefusalReason.UNSUPPORTED_SCHEME, WebhookUrlIssue.UNSUPPORTED_SCHEME],
    [OutboundRefusalReason.INVALID_URL, WebhookUrlIssue.INVALID_FORMAT],
  ])('answers a refusal for %s as 400 INVALID_REQUEST, issue %s at /url', (reason, issue) => {
    const answer = answerOf(OutboundErrors.refused(reason, 'no'));
    expect(answer?.status).toBe(400);
    expect(answer?.body.name).toBe(CommonErrorCode.INVALID_REQUEST);
    expect(issueOf(OutboundErrors.refused(reason, 'no'))).toMatchObject({
      issue,
      field: '/url',
      location: 'body',
    });
  });

  it('answers a host that does not resolve as UNRESOLVABLE_HOST', () => {
    expect(issueOf(OutboundErrors.unreachable('x does not resolve'))).toMatchObject({
      issue: WebhookUrlIssue.UNRESOLVABLE_HOST,
    });
  });

  it('leaves any other error alone', () => {
    expect(WebhookErrors.urlRefused(new Error('database down'), 'u')).toBeUndefined();
  });
});
