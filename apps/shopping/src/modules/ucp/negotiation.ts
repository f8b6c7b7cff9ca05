import { SUPPORTED_VERSIONS, type CapabilityDeclaration } from './ucp-protocol';

/** What the business keeps of an agent's profile (`ucp.json#/$defs/platform_schema`). */
export interface AgentProfile {
  readonly version: string;
  /** Capability name → the versions the agent declares. */
  readonly capabilities: ReadonlyMap<string, readonly string[]>;
  /** `dev.ucp.shopping.order[].config.webhook_url`, where order events go. */
  readonly orderWebhookUrl: string | null;
  /** The agent's `signing_keys` (public JWKs). */
  readonly signingKeys: readonly Record<string, unknown>[];
}

export type Negotiation =
  | { readonly ok: true; readonly version: string; readonly capabilities: ReadonlyMap<string, string> }
  | {
      readonly ok: false;
      readonly code: 'version_unsupported' | 'capabilities_incompatible';
      readonly content: string;
    };

/**
 * UCP's negotiation (overview.md "Negotiation Protocol"): the agent's version must be one the
 * business supports; the capabilities are the intersection by name at the highest common version,
 * and an extension whose parents all dropped out is pruned, repeatedly, until nothing changes.
 */
export function negotiate(
  business: readonly CapabilityDeclaration[],
  agent: Pick<AgentProfile, 'version' | 'capabilities'>,
  requestedVersion?: string,
): Negotiation {
  const version = requestedVersion ?? agent.version;
  if (!SUPPORTED_VERSIONS.includes(version))
    return {
      ok: false,
      code: 'version_unsupported',
      content: `UCP version ${version} is not supported; this business speaks ${SUPPORTED_VERSIONS.join(', ')}`,
    };
  const chosen = new Map<string, string>();
  for (const cap of business) {
    const offered = agent.capabilities.get(cap.name) ?? [];
    const common = offered.filter((v) => v === cap.version).sort();
    if (common.length > 0) chosen.set(cap.name, common[common.length - 1]);
  }
  let pruned = true;
  while (pruned) {
    pruned = false;
    for (const cap of business) {
      if (!chosen.has(cap.name) || !cap.extends) continue;
      if (!cap.extends.some((parent) => chosen.has(parent))) {
        chosen.delete(cap.name);
        pruned = true;
      }
    }
  }
  if (chosen.size === 0)
    return {
      ok: false,
      code: 'capabilities_incompatible',
      content: 'the agent profile declares none of the capabilities this business offers at a common version',
    };
  return { ok: true, version, capabilities: chosen };
}

/** Reads an agent profile document; undefined when it is not one (→ profile_malformed). */
export function parseAgentProfile(doc: unknown): AgentProfile | undefined {
  if (!isObject(doc) || !isObject(doc.ucp)) return undefined;
  const { version, capabilities } = doc.ucp;
  if (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version)) return undefined;
  if (capabilities !== undefined && !isObject(capabilities)) return undefined;
  const caps = new Map<string, string[]>();
  let orderWebhookUrl: string | null = null;
  for (const [name, entries] of Object.entries(capabilities ?? {})) {
    if (!Array.isArray(entries)) return undefined;
    const versions: string[] = [];
    for (const entry of entries as unknown[]) {
      if (!isObject(entry) || typeof entry.version !== 'string') return undefined;
      versions.push(entry.version);
      const config = entry.config;
      if (name === 'dev.ucp.shopping.order' && isObject(config) && typeof config.webhook_url === 'string')
        orderWebhookUrl ??= config.webhook_url;
    }
    caps.set(name, versions);
  }
  const keys = Array.isArray(doc.signing_keys) ? doc.signing_keys.filter(isObject) : [];
  return { version, capabilities: caps, orderWebhookUrl, signingKeys: keys };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
