import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundError, OutboundErrorCode, OutboundRefusalReason } from './outbound.errors';
import { type HostResolver, type OutboundPolicy, createOutboundFetcher } from './outbound-fetcher';
import { parseOutboundTargets } from './outbound-targets';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

interface TestServer {
  readonly port: number;
  readonly received: Received[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];

/** A real server on a loopback address and an ephemeral port, recording what reached it. */
async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<TestServer> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const test: TestServer = {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(test);
  return test;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const ok =
  (body = '{"ok":true}') =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  };

/** The error a call fails with (the test fails if it succeeds). */
async function failure(work: Promise<unknown>): Promise<OutboundError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function fetcher(allow: string, extra: OutboundPolicy = {}) {
  return createOutboundFetcher({ allow: parseOutboundTargets(allow), ...extra });
}

/** A resolver for made-up names; anything else does not resolve. */
function fakeDns(names: Record<string, string[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const addresses = names[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({
      address,
      family: address.includes(':') ? (6 as const) : (4 as const),
    }));
  };
  return Object.assign(resolve, { calls });
}

describe('createOutboundFetcher: allow and deny', () => {
  it('calls a loopback server whose exact host:port is allowed', async () => {
    const server = await startServer(ok());
    const response = await fetcher(`127.0.0.1:${server.port}`).request(
      `http://127.0.0.1:${server.port}/hook?x=1`,
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ ok: true });
    expect(server.received.map((r) => r.url)).toEqual(['/hook?x=1']);
  });

  it('refuses the same server when it is not allowed, before connecting', async () => {
    const server = await startServer(ok());
    const error = await failure(fetcher('').request(`http://127.0.0.1:${server.port}/`));
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_REFUSED);
    expect(error.details).toMatchObject({
      reason: OutboundRefusalReason.FORBIDDEN_ADDRESS,
      range: 'loopback',
    });
    expect(server.received).toHaveLength(0);
  });

  it('refuses an allowed host on another port', async () => {
    const server = await startServer(ok());
    const error = await failure(
      fetcher(`127.0.0.1:${server.port + 1}`).request(`http://127.0.0.1:${server.port}/`),
    );
    expect(error.details.reason).toBe(OutboundRefusalReason.FORBIDDEN_ADDRESS);
    expect(server.received).toHaveLength(0);
  });

  it('refuses a DNS name that resolves to a loopback address (localhost)', async () => {
    const server = await startServer(ok());
    const error = await failure(fetcher('').request(`http://localhost:${server.port}/`));
    expect(error.details).toMatchObject({
      reason: OutboundRefusalReason.FORBIDDEN_ADDRESS,
      range: 'loopback',
    });
    expect(server.received).toHaveLength(0);
  });

  it('refuses a name when any of its addresses is private, even if another is public', async () => {
    const resolve = fakeDns({ 'mixed.test': ['93.184.215.14', '10.0.0.7'] });
    const error = await failure(fetcher('', { resolve }).request('https://mixed.test/'));
    expect(error.details).toMatchObject({
      reason: 'forbidden_address',
      range: 'private',
      address: '10.0.0.7',
    });
  });

  it('refuses the cloud metadata address', async () => {
    const error = await failure(fetcher('').request('http://169.254.169.254/latest/meta-data/'));
    expect(error.details).toMatchObject({ reason: 'forbidden_address', range: 'linkLocal' });
  });

  it('refuses IPv6 loopback [::1]', async () => {
    const server = await startServer(ok(), '::1');
    const error = await failure(fetcher('').request(`http://[::1]:${server.port}/`));
    expect(error.details).toMatchObject({ reason: 'forbidden_address', range: 'loopback' });
    expect(server.received).toHaveLength(0);
  });

  it('calls IPv6 loopback [::1] when [::1]:port is allowed', async () => {
    const server = await startServer(ok(), '::1');
    const response = await fetcher(`[::1]:${server.port}`).request(`http://[::1]:${server.port}/`);
    expect(response.status).toBe(200);
    expect(response.address).toBe('::1');
  });

  it('refuses 0.0.0.0 (which connects to the local host)', async () => {
    const server = await startServer(ok());
    const error = await failure(fetcher('').request(`http://0.0.0.0:${server.port}/`));
    expect(error.details).toMatchObject({ reason: 'forbidden_address', range: 'unspecified' });
    expect(server.received).toHaveLength(0);
  });

  it.each([
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/', 'loopback'],
    ['IPv4-mapped metadata address', 'http://[::ffff:169.254.169.254]/', 'linkLocal'],
    ['decimal-encoded loopback', 'http://2130706433/', 'loopback'],
    ['hex-encoded loopback', 'http://0x7f.1/', 'loopback'],
    ['RFC 1918', 'https://10.0.0.1/', 'private'],
    ['RFC 1918', 'https://192.168.0.10/', 'private'],
    ['CGNAT', 'https://100.64.1.2/', 'carrierGradeNat'],
    ['IPv6 ULA', 'https://[fd00::1]/', 'uniqueLocal'],
    ['IPv6 link-local', 'https://[fe80::1]/', 'linkLocal'],
    ['multicast', 'https://224.0.0.251/', 'multicast'],
  ])('refuses %s (%s)', async (_what, url, range) => {
    const error = await failure(fetcher('').request(url));
    expect(error.details).toMatchObject({ reason: 'forbidden_address', range });
  });

