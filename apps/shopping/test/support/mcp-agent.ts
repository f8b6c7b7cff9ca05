import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestCredential } from '@platform/testing';
import type { UcpKind } from '@platform/testing/contracts';
import type { Response } from 'light-my-request';
import type { ShoppingTestApp } from './shopping-test-app';
import type { RecordedResponse, UcpJson } from './ucp-responses';

/** The schema of a tool's result: the error envelope for `ucp.status: "error"`, else by tool. */
export function kindOfTool(tool: string, body: UcpJson): UcpKind {
  if (body.ucp?.status === 'error') return 'error_response';
  if (tool.endsWith('_checkout')) return 'checkout';
  if (tool.endsWith('_cart')) return 'cart';
  if (tool === 'get_order') return 'order';
  if (tool === 'search_catalog') return 'search_response';
  if (tool === 'lookup_catalog') return 'lookup_response';
  return 'get_product_response';
}

/** `meta` as UCP's MCP binding carries it: the agent's profile, and the key for a write. */
export function ucpMeta(t: ShoppingTestApp, key?: string): UcpJson {
  return { 'ucp-agent': { profile: t.agent.profileUrl }, ...(key ? { 'idempotency-key': key } : {}) };
}

const WRITE_TOOL = /^(create|update|complete|cancel)_/;

/**
 * The arguments as a well-behaved agent sends them: a write carries a fresh idempotency key unless
 * the suite gave one, or `null` to send none (what the refusal tests need).
 */
export function withIdempotencyKey(tool: string, args: UcpJson): UcpJson {
  const meta = (args.meta ?? {}) as UcpJson;
  if (meta['idempotency-key'] === null) {
    const { 'idempotency-key': _none, ...rest } = meta;
    return { ...args, meta: rest };
  }
  if (!WRITE_TOOL.test(tool) || meta['idempotency-key'] !== undefined) return args;
  return { ...args, meta: { ...meta, 'idempotency-key': randomUUID() } };
}

/** An MCP client of the official SDK on the app's real port, with the buyer's Bearer token. */
export interface McpAgent {
  readonly client: Client;
  /** tools/call; records the structuredContent for the suite's schema check and returns it. */
  call(tool: string, args: UcpJson): Promise<UcpJson>;
  close(): Promise<void>;
}

export async function connectMcpAgent(
  t: ShoppingTestApp,
  baseUrl: string,
  cred: TestCredential,
  path: string,
): Promise<McpAgent> {
  const client = new Client({ name: 'shopping-test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}${path}`), {
    requestInit: { headers: { authorization: cred.headers.authorization } },
  });
  await client.connect(transport);
  return {
    client,
    async call(tool, args) {
      const result = await client.callTool({ name: tool, arguments: withIdempotencyKey(tool, args) });
      const body = result.structuredContent as UcpJson;
      if (result.isError || !body) throw new Error(`${tool}: ${JSON.stringify(result)}`);
      recordTool(t.responses, path, tool, body);
      return body;
    },
    close: () => client.close(),
  };
}

/** One raw JSON-RPC POST (in-process), for what a well-behaved client never sends. */
export async function postMcp(
  t: ShoppingTestApp,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return t.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** tools/call as a raw request; records a result's structuredContent like McpAgent.call. */
export async function callToolRaw(
  t: ShoppingTestApp,
  cred: TestCredential,
  path: string,
  tool: string,
  args: UcpJson,
): Promise<Response> {
  const res = await postMcp(
    t,
    path,
    {
      jsonrpc: '2.0',
      id: randomUUID(),
      method: 'tools/call',
      params: { name: tool, arguments: withIdempotencyKey(tool, args) },
    },
    cred.headers,
  );
  const body = res.json() as UcpJson;
  const structured = body.result?.structuredContent as UcpJson | undefined;
  if (structured) recordTool(t.responses, path, tool, structured);
  return res;
}

export function recordTool(into: RecordedResponse[], path: string, tool: string, body: UcpJson): void {
  into.push({ operation: `MCP ${path} ${tool}`, status: 200, kind: kindOfTool(tool, body), body });
}
