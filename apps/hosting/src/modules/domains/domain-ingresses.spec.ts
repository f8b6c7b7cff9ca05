// The reconcile of custom domains' Ingresses with the table, on the Kubernetes runtime driver against
// the in-process fake API server the driver's own spec uses (test/support): the real
// @kubernetes/client-node on the wire, objects schema-checked on both sides.
import { KubernetesObjectApi, PatchStrategy } from '@kubernetes/client-node';
import { FakeKubernetesApi } from '../../../test/support/fake-kubernetes-api';
import { domainIngressName } from '../runtime/kubernetes-domain-ingress';
import { KubernetesDriver } from '../runtime/kubernetes-driver';
import { resourceName } from '../runtime/kubernetes-objects';
import type { ActiveDomainRoute } from './domain-ingresses';
import { planDomainIngresses, reconcileDomainIngresses } from './domain-ingresses';

const NS = 'developer-platform-apps';
const APP = 'NODEJS-V1StGXR8_Z';
const route = (hostname: string, variant: 'PREVIEW' | 'PUBLISH' = 'PUBLISH'): ActiveDomainRoute => ({
  hostname,
  appId: APP,
  variant,
});

describe('planDomainIngresses', () => {
  it('applies what ACTIVE domains lack or what sends elsewhere, removes what no ACTIVE domain has', () => {
    const plan = planDomainIngresses(
      [
        { hostname: 'kept.example.com', key: { appId: APP, variant: 'PUBLISH' } },
        { hostname: 'moved.example.com', key: { appId: APP, variant: 'PREVIEW' } },
        { hostname: 'unreadable.example.com', key: null },
        { hostname: 'detached.example.com', key: { appId: APP, variant: 'PUBLISH' } },
      ],
      [
        route('kept.example.com'),
        route('moved.example.com'),
        route('unreadable.example.com'),
        route('lost.example.com'),
      ],
    );
    expect(plan).toEqual({
      apply: [route('moved.example.com'), route('unreadable.example.com'), route('lost.example.com')],
      remove: ['detached.example.com'],
    });
    expect(planDomainIngresses([], [])).toEqual({ apply: [], remove: [] });
  });

  it('leaves the Ingress of a PENDING domain alone (a check applies it just before the row turns ACTIVE)', () => {
    const existing = [{ hostname: 'turning.example.com', key: { appId: APP, variant: 'PUBLISH' as const } }];
    expect(planDomainIngresses(existing, [], ['turning.example.com'])).toEqual({ apply: [], remove: [] });
    expect(planDomainIngresses(existing, [], [])).toEqual({ apply: [], remove: ['turning.example.com'] });
  });
});

describe('reconcileDomainIngresses on a (fake) cluster', () => {
  let fake: FakeKubernetesApi;
  let driver: KubernetesDriver;

  beforeEach(async () => {
    fake = new FakeKubernetesApi();
    await fake.start();
    driver = new KubernetesDriver(fake.kubeConfig(), {
      namespace: NS,
      runtimeImage: 'node:20.20.2-slim',
      buildsClaimName: 'hosting-builds',
      dataDir: '/var/lib/hosting',
      pollIntervalMs: 20,
      startupTimeoutMs: 5000,
    });
  });

  afterEach(async () => {
    await driver.stopAll();
    await fake.stop();
  });

  /** An Ingress of the namespace that is no custom domain's (another component's): never touched. */
  async function applyForeignIngress(): Promise<void> {
    const objects = KubernetesObjectApi.makeApiClient(fake.kubeConfig());
    await objects.patch(
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: { name: 'console', namespace: NS, labels: { 'app.kubernetes.io/name': 'console' } },
        spec: {
          rules: [
            {
              host: 'console.example.net',
              http: {
                paths: [
                  {
                    path: '/',
                    pathType: 'Prefix',
                    backend: { service: { name: 'console', port: { number: 80 } } },
                  },
                ],
              },
            },
          ],
        },
      },
      undefined,
      undefined,
      'test',
      true,
      PatchStrategy.ServerSideApply,
    );
  }

  it('lists the custom domains’ Ingresses with their host and variant, and nothing else of the namespace', async () => {
    await driver.applyDomainIngress('shop.example.com', { appId: APP, variant: 'PREVIEW' }, 'letsencrypt');
    await applyForeignIngress();
    expect(await driver.listDomainIngresses()).toEqual([
      { hostname: 'shop.example.com', key: { appId: APP, variant: 'PREVIEW' } },
    ]);
  });

  it('after lost jobs: applies the missing and misdirected Ingresses of ACTIVE domains, removes a detached one’s, then changes nothing', async () => {
    await driver.applyDomainIngress('kept.example.com', { appId: APP, variant: 'PUBLISH' }, 'letsencrypt');
    await driver.applyDomainIngress('moved.example.com', { appId: APP, variant: 'PREVIEW' }, 'letsencrypt');
    await driver.applyDomainIngress(
      'detached.example.com',
      { appId: APP, variant: 'PUBLISH' },
      'letsencrypt',
    );
    await applyForeignIngress();
    const active = [route('kept.example.com'), route('moved.example.com'), route('lost.example.com')];

    const outcome = await reconcileDomainIngresses(
      driver,
      { activeRoutes: async () => active, pendingHostnames: async () => [] },
      'letsencrypt',
    );
    expect(outcome).toEqual({
      applied: ['moved.example.com', 'lost.example.com'],
      removed: ['detached.example.com'],
    });
    expect(fake.object('Ingress', NS, domainIngressName('detached.example.com'))).toBeUndefined();
    for (const hostname of ['kept.example.com', 'moved.example.com', 'lost.example.com'])
      expect(fake.object('Ingress', NS, domainIngressName(hostname))).toMatchObject({
        metadata: {
          annotations: {
            'hosting.platform/hostname': hostname,
            'hosting.platform/variant': 'PUBLISH',
            'cert-manager.io/cluster-issuer': 'letsencrypt',
          },
        },
        spec: {
          rules: [
            {
              host: hostname,
              http: { paths: [{ backend: { service: { name: resourceName(route(hostname)) } } }] },
            },
          ],
        },
      });
    expect(fake.object('Ingress', NS, 'console')).toBeDefined();

    // In line now: a second run lists, and writes nothing.
    const writes = () => fake.requests.filter((r) => r.method !== 'GET').length;
    const before = writes();
    expect(
      await reconcileDomainIngresses(
        driver,
        { activeRoutes: async () => active, pendingHostnames: async () => [] },
        'letsencrypt',
      ),
    ).toEqual({ applied: [], removed: [] });
    expect(writes()).toBe(before);
  });

  it('removes every custom domain’s Ingress when no domain is ACTIVE', async () => {
    await driver.applyDomainIngress('a.example.com', { appId: APP, variant: 'PUBLISH' }, 'letsencrypt');
    await driver.applyDomainIngress('b.example.com', { appId: APP, variant: 'PREVIEW' }, 'letsencrypt');
    const outcome = await reconcileDomainIngresses(
      driver,
      { activeRoutes: async () => [], pendingHostnames: async () => [] },
      'letsencrypt',
    );
    expect(outcome.removed.sort()).toEqual(['a.example.com', 'b.example.com']);
    expect(await driver.listDomainIngresses()).toEqual([]);
  });
});
