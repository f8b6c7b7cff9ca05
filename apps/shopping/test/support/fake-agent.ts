import { AddressInfo } from 'node:net';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';

/** A request the agent's webhook endpoint received. */
export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

export interface FakeAgentOptions {
  /** The profile's ucp.version (default 2026-04-08). */
  readonly version?: string;
  /** Capability names the agent declares (default: every shopping capability at 2026-04-08). */
  readonly capabilities?: readonly string[];
  /** Serve this instead of a profile (malformed profiles). */
  readonly rawProfile?: string;
  /** Status of the webhook endpoint (default 200); a function decides per delivery. */
  readonly webhookStatus?: number | ((n: number) => number);
}

export const ALL_CAPABILITIES = [
  'dev.ucp.shopping.checkout',
  'dev.ucp.shopping.cart',
  'dev.ucp.shopping.order',
  'dev.ucp.shopping.catalog.search',
  'dev.ucp.shopping.catalog.lookup',
  'dev.ucp.shopping.discount',
];

/**
 * A UCP agent (platform) on loopback: its profile at /profile (what UCP-Agent names) with the order
 * capability's webhook_url at /webhooks, which records every delivery. Suites allow its port
 * through SHOPPING_OUTBOUND_ALLOW.
 */
export interface FakeAgent {
  readonly url: string;
  readonly port: number;
  readonly profileUrl: string;
  readonly webhookUrl: string;
  /** The header value naming this agent. */
  readonly header: string;
  readonly webhooks: ReceivedWebhook[];
  profileFetches: number;
  setOptions(options: FakeAgentOptions): void;
  close(): Promise<void>;
}

export async function startFakeAgent(initial: FakeAgentOptions = {}): Promise<FakeAgent> {
  let options = initial;
  const webhooks: ReceivedWebhook[] = [];
  let deliveries = 0;
  const state = { profileFetches: 0 };
  let base = '';
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/profile') {
        state.profileFetches++;
        const body =
          options.rawProfile ??
          JSON.stringify({
            ucp: {
              version: options.version ?? '2026-04-08',
              services: {
                'dev.ucp.shopping': [
                  {
                    version: '2026-04-08',
                    transport: 'rest',
                    spec: 'https://ucp.dev/2026-04-08/specification/overview',
                    schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json',
                  },
                ],
              },
              capabilities: Object.fromEntries(
                (options.capabilities ?? ALL_CAPABILITIES).map((name) => [
                  name,
                  [
                    {
                      version: '2026-04-08',
                      spec: 'https://ucp.dev/2026-04-08/specification/overview',
                      schema: 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json',
                      ...(name === 'dev.ucp.shopping.order'
                        ? { config: { webhook_url: `${base}/webhooks` } }
                        : {}),
                    },
                  ],
                ]),
              ),
              payment_handlers: {},
            },
          });
        res
          .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' })
          .end(body);
        return;
      }
      if (req.method === 'POST' && path.startsWith('/webhooks')) {
        deliveries++;
        webhooks.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const status =
          typeof options.webhookStatus === 'function'
            ? options.webhookStatus(deliveries)
            : (options.webhookStatus ?? 200);
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  const agent: FakeAgent = {
    url: base,
    port,
    profileUrl: `${base}/profile`,
    webhookUrl: `${base}/webhooks`,
    header: `profile="${base}/profile"`,
    webhooks,
    get profileFetches() {
      return state.profileFetches;
    },
    set profileFetches(n: number) {
      state.profileFetches = n;
    },
    setOptions(next) {
      options = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return agent;
}
