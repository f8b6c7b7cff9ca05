import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '@platform/auth';
import {
  Errors,
  PlatformError,
  PlatformValidationPipe,
  toShoppingError,
  type Violation,
} from '@platform/errors';
import { readIdempotencyKey, REPLAYED_HEADER } from '@platform/idempotency';
import { hasAnyScope } from '@platform/scopes';
import type { BusinessKey } from '../businesses/business';
import { CartsService } from '../carts/carts.service';
import { CatalogService } from '../catalog/catalog.service';
import { ResourceParams } from '../checkout/checkout.request';
import { CheckoutService } from '../checkout/checkout.service';
import { OrdersService } from '../orders/orders.service';
import { readUcpAgent, ucpAgentOf, type UcpAgentReading } from '../ucp/ucp-agent';
import type { ShoppingContext } from '../ucp/shopping-context';
import { UcpNegotiation } from '../ucp/ucp-negotiation.service';
import {
  JsonRpcCode,
  JsonRpcFault,
  errorBody,
  isObject,
  readJsonRpc,
  resultBody,
  type JsonRpcId,
} from './json-rpc';
import { faultOf } from './mcp-faults';
import { MCP_IDEMPOTENCY_KEY, McpIdempotency } from './mcp-idempotency';
import { MCP_TOOLS, MCP_TOOLS_BY_NAME, describeTool, type McpEngine, type McpTool } from './mcp-tools';

/** MCP revisions this server speaks, newest first (all use streamable HTTP). */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26'];

export const MCP_SERVER_INFO = {
  name: 'developer-platform-shopping',
  title: 'Shopping API (UCP 2026-04-08)',
  version: '1.0.0',
} as const;

/** One POST to an MCP endpoint, as the controller hands it over. */
export interface McpPost {
  readonly body: unknown;
  readonly principal: Principal;
  readonly params: Readonly<Record<string, string | undefined>>;
  /** The endpoint's route template (`/v1/shopping/mcp`, `/v1/shopping/stores/:storeId/mcp`). */
  readonly route: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** The HTTP answer: status, headers, and the JSON-RPC body (none for 202). */
export interface McpAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body?: unknown;
}

/** A tool's result (MCP CallToolResult): UCP's payload in structuredContent, its JSON as text. */
export interface McpToolResult {
  structuredContent: unknown;
  content: { type: 'text'; text: string }[];
}