  it('lets an allow entry without a port cover every port of the host', async () => {
    const server = await startServer(ok());
    const response = await fetcher('127.0.0.1').request(`http://127.0.0.1:${server.port}/`);
    expect(response.status).toBe(200);
  });
});

describe('createOutboundFetcher: the platform’s own endpoints (deniedTargets)', () => {
  it('refuses a denied host:port even though an allow entry without a port covers the host', async () => {
    const server = await startServer(ok());
    const f = fetcher('127.0.0.1', { deniedTargets: parseOutboundTargets(`127.0.0.1:${server.port}`) });
    const error = await failure(f.request(`http://127.0.0.1:${server.port}/`));
    expect(error.details).toMatchObject({
      reason: OutboundRefusalReason.DENIED_TARGET,
      address: '127.0.0.1',
    });
    expect(server.received).toHaveLength(0);
  });

  it('lets an exact allow of that host:port win over the deny list (tests list their own servers)', async () => {
    const server = await startServer(ok());
    const f = fetcher(`127.0.0.1:${server.port}`, {
      deniedTargets: parseOutboundTargets(`127.0.0.1:${server.port}`),
    });
    expect((await f.request(`http://127.0.0.1:${server.port}/`)).status).toBe(200);
  });

  it('denies by name too: localhost:port covers 127.0.0.1:port', async () => {
    const server = await startServer(ok());
    const f = fetcher('127.0.0.1', { deniedTargets: parseOutboundTargets(`localhost:${server.port}`) });
    const error = await failure(f.request(`http://127.0.0.1:${server.port}/`));
    expect(error.details.reason).toBe(OutboundRefusalReason.DENIED_TARGET);
  });

  it('denies a public address listed as the platform’s own', async () => {
    const resolve = fakeDns({ 'db.platform.test': ['203.0.114.5'] });
    const f = fetcher('', { resolve, deniedTargets: parseOutboundTargets('db.platform.test:5432') });
    const error = await failure(f.request('https://203.0.114.5:5432/'));
    expect(error.details.reason).toBe(OutboundRefusalReason.DENIED_TARGET);
  });
});

describe('createOutboundFetcher: URL rules', () => {
  it.each([
    ['ftp:', 'ftp://hooks.example/x', OutboundRefusalReason.UNSUPPORTED_SCHEME],
    ['file:', 'file:///etc/passwd', OutboundRefusalReason.UNSUPPORTED_SCHEME],
    ['a relative URL', '/only/a/path', OutboundRefusalReason.INVALID_URL],
    ['credentials', 'https://user:pw@hooks.example/', OutboundRefusalReason.CREDENTIALS_IN_URL],
  ])('refuses %s', async (_what, url, reason) => {
    const error = await failure(fetcher('').request(url));
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_REFUSED);
    expect(error.details.reason).toBe(reason);
  });

  it('requires https to a public host that is not allowed', async () => {
    const resolve = fakeDns({ 'hooks.example': ['93.184.215.14'] });
    const error = await failure(fetcher('', { resolve }).request('http://hooks.example/x'));
    expect(error.details.reason).toBe(OutboundRefusalReason.HTTPS_REQUIRED);
    expect(resolve.calls).toEqual(['hooks.example']);
  });

  it('says OUTBOUND_UNREACHABLE for a name that does not resolve', async () => {
    const error = await failure(fetcher('', { resolve: fakeDns({}) }).request('https://nowhere.test/'));
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_UNREACHABLE);
  });

  it('says OUTBOUND_UNREACHABLE when nothing listens on the port', async () => {
    const server = await startServer(ok());
    const port = server.port;
    await servers.splice(servers.indexOf(server), 1)[0].close();
    const error = await failure(fetcher(`127.0.0.1:${port}`).request(`http://127.0.0.1:${port}/`));
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_UNREACHABLE);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('check() gives the verdict without calling', async () => {
    const server = await startServer(ok());
    const checked = await fetcher(`127.0.0.1:${server.port}`).check(`http://127.0.0.1:${server.port}/x`);
    expect(checked).toMatchObject({
      host: '127.0.0.1',
      port: server.port,
      addresses: [{ address: '127.0.0.1' }],
    });
    expect(server.received).toHaveLength(0);
  });
});

