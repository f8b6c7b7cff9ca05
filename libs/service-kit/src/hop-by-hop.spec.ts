import { withoutHopByHopHeaders } from './hop-by-hop';

describe('withoutHopByHopHeaders', () => {
  it('drops the connection headers and those the Connection header names, and keeps the rest', () => {
    expect(
      withoutHopByHopHeaders({
        connection: 'keep-alive, X-Hop',
        'keep-alive': 'timeout=72',
        'transfer-encoding': 'chunked',
        upgrade: 'websocket',
        'proxy-connection': 'close',
        te: 'trailers',
        trailer: 'x-checksum',
        'x-hop': '1',
        'content-type': 'application/json',
        'content-length': '2',
        'x-request-id': 'r',
      }),
    ).toEqual({ 'content-type': 'application/json', 'content-length': '2', 'x-request-id': 'r' });
  });

  it('keeps everything when there is nothing hop-by-hop', () => {
    const headers = { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] };
    expect(withoutHopByHopHeaders(headers)).toEqual(headers);
  });
});