function toolResult(body: unknown): McpToolResult {
  return { structuredContent: body, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

function invalidParams(message: string, violations: readonly Violation[] = []): PlatformError {
  return Errors.validation(violations, message);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * UCP's MCP binding (checkout-mcp.md, cart-mcp.md, catalog/mcp.md, order-mcp.md; the tools of
 * services/shopping/mcp.openrpc.json) over MCP's streamable HTTP, JSON answers only: the MCP
 * lifecycle (`initialize`, `notifications/initialized`, `ping`), `tools/list` and `tools/call`,
 * each tool the REST operation of the same name on the same engine, with the same scope,
 * negotiation and idempotency store.
 *
 * Written here rather than on @modelcontextprotocol/sdk's server (1.32): its transport answers
 * every JSON-RPC error with HTTP 200, where UCP makes the HTTP status the primary signal (401,
 * 403, 409, 429, 503 beside −32000/−32001), answers a well-formed non-request with −32700 and bad
 * tools/call params with −32603 where JSON-RPC says −32600 and −32602, and would bring Express
 * and Hono into the service's image for a few hundred lines of protocol. The SDK's client is what
 * the tests drive this with (apps/shopping/test/mcp-*.e2e-spec.ts).
 */
@Injectable()
export class McpService {
  private readonly logger = new Logger(McpService.name);
  private readonly pipe = new PlatformValidationPipe();
  private readonly engine: McpEngine;

  constructor(
    private readonly negotiation: UcpNegotiation,
    private readonly idempotency: McpIdempotency,
    checkout: CheckoutService,
    carts: CartsService,
    catalog: CatalogService,
    orders: OrdersService,
  ) {
    this.engine = { checkout, carts, catalog, orders };
  }

  async handle(post: McpPost): Promise<McpAnswer> {
    const message = readJsonRpc(post.body);
    if (message.kind === 'invalid')
      return this.fault(
        message.id,
        new JsonRpcFault(
          post.body === undefined ? JsonRpcCode.PARSE_ERROR : JsonRpcCode.INVALID_REQUEST,
          post.body === undefined ? 'Parse error: no JSON body' : `Invalid Request: ${message.message}`,
          400,
        ),
      );
    const id = message.kind === 'request' ? message.id : null;
    const version = firstHeader(post.headers['mcp-protocol-version']);
    if (version !== undefined && !MCP_PROTOCOL_VERSIONS.includes(version))
      return this.fault(
        id,
        new JsonRpcFault(
          JsonRpcCode.INVALID_REQUEST,
          `Invalid Request: unsupported MCP-Protocol-Version ${version}; this server speaks ${MCP_PROTOCOL_VERSIONS.join(', ')}`,
          400,
        ),
      );
    let business: BusinessKey;
    try {
      business = await this.negotiation.business(
        post.principal,
        post.params,
        String(firstHeader(post.headers.authorization) ?? ''),
      );
    } catch (e) {
      return this.fault(id, faultOf(e, 'request', this.logger));
    }
    // Notifications (initialized, cancelled, …) and a client's responses need no answer.
    if (message.kind !== 'request') return { status: 202, headers: {} };
    const answer: McpAnswer = { status: 200, headers: {} };
    try {
      const result = await this.dispatch(message.method, message.params, post, business, answer.headers);
      return { ...answer, body: resultBody(message.id, result) };
    } catch (e) {
      return this.fault(message.id, faultOf(e, 'method', this.logger));
    }
  }

  private fault(id: JsonRpcId | null, fault: JsonRpcFault): McpAnswer {
    return { status: fault.httpStatus, headers: { ...fault.headers }, body: errorBody(id, fault) };
  }

  private async dispatch(
    method: string,
    params: unknown,
    post: McpPost,
    business: BusinessKey,
    headers: Record<string, string>,
  ): Promise<unknown> {
    switch (method) {
      case 'initialize':
        return this.initialize(params);
      case 'ping':
        return {};
      case 'tools/list':
        return { tools: MCP_TOOLS.map(describeTool) };
      case 'tools/call':
        return this.callTool(params, post, business, headers);
      default:
        throw new JsonRpcFault(JsonRpcCode.METHOD_NOT_FOUND, `Method not found: ${method}`);
    }
  }

  /** MCP "Lifecycle": the client's version if this server speaks it, else the newest it does. */
  private initialize(params: unknown): unknown {
    if (!isObject(params) || typeof params.protocolVersion !== 'string')
      throw invalidParams('initialize needs params.protocolVersion');
    const asked = params.protocolVersion;
    return {
      protocolVersion: MCP_PROTOCOL_VERSIONS.includes(asked) ? asked : MCP_PROTOCOL_VERSIONS[0],
      capabilities: { tools: { listChanged: false } },
      serverInfo: MCP_SERVER_INFO,
      instructions:
        'UCP 2026-04-08 shopping tools (https://ucp.dev/2026-04-08/services/shopping/mcp.openrpc.json). ' +
        'Every call carries meta["ucp-agent"].profile; complete_checkout, cancel_checkout and cancel_cart ' +
        'also meta["idempotency-key"] (a uuid).',
    };
  }

  private async callTool(
    params: unknown,
    post: McpPost,
    business: BusinessKey,
    headers: Record<string, string>,
  ): Promise<McpToolResult> {
    if (!isObject(params) || typeof params.name !== 'string')
      throw invalidParams('tools/call needs params.name');
    const tool = MCP_TOOLS_BY_NAME.get(params.name);
    if (!tool) throw invalidParams(`unknown tool ${params.name}`);
    const args = params.arguments ?? {};
    if (!isObject(args)) throw invalidParams('params.arguments must be an object');
    if (!hasAnyScope(post.principal.scopes, [tool.scope]))
      throw Errors.forbidden(`this operation requires one of the scopes: ${tool.scope}`);
    const meta = isObject(args.meta) ? args.meta : undefined;
    if (args.meta !== undefined && !meta) throw invalidParams('meta must be an object');
    const agent = this.agentOf(meta, post.headers);
    if ('problem' in agent) throw invalidParams(agent.problem);
    const key = this.keyOf(tool, meta, post.headers);
    const input = await this.inputOf(tool, args);
    let ctx: ShoppingContext;
    try {
      ctx = await this.negotiation.negotiate(post.principal, business, agent.agent);
    } catch (e) {
      // No capability in common is a business outcome (overview.md): the REST body as the result.
      if (e instanceof PlatformError && e.status === 200) return toolResult(toShoppingError(e));
      throw e;
    }
    const run = async () => toolResult((await tool.run(this.engine, ctx, input)).body);
    if (key === undefined) return run();
    const { meta: _meta, ...rest } = args;
    const once = await this.idempotency.once(
      {
        credentialId: post.principal.tokenId,
        route: post.route,
        params: post.params,
        tool: tool.name,
        key,
        args: rest,
      },
      run,
    );
    if (once.replayed) headers[REPLAYED_HEADER] = 'true';
    return once.result;
  }

  /** `meta["ucp-agent"].profile`, or the UCP-Agent header (signatures.md: the headers work as in REST). */
  private agentOf(meta: Record<string, unknown> | undefined, headers: McpPost['headers']): UcpAgentReading {
    const agent = meta?.['ucp-agent'];
    if (agent === undefined) {
      if (headers['ucp-agent'] !== undefined) return readUcpAgent(headers['ucp-agent']);
      return { problem: 'meta["ucp-agent"] is required: {"profile": "<url of the agent profile>"}' };
    }
    if (!isObject(agent) || typeof agent.profile !== 'string')
      return { problem: 'meta["ucp-agent"] needs profile: "<url of the agent profile>"' };
    if (agent.version !== undefined && typeof agent.version !== 'string')
      return { problem: 'meta["ucp-agent"].version must be a string' };
    return ucpAgentOf(agent.profile, agent.version, 'meta["ucp-agent"].profile');
  }

  /** `meta["idempotency-key"]` (a uuid), or the Idempotency-Key header; required where the tool says. */
  private keyOf(
    tool: McpTool,
    meta: Record<string, unknown> | undefined,
    headers: McpPost['headers'],
  ): string | undefined {
    if (tool.idempotency === 'none') return undefined;
    const inMeta = meta?.['idempotency-key'];
    if (inMeta !== undefined && typeof inMeta !== 'string')
      throw invalidParams(`${MCP_IDEMPOTENCY_KEY} must be a uuid string`);
    const reading = readIdempotencyKey(
      inMeta ?? headers['idempotency-key'],
      MCP_IDEMPOTENCY_KEY,
      'uuid',
      tool.idempotency === 'required',
    );
    if (reading.violation) throw invalidParams(reading.violation.message, [reading.violation]);
    return reading.key;
  }

  /** The `id` and payload params, validated as REST validates its path and body (the same classes). */
  private async inputOf(
    tool: McpTool,
    args: Record<string, unknown>,
  ): Promise<{ id: string; payload: unknown }> {
    const allowed = new Set([
      'meta',
      ...(tool.id ? ['id'] : []),
      ...(tool.payload ? [tool.payload.name] : []),
    ]);
    const unknown = Object.keys(args).filter((name) => !allowed.has(name));
    if (unknown.length)
      throw invalidParams(
        `${tool.name} takes no argument ${unknown.join(', ')}`,
        unknown.map((name) => ({
          location: 'body',
          path: [name],
          code: 'UNKNOWN_FIELD',
          message: `unknown argument ${name}`,
        })),
      );
    let id = '';
    if (tool.id) {
      if (typeof args.id !== 'string') throw invalidParams('the id argument is required (a string)');
      id = ((await this.validate(ResourceParams, { id: args.id }, [])) as ResourceParams).id;
    }
    let payload: unknown;
    if (tool.payload) {
      const name = tool.payload.name;
      if (!isObject(args[name])) throw invalidParams(`the ${name} argument is required (an object)`);
      payload = await this.validate(tool.payload.type, args[name], [name]);
    }
    return { id, payload };
  }

  /** The REST validation pipe on one argument; violations get the argument's name in their path. */
  private async validate(type: new () => object, value: unknown, at: readonly string[]): Promise<unknown> {
    try {
      return await this.pipe.transform(value, { type: 'body', metatype: type });
    } catch (e) {
      if (e instanceof PlatformError && e.kind === 'validation')
        throw invalidParams(
          e.message,
          e.violations.map((v) => ({ ...v, location: 'body', path: [...at, ...v.path] })),
        );
      throw e;
    }
  }
}
