import { Readable } from 'node:stream';
import { replayStoredResponse, toStoredResponse } from './stored-response';

const headersOf = (headers: Record<string, unknown>) => (name: string) => headers[name];

describe('toStoredResponse', () => {
  it('keeps the JSON text as it is sent, the status and the listed headers present', () => {
    expect(
      toStoredResponse({ b: 1, a: [1, 2] }, 201, headersOf({ location: '/x/1', 'x-other': 'no' }), [
        'content-type',
        'location',
      ]),
    ).toEqual({ status: 201, headers: { location: '/x/1' }, body: '{"b":1,"a":[1,2]}' });
  });

  it('stores no body for undefined and null', () => {
    expect(toStoredResponse(undefined, 204, headersOf({}), [])?.body).toBeNull();
    expect(toStoredResponse(null, 200, headersOf({}), [])?.body).toBeNull();
  });

  it('refuses streams and buffers', () => {
    expect(toStoredResponse(Readable.from(['x']), 200, headersOf({}), [])).toBeUndefined();
    expect(toStoredResponse(Buffer.from('x'), 200, headersOf({}), [])).toBeUndefined();
  });
});

describe('replayStoredResponse', () => {
  function target() {
    const sent: { status?: number; headers: Record<string, string> } = { headers: {} };
    return {
      sent,
      reply: {
        status: (code: number) => (sent.status = code),
        header: (name: string, value: string) => (sent.headers[name] = value),
      },
    };
  }

  it('restores status and headers, marks the replay and returns the JSON text unchanged', () => {
    const { sent, reply } = target();
    const body = replayStoredResponse(reply, {
      status: 202,
      headers: { location: '/m/1' },
      body: '{"b":1,"a":2}',
    });
    expect(body).toBe('{"b":1,"a":2}');
    expect(sent).toEqual({
      status: 202,
      headers: {
        location: '/m/1',
        'Idempotent-Replayed': 'true',
        'content-type': 'application/json; charset=utf-8',
      },
    });
  });

  it('returns a string body as the string and an empty body as undefined', () => {
    expect(replayStoredResponse(target().reply, { status: 200, headers: {}, body: '"ok"' })).toBe('ok');
    expect(replayStoredResponse(target().reply, { status: 204, headers: {}, body: null })).toBeUndefined();
  });
});
