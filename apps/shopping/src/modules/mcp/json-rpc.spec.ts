import { Logger } from '@nestjs/common';
import { Errors, PlatformError } from '@platform/errors';
import { JsonRpcCode, readJsonRpc } from './json-rpc';
import { faultOf } from './mcp-faults';

describe('readJsonRpc', () => {
  it('reads a request, a notification and a response', () => {
    expect(readJsonRpc({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({
      kind: 'request',
      id: 1,
      method: 'ping',
      params: undefined,
    });
    expect(readJsonRpc({ jsonrpc: '2.0', method: 'notifications/initialized' })).toMatchObject({
      kind: 'notification',
    });
    expect(readJsonRpc({ jsonrpc: '2.0', id: 'x', result: {} })).toEqual({ kind: 'response' });
  });

  it.each([
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'ping' }]],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }],
    ['a null id on a request', { jsonrpc: '2.0', id: null, method: 'ping' }],
    ['both result and error', { jsonrpc: '2.0', id: 1, result: {}, error: {} }],
    ['an empty method', { jsonrpc: '2.0', id: 1, method: '' }],
  ])('%s is invalid', (_what, body) => {
    expect(readJsonRpc(body).kind).toBe('invalid');
  });
});

describe('faultOf', () => {
  const logger = new Logger('test');

  it('sends the negotiation errors as −32001 with their REST status', () => {
    const fault = faultOf(
      new PlatformError({ status: 424, code: 'PROFILE_UNREACHABLE', message: 'down', retryAfterSec: 30 }),
      'method',
      logger,
    );
    expect(fault).toMatchObject({
      code: JsonRpcCode.UCP_DISCOVERY,
      httpStatus: 424,
      data: { code: 'profile_unreachable', content: 'down', retry_after: 30 },
      headers: { 'Retry-After': '30' },
    });
  });

  it('a 400 is −32602 inside a method and −32600 before one', () => {
    expect(faultOf(Errors.validation([]), 'method', logger)).toMatchObject({ code: -32602, httpStatus: 200 });
    expect(faultOf(Errors.validation([]), 'request', logger)).toMatchObject({
      code: -32600,
      httpStatus: 400,
    });
  });

  it('401 keeps WWW-Authenticate; 409 and 503 are −32000; an unexpected error is −32603 (500)', () => {
    expect(faultOf(Errors.unauthorized(), 'request', logger)).toMatchObject({
      code: -32000,
      httpStatus: 401,
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
    expect(faultOf(Errors.conflict('X', 'y'), 'method', logger)).toMatchObject({
      code: -32000,
      httpStatus: 409,
    });
    expect(faultOf(Errors.unavailable(), 'method', logger)).toMatchObject({ code: -32000, httpStatus: 503 });
    jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    expect(faultOf(new Error('boom'), 'method', logger)).toMatchObject({ code: -32603, httpStatus: 500 });
  });
});
