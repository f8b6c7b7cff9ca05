// The Ingress of every kustomize overlay against the route table: each prefix goes to the service
// that owns it, /graphql and /healthz to the gateway, and nothing else is listed.
import { SERVICE_PORTS } from '@platform/config';
import { ROUTE_TABLE } from '../src/routes/route-table';
import { IngressBackend, K8sObject, byKind, overlayNames, renderOverlay } from './k8s-manifests';

const GATEWAY = { service: 'gateway', port: SERVICE_PORTS.gateway };
const EXPECTED_ROUTES = new Map<string, { service: string; port: number }>([
  ['/graphql', GATEWAY],
  ['/healthz', GATEWAY],
  ...ROUTE_TABLE.flatMap((row) =>
    row.prefixes.map(
      (prefix) => [prefix, { service: row.service, port: SERVICE_PORTS[row.service] }] as const,
    ),
  ),
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

  it('lists exactly the route-table prefixes plus /graphql and /healthz, each once', () => {
    expect(paths.map((p) => p.path).sort()).toEqual([...EXPECTED_ROUTES.keys()].sort());
  });

  it('matches every path as a Prefix (whole path segments)', () => {
    expect(paths.filter((p) => p.pathType !== 'Prefix').map((p) => p.path)).toEqual([]);
  });

  it.each([...EXPECTED_ROUTES.entries()])('sends %s to its owning service and port', (path, expected) => {
    const entry = paths.find((p) => p.path === path);
    expect(target(entry?.backend)).toEqual(expected);
  });

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
