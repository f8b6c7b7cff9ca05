import { answerProblems, type FuzzOperation } from './openapi-fuzz';

/** The fuzz harness's checks of one answer, for the Shopping API's error shape (the UCP envelope). */

const op: FuzzOperation = {
  key: 'POST /v1/shopping/checkout-sessions/{id}',
  method: 'POST',
  path: '/v1/shopping/checkout-sessions/{id}',
  operation: { responses: { '200': {}, '400': { content: {} }, '401': { content: {} } } },
};
const target = { shape: 'shopping' as const, secrets: ['s3cret'] };

const answer = (statusCode: number, body: unknown) => ({
  statusCode,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: {},
});

const envelope = (message: Record<string, unknown>) => ({
  ucp: { version: '2026-04-08', status: 'error' },
  messages: [message],
});

const error = {
  type: 'error',
  code: 'invalid_request',
  content_type: 'plain',
  content: 'line_items is required',
  severity: 'recoverable',
  path: '$.line_items',
};

describe('openapi fuzz: the shopping error shape', () => {
  it('accepts the UCP envelope with a stable code and a severity on each message', () => {
    expect(answerProblems(target, op, answer(400, envelope(error)))).toEqual([]);
    const { content_type: _omitted, ...withoutContentType } = error;
    expect(answerProblems(target, op, answer(400, envelope(withoutContentType)))).toEqual([]);
  });

  it.each([
    ['a domains body', { code: 'INVALID_BODY', message: 'x' }, /no UCP envelope/],
    ['no messages', { ucp: { version: '2026-04-08', status: 'error' }, messages: [] }, /without messages/],
    ['an upper case code', envelope({ ...error, code: 'INVALID_REQUEST' }), /stable code/],
    ['no severity', envelope({ ...error, severity: undefined }), /severity/],
    ['an unknown severity', envelope({ ...error, severity: 'fatal' }), /severity/],
    ['a message that is not an error', envelope({ ...error, type: 'warning' }), /not an error/],
    ['an unknown content_type', envelope({ ...error, content_type: 'html' }), /content_type/],
  ])('flags %s', (_what, body, problem) => {
    expect(answerProblems(target, op, answer(400, body))).toEqual([expect.stringMatching(problem)]);
  });

  it("takes a 404 not_found on a parameter path as a route miss, with the envelope's code", () => {
    const notFound = envelope({ ...error, code: 'not_found', severity: 'unrecoverable', path: undefined });
    expect(answerProblems(target, op, answer(404, notFound))).toEqual([]);
    expect(answerProblems(target, op, answer(409, envelope(error)))).toEqual([
      'answered 409 (invalid_request), which the document does not declare',
    ]);
  });
});
