import {
  AGENT_PROTOCOLS,
  AGENT_TRANSPORTS,
  AgentEndpoint,
  AgentProtocol,
  AgentTransport,
  REGISTRATION_STATUSES,
  RegistrationStatus,
} from './agent.model';
import { AgentsErrorCode, AgentsErrors } from './agents.errors';

/** What a registration carries before validation (admin CLI today, a public POST later). */
export interface RegistrationInput {
  readonly accountId: string;
  readonly providerId: string;
  readonly agentHost: string;
  readonly version: string;
  readonly displayName?: string;
  readonly description?: string;
  readonly status?: string;
  readonly endpoints?: readonly {
    readonly agentUrl: string;
    readonly metaDataUrl?: string;
    readonly documentationUrl?: string;
    readonly protocol: string;
    readonly transports: readonly string[];
    readonly functions?: readonly { id: string; name: string; tags?: readonly string[] }[];
  }[];
  /** PEM PKCS#10 request for the host's server certificate; without it the registry makes a key. */
  readonly csrPem?: string;
}

/** A registration that passed every rule, normalised (host lower-case, defaults applied). */
export interface ValidRegistration {
  readonly accountId: string;
  readonly providerId: string;
  readonly agentHost: string;
  readonly version: string;
  readonly displayName: string;
  readonly description: string | null;
  readonly status: RegistrationStatus;
  readonly endpoints: AgentEndpoint[];
  readonly csrPem?: string;
}

/** Bare semantic version, as ANS requires (no pre-release or build part). */
export const VERSION_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const PROVIDER_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const MAX_FUNCTIONS = 64;

function fail(code: string, message: string): never {
  throw AgentsErrors.invalidRegistration(code, message);
}

/** An RFC 1123 fully qualified host name of two labels or more, lower-cased; else undefined. */
export function normalizeAgentHost(raw: string): string | undefined {
  const host = raw.trim().toLowerCase().replace(/\.$/, '');
  if (host.length < 1 || host.length > 253) return undefined;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  if (/^\d+$/.test(labels[labels.length - 1])) return undefined; // an IPv4 address, not a name
  return host;
}

function httpsUrl(raw: string | undefined, field: string, host?: string): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail(AgentsErrorCode.INVALID_ENDPOINT, `${field} must be an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    fail(AgentsErrorCode.INVALID_ENDPOINT, `${field} must be an http(s) URL`);
  if (raw.length > 2048) fail(AgentsErrorCode.INVALID_ENDPOINT, `${field} must be at most 2048 characters`);
  if (host !== undefined && url.hostname.toLowerCase() !== host)
    fail(AgentsErrorCode.INVALID_ENDPOINT, `${field} must be on the agent host ${host}`);
  return url.toString();
}

function endpoint(raw: NonNullable<RegistrationInput['endpoints']>[number], host: string): AgentEndpoint {
  if (!(AGENT_PROTOCOLS as readonly string[]).includes(raw.protocol))
    fail(AgentsErrorCode.INVALID_ENDPOINT, `protocol must be one of ${AGENT_PROTOCOLS.join(', ')}`);
  if (raw.transports.length < 1)
    fail(AgentsErrorCode.INVALID_ENDPOINT, 'an endpoint needs at least one transport');
  for (const t of raw.transports) {
    if (!(AGENT_TRANSPORTS as readonly string[]).includes(t))
      fail(AgentsErrorCode.INVALID_ENDPOINT, `transport must be one of ${AGENT_TRANSPORTS.join(', ')}`);
  }
  const functions = raw.functions?.map((f) => {
    if (!f.id || f.id.length > 64 || !f.name || f.name.length > 64)
      fail(AgentsErrorCode.INVALID_ENDPOINT, 'a function needs an id and a name of 1 to 64 characters');
    const tags = [...(f.tags ?? [])];
    if (tags.length > 5 || tags.some((t) => t.length < 1 || t.length > 20))
      fail(AgentsErrorCode.INVALID_ENDPOINT, 'a function takes at most 5 tags of 1 to 20 characters');
    return { id: f.id, name: f.name, tags };
  });
  if (functions && functions.length > MAX_FUNCTIONS)
    fail(AgentsErrorCode.INVALID_ENDPOINT, `an endpoint takes at most ${MAX_FUNCTIONS} functions`);
  const metaDataUrl = httpsUrl(raw.metaDataUrl, 'metaDataUrl');
  const documentationUrl = httpsUrl(raw.documentationUrl, 'documentationUrl');
  return {
    agentUrl: httpsUrl(raw.agentUrl, 'agentUrl', host) as string,
    ...(metaDataUrl ? { metaDataUrl } : {}),
    ...(documentationUrl ? { documentationUrl } : {}),
    protocol: raw.protocol as AgentProtocol,
    transports: [...new Set(raw.transports)] as AgentTransport[],
    ...(functions ? { functions } : {}),
  };
}

/**
 * The registration rules of ANS (public-counterparts §6.2): bare semver, an FQDN host, at least
 * one endpoint, at most one per protocol, every agentUrl on the agent host. Without endpoints the
 * registration gets one MCP endpoint over STREAMABLE-HTTP at https://<host>/mcp.
 */
export function validateRegistration(input: RegistrationInput): ValidRegistration {
  const agentHost = normalizeAgentHost(input.agentHost);
  if (!agentHost)
    fail(AgentsErrorCode.INVALID_AGENT_HOST, 'agentHost must be a fully qualified domain name (RFC 1123)');
  if (!VERSION_PATTERN.test(input.version) || input.version.length > 64)
    fail(AgentsErrorCode.INVALID_VERSION, 'version must be a semantic version such as 1.0.0');
  if (!PROVIDER_PATTERN.test(input.providerId))
    fail(AgentsErrorCode.INVALID_REGISTRATION, 'providerId must be 1 to 128 of A-Z a-z 0-9 . _ : -');
  const displayName = input.displayName ?? agentHost;
  if (displayName.length < 1 || displayName.length > 64)
    fail(AgentsErrorCode.INVALID_REGISTRATION, 'agentDisplayName must be 1 to 64 characters');
  if (input.description !== undefined && input.description.length > 150)
    fail(AgentsErrorCode.INVALID_REGISTRATION, 'agentDescription must be at most 150 characters');
  const status = input.status ?? 'ACTIVE';
  if (!(REGISTRATION_STATUSES as readonly string[]).includes(status))
    fail(AgentsErrorCode.INVALID_REGISTRATION, `status must be one of ${REGISTRATION_STATUSES.join(', ')}`);
  const rawEndpoints = input.endpoints?.length
    ? input.endpoints
    : [{ agentUrl: `https://${agentHost}/mcp`, protocol: 'MCP', transports: ['STREAMABLE-HTTP'] }];
  const endpoints = rawEndpoints.map((e) => endpoint(e, agentHost));
  const protocols = endpoints.map((e) => e.protocol);
  if (new Set(protocols).size !== protocols.length)
    fail(AgentsErrorCode.DUPLICATE_PROTOCOL, 'at most one endpoint per protocol');
  return {
    accountId: input.accountId.toLowerCase(),
    providerId: input.providerId,
    agentHost,
    version: input.version,
    displayName,
    description: input.description ?? null,
    status: status as RegistrationStatus,
    endpoints,
    ...(input.csrPem ? { csrPem: input.csrPem } : {}),
  };
}
