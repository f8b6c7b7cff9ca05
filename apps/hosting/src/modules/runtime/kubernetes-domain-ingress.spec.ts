import { buildDomainIngress, domainIngressName } from './kubernetes-domain-ingress';
import { resourceName } from './kubernetes-objects';
import type { VariantKey } from './runtime-driver';

const KEY: VariantKey = { appId: 'NODEJS-V1StGXR8_Z', variant: 'PUBLISH' };
const OPTIONS = { namespace: 'hosted-apps', clusterIssuer: 'letsencrypt' };

describe('the Ingress of a custom domain', () => {
  it('routes the host to the variant’s Service with cert-manager’s annotation and a TLS section', () => {
    const name = domainIngressName('shop.example.com');
    expect(name).toMatch(/^domain-[0-9a-f]{24}$/);
    expect(
      buildDomainIngress('shop.example.com', KEY, { ...OPTIONS, ingressClassName: 'nginx' }).toJSON(),
    ).toEqual({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: {
        name,
        namespace: 'hosted-apps',
        labels: {
          'app.kubernetes.io/name': resourceName(KEY),
          'hosting.platform/variant': 'publish',
          'app.kubernetes.io/component': 'custom-domain',
          'app.kubernetes.io/managed-by': 'hosting',
        },
        annotations: {
          'hosting.platform/app-id': 'NODEJS-V1StGXR8_Z',
          'hosting.platform/variant': 'PUBLISH',
          'hosting.platform/hostname': 'shop.example.com',
          'cert-manager.io/cluster-issuer': 'letsencrypt',
        },
      },
      spec: {
        ingressClassName: 'nginx',
        tls: [{ hosts: ['shop.example.com'], secretName: `${name}-tls` }],
        rules: [
          {
            host: 'shop.example.com',
            http: {
              paths: [
                {
                  path: '/',
                  pathType: 'Prefix',
                  backend: { service: { name: resourceName(KEY), port: { number: 80 } } },
                },
              ],
            },
          },
        ],
      },
    });
  });

  it("names every host name's Ingress apart, within Kubernetes' name limits, whatever its length", () => {
    const long = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(long).toHaveLength(253);
    const name = domainIngressName(long);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).not.toBe(domainIngressName('shop.example.com'));
    expect(buildDomainIngress(long, KEY, OPTIONS).spec?.rules?.[0].host).toBe(long);
  });

  it('refuses, through the Kubernetes schema, an Ingress the API server would reject', () => {
    expect(() =>
      buildDomainIngress('shop.example.com', KEY, { ...OPTIONS, ingressClassName: 7 as unknown as string }),
    ).toThrow(/ingressClassName must be string/);
  });
});
