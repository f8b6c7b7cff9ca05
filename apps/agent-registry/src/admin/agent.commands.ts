import { readFileSync } from 'node:fs';
import { CliError, UUID_FORMAT, defineCommand } from '@platform/cli';
import type { AgentsAdminContext } from './admin-context';

function list(raw: string | undefined): string[] | undefined {
  return raw
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * `agent register --account ID --provider ID --host H --version 1.0.0 [--display-name N]
 * [--description D] [--status ACTIVE|PENDING_VALIDATION] [--protocol MCP --transport
 * STREAMABLE-HTTP --url https://…] [--csr-file PATH]` → {"agentId","ansName"} (ARCHITECTURE.md §5).
 * The flags describe one endpoint; without them the agent gets https://<host>/mcp over MCP.
 */
export const agentRegister = defineCommand({
  noun: 'agent',
  verb: 'register',
  flags: {
    account: {
      required: true,
      description: 'the account that registers (and alone may revoke) it',
      format: UUID_FORMAT,
    },
    provider: { required: true, description: 'the provider id the event feed filters on' },
    host: { required: true, description: 'the agent host, a fully qualified domain name' },
    version: { required: true, description: 'semantic version such as 1.0.0' },
    'display-name': { description: '1 to 64 characters (default: the host)' },
    description: { description: 'at most 150 characters' },
    status: { description: 'ACTIVE (default) or PENDING_VALIDATION' },
    protocol: { description: 'MCP, A2A or HTTP-API (default MCP)' },
    transport: { description: 'comma-separated: STREAMABLE-HTTP, JSON-RPC, REST (default STREAMABLE-HTTP)' },
    url: { description: 'the endpoint agentUrl, on the agent host (default https://<host>/mcp)' },
    'csr-file': { description: 'PEM PKCS#10 request for the server certificate' },
  },
  async run(ctx: AgentsAdminContext, flags) {
    const accountId = flags.account.toLowerCase();
    if (!(await ctx.agents.accountExists(accountId)))
      throw new CliError('ACCOUNT_NOT_FOUND', `no account ${accountId}`);
    const endpointGiven = flags.protocol ?? flags.transport ?? flags.url;
    let csrPem: string | undefined;
    if (flags['csr-file']) {
      try {
        csrPem = readFileSync(flags['csr-file'], 'utf8');
      } catch (e) {
        throw new CliError('INVALID_FLAG_VALUE', `--csr-file cannot be read: ${(e as Error).message}`);
      }
    }
    const agent = await ctx.registration.register({
      accountId,
      providerId: flags.provider,
      agentHost: flags.host,
      version: flags.version,
      displayName: flags['display-name'],
      description: flags.description,
      status: flags.status,
      endpoints: endpointGiven
        ? [
            {
              agentUrl: flags.url ?? `https://${flags.host.toLowerCase()}/mcp`,
              protocol: flags.protocol ?? 'MCP',
              transports: list(flags.transport) ?? ['STREAMABLE-HTTP'],
            },
          ]
        : undefined,
      csrPem,
    });
    return { agentId: agent.agentId, ansName: agent.ansName };
  },
});
