import { classifyUpstreamFailure } from './proxy.errors';

const wrapped = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, cause });

describe('classifyUpstreamFailure', () => {
  it.each([
    ['a refused connection', wrapped('FST_REPLY_FROM_INTERNAL_SERVER_ERROR', wrapped('ECONNREFUSED'))],
    ['a reset connection', wrapped('ECONNRESET')],
    ['a lost socket', wrapped('UND_ERR_SOCKET')],
    [
      'an answer that is not HTTP',
      wrapped('FST_REPLY_FROM_INTERNAL_SERVER_ERROR', wrapped('HPE_INVALID_CONSTANT')),
    ],
  ])('blames the service for %s (503)', (_what, error) => {
    expect(classifyUpstreamFailure(error)).toBe('unreachable');
  });

  it.each([
    ['a connect deadline', wrapped('UND_ERR_CONNECT_TIMEOUT')],
    ['a headers deadline', wrapped('FST_REPLY_FROM_GATEWAY_TIMEOUT', wrapped('UND_ERR_HEADERS_TIMEOUT'))],
    ['a body deadline', wrapped('UND_ERR_BODY_TIMEOUT')],
  ])('reports %s as a timeout (504)', (_what, error) => {
    expect(classifyUpstreamFailure(error)).toBe('timeout');
  });

  it.each([
    [
      'undici refusing Expect',
      wrapped('FST_REPLY_FROM_INTERNAL_SERVER_ERROR', wrapped('UND_ERR_NOT_SUPPORTED')),
    ],
    ['undici refusing a header', wrapped('UND_ERR_INVALID_ARG')],
    ['an error without a code', new TypeError('boom')],
  ])('blames the gateway itself for %s (500 FORWARDING_FAILED)', (_what, error) => {
    expect(classifyUpstreamFailure(error)).toBe('forwarding');
  });
});
