// The Ingress of every kustomize overlay against the route table: each literal prefix goes to the
// service that owns it, /graphql and /healthz to the gateway, and nothing else is listed. Prefixes
// with a {param} segment cannot be Ingress Prefix paths: they reach the gateway (which routes by
// the whole table), through the default backend or through their literal head, which then goes to
// the gateway instead of its owner. Simulated routing checks that no request reaches a wrong service.
import { SERVICE_PORTS } from '@platform/config';
import { ROUTE_TABLE } from '../src/routes/route-table';
import { IngressBackend, K8sObject, byKind, overlayNames, renderOverlay } from './k8s-manifests';

const GATEWAY = { service: 'gateway', port: SERVICE_PORTS.gateway };
const isParamPrefix = (prefix: string) => /\{[A-Za-z][A-Za-z0-9]*\}/.test(prefix);
/** The segments of a {param} prefix before its first parameter: /v2/commerce/stores for …/{storeId}/tax-subgraph. */
const literalHead = (prefix: string) => prefix.slice(0, prefix.indexOf('/{'));
const covers = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

const ROUTES = ROUTE_TABLE.flatMap((row) => row.prefixes.map((prefix) => ({ prefix, service: row.service })));
const PARAM_ROUTES = ROUTES.filter((r) => isParamPrefix(r.prefix));
const EXPECTED_ROUTES = new Map<string, { service: string; port: number }>([
  ['/graphql', GATEWAY],
  ['/healthz', GATEWAY],
  ...ROUTES.filter((r) => !isParamPrefix(r.prefix)).map((r) => {
    // A literal prefix that also holds another service's {param} prefix goes to the gateway.
    const shared = PARAM_ROUTES.some(
      (p) => p.service !== r.service && covers(r.prefix, literalHead(p.prefix)),
    );
    return [r.prefix, shared ? GATEWAY : { service: r.service, port: SERVICE_PORTS[r.service] }] as const;
  }),
]);

function target(backend: IngressBackend | undefined): { service: string; port: number | string | undefined } {
  return {
    service: backend?.service.name ?? '',
    port: backend?.service.port.number ?? backend?.service.port.name,
  };
}

describe.each(overlayNames())('Ingress of k8s overlay %s', (overlay) => {
  let ingress: K8sObject;
  let paths: { path: string; pathType: string; backend: IngressBackend }[];
  let services: Map<string, K8sObject>;

  beforeAll(() => {
    const objects = renderOverlay(overlay);
    const ingresses = objects.filter((o) => o.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    ingress = ingresses[0];
    paths = (ingress.spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? []);
    services = byKind(objects, 'Service');
  });

  it('lists exactly the literal route-table prefixes plus /graphql and /healthz, each once', () => {
    expect(paths.map((p) => p.path).sort()).toEqual([...EXPECTED_ROUTES.keys()].sort());
  });

  it('matches every path as a Prefix (whole path segments)', () => {
    expect(paths.filter((p) => p.pathType !== 'Prefix').map((p) => p.path)).toEqual([]);
  });

  it.each([...EXPECTED_ROUTES.entries()])(
    'sends %s to its owning service (or the gateway) and port',
    (path, expected) => {
      const entry = paths.find((p) => p.path === path);
      expect(target(entry?.backend)).toEqual(expected);
    },
  );

  it.each(ROUTES.map((r) => [r.prefix, r.service] as const))(
    'delivers a request under %s to %s or to the gateway, never to another service',
    (prefix, service) => {
      const sample = `${prefix.replace(/\{[A-Za-z][A-Za-z0-9]*\}/g, '0b6f8c1e-3c1a-4f5e-9a51-5a1d2f3c4b5a')}/x`;
      // Ingress Prefix semantics: the longest matching path wins, else the default backend.
      const match = paths
        .filter((p) => covers(p.path, sample))
        .sort((a, b) => b.path.length - a.path.length)[0];
      const reached = target(match ? match.backend : ingress.spec?.defaultBackend);
      expect([GATEWAY.service, service]).toContain(reached.service);
    },
  );

  it('sends everything else to the gateway (default backend)', () => {
    expect(target(ingress.spec?.defaultBackend)).toEqual(GATEWAY);
  });

  it('names only rendered Services, on a port they expose', () => {
    const backends = [ingress.spec?.defaultBackend, ...paths.map((p) => p.backend)].map(target);
    for (const backend of backends) {
      const ports = services.get(backend.service)?.spec?.ports?.map((p) => p.port) ?? [];
      expect({ ...backend, ports }).toEqual({ ...backend, ports: expect.arrayContaining([backend.port]) });
    }
  });
});
