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

  it('drops every Proxy-* header and HTTP2-Settings, whatever their case', () => {
    expect(
      withoutHopByHopHeaders({
        'Proxy-Authorization': 'Basic eA==',
        'proxy-authenticate': 'Basic',
        'Proxy-Status': 'edge; error=timeout',
        'HTTP2-Settings': 'AAMAAABkAARAAAAAAAIAAAAA',
        accept: '*/*',
      }),
    ).toEqual({ accept: '*/*' });
  });

  it('keeps everything when there is nothing hop-by-hop', () => {
    const headers = { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] };
    expect(withoutHopByHopHeaders(headers)).toEqual(headers);
  });
});
