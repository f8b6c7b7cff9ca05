import { negotiate, parseAgentProfile } from './negotiation';
import { businessCapabilities } from './ucp-protocol';
import { readUcpAgent } from './ucp-agent';

const agent = (names: string[], version = '2026-04-08') => ({
  version,
  capabilities: new Map(names.map((n) => [n, ['2026-04-08']])),
});

describe('UCP negotiation', () => {
  const store = businessCapabilities({ kind: 'store', storeId: 's' });

  it('intersects by name at the common version', () => {
    const outcome = negotiate(
      store,
      agent(['dev.ucp.shopping.checkout', 'dev.ucp.shopping.discount', 'x.other']),
    );
    expect(outcome).toEqual({
      ok: true,
      version: '2026-04-08',
      capabilities: new Map([
        ['dev.ucp.shopping.checkout', '2026-04-08'],
        ['dev.ucp.shopping.discount', '2026-04-08'],
      ]),
    });
  });

  it('prunes an extension whose parents all dropped out', () => {
    const outcome = negotiate(store, agent(['dev.ucp.shopping.order', 'dev.ucp.shopping.discount']));
    expect(outcome.ok && [...outcome.capabilities.keys()]).toEqual(['dev.ucp.shopping.order']);
  });

  it('refuses another protocol version, and answers capabilities_incompatible when nothing is common', () => {
    expect(negotiate(store, agent(['dev.ucp.shopping.checkout'], '2026-01-23'))).toMatchObject({
      ok: false,
      code: 'version_unsupported',
    });
    expect(negotiate(store, agent(['dev.ucp.shopping.checkout']), '2025-01-01')).toMatchObject({
      ok: false,
      code: 'version_unsupported',
    });
    expect(negotiate(store, agent(['x.other']))).toMatchObject({
      ok: false,
      code: 'capabilities_incompatible',
    });
  });

  it('reads a profile: version, capability versions, the order webhook and the signing keys', () => {
    const profile = parseAgentProfile({
      ucp: {
        version: '2026-04-08',
        capabilities: {
          'dev.ucp.shopping.order': [
            { version: '2026-04-08', config: { webhook_url: 'https://a.example/hooks' } },
          ],
        },
      },
      signing_keys: [{ kid: 'k1', kty: 'EC' }],
    });
    expect(profile).toEqual({
      version: '2026-04-08',
      capabilities: new Map([['dev.ucp.shopping.order', ['2026-04-08']]]),
      orderWebhookUrl: 'https://a.example/hooks',
      signingKeys: [{ kid: 'k1', kty: 'EC' }],
    });
    expect(parseAgentProfile({ ucp: { version: 'draft' } })).toBeUndefined();
    expect(parseAgentProfile({ ucp: { version: '2026-04-08', capabilities: { x: [{}] } } })).toBeUndefined();
    expect(parseAgentProfile([])).toBeUndefined();
  });
});

describe('the UCP-Agent header', () => {
  it('reads the profile URL and an optional version', () => {
    expect(readUcpAgent('profile="https://a.example/.well-known/ucp"')).toEqual({
      agent: { profileUrl: 'https://a.example/.well-known/ucp' },
    });
    expect(readUcpAgent('profile="https://a.example/p";version="2026-04-08"')).toEqual({
      agent: { profileUrl: 'https://a.example/p', version: '2026-04-08' },
    });
  });

  it.each([
    [undefined],
    [''],
    ['profile=https://a.example/p'],
    ['profile="not a url"'],
    ['profile="ftp://a.example/p"'],
    ['version="2026-04-08"'],
    ['profile=("https://a" "https://b")'],
  ])('refuses %p', (raw) => {
    expect(readUcpAgent(raw)).toEqual({ problem: expect.any(String) });
  });
});