describe('createOutboundFetcher: connection pinning', () => {
  it('connects to the address it checked, with the URL’s name as Host, resolving once', async () => {
    const server = await startServer(ok());
    // A rebinding name: the first answer passes the check, any later one would be private.
    let answers = 0;
    const resolve: HostResolver = async () => {
      answers += 1;
      return answers === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }];
    };
    const response = await fetcher(`127.0.0.1:${server.port}`, { resolve }).request(
      `http://rebind.test:${server.port}/p`,
    );
    expect(response.address).toBe('127.0.0.1');
    expect(answers).toBe(1);
    expect(server.received[0].headers.host).toBe(`rebind.test:${server.port}`);
  });
});

describe('createOutboundFetcher: answers', () => {
  it('does not follow a redirect: a 3xx is OUTBOUND_BAD_STATUS with its Location', async () => {
    const target = await startServer(ok());
    const server = await startServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}/elsewhere` });
      res.end();
    });
    const f = fetcher(`127.0.0.1:${server.port},127.0.0.1:${target.port}`);
    const error = await failure(f.request(`http://127.0.0.1:${server.port}/`));
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_BAD_STATUS);
    expect(error.status).toBe(302);
    expect(error.details.headers?.location).toBe(`http://127.0.0.1:${target.port}/elsewhere`);
    expect(target.received).toHaveLength(0);
  });

  it('says OUTBOUND_BAD_STATUS with the status for a non-2xx answer', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(503, { 'retry-after': '30' });
      res.end('busy');
    });
    const error = await failure(
      fetcher(`127.0.0.1:${server.port}`).request(`http://127.0.0.1:${server.port}/`),
    );
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_BAD_STATUS);
    expect(error.status).toBe(503);
    expect(error.details.headers?.['retry-after']).toBe('30');
  });

  it('gives up with OUTBOUND_TIMEOUT when the answer does not come in time', async () => {
    const server = await startServer(() => {
      // never answers
    });
    const error = await failure(
      fetcher(`127.0.0.1:${server.port}`).request(`http://127.0.0.1:${server.port}/`, { timeoutMs: 150 }),
    );
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_TIMEOUT);
    expect(error.details).toMatchObject({ phase: 'total', limit: 150 });
  });

  it('counts a slow body against the same total timeout', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first part…'); // and never the rest
    });
    const error = await failure(
      fetcher(`127.0.0.1:${server.port}`).request(`http://127.0.0.1:${server.port}/`, { timeoutMs: 150 }),
    );
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_TIMEOUT);
  });

  it('aborts a streamed body as soon as it passes the size cap', async () => {
    let closed: () => void = () => undefined;
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }); // chunked, no length
      const chunk = Buffer.alloc(16 * 1024, 1);
      res.on('close', closed);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump(); // endless unless the client cuts it
    });
    const error = await failure(
      fetcher(`127.0.0.1:${server.port}`).request(`http://127.0.0.1:${server.port}/`, {
        maxResponseBytes: 64 * 1024,
      }),
    );
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_TOO_LARGE);
    expect(error.details.limit).toBe(64 * 1024);
    await serverSawClose; // the connection was cut, not read to the end
  });

  it('refuses a body whose Content-Length is over the cap without reading it', async () => {
    const server = await startServer(ok('x'.repeat(2048)));
    const error = await failure(
      fetcher(`127.0.0.1:${server.port}`).request(`http://127.0.0.1:${server.port}/`, {
        maxResponseBytes: 1024,
      }),
    );
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_TOO_LARGE);
  });

  it('sends the method, headers and body as given', async () => {
    const server = await startServer(ok());
    await fetcher(`127.0.0.1:${server.port}`, { userAgent: 'platform-test/1' }).request(
      `http://127.0.0.1:${server.port}/hooks`,
      {
        method: 'post',
        headers: { 'Content-Type': 'application/json', 'Webhook-Id': 'w1' },
        body: '{"a":1}',
      },
    );
    expect(server.received[0]).toMatchObject({ method: 'POST', url: '/hooks', body: '{"a":1}' });
    expect(server.received[0].headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': '7',
      'webhook-id': 'w1',
      'user-agent': 'platform-test/1',
    });
  });
});

describe('createOutboundFetcher: fetchJson', () => {
  it('asks for JSON and parses the answer', async () => {
    const server = await startServer(ok('{"ucp":{"version":"2026-04-08"}}'));
    const { json, status } = await fetcher(`127.0.0.1:${server.port}`).fetchJson<{
      ucp: { version: string };
    }>(`http://127.0.0.1:${server.port}/.well-known/ucp`);
    expect(status).toBe(200);
    expect(json.ucp.version).toBe('2026-04-08');
    expect(server.received[0].headers.accept).toBe('application/json');
  });

  it('says OUTBOUND_INVALID_JSON for a 2xx that is not JSON', async () => {
    const server = await startServer(ok('<html>'));
    const error = await failure(
      fetcher(`127.0.0.1:${server.port}`).fetchJson(`http://127.0.0.1:${server.port}/`),
    );
    expect(error.code).toBe(OutboundErrorCode.OUTBOUND_INVALID_JSON);
  });
});
