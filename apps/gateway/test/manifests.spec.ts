// Every kustomize overlay, rendered with `kubectl kustomize`, against the route table: a
// Deployment, Service and PodDisruptionBudget per process, probes, resources, pinned images,
// credentials only from the Secret, and the migration Job. The Ingress has its own spec.
import { SERVICE_PORTS } from '@platform/config';
import { workerHealthEnv } from '../src/config/gateway.config';
import { ROUTE_TABLE } from '../src/routes/route-table';
import {
  Container,
  K8sObject,
  PLATFORM_APPS,
  PlatformApp,
  SECRET_ENV,
  allContainers,
  byKind,
  isPinnedImage,
  isPlatformObject,
  overlayNames,
  podSpec,
  renderOverlay,
  resolvePort,
  workloads,
} from './k8s-manifests';

const overlays = overlayNames();
const NAME_LABEL = 'app.kubernetes.io/name';
const AUTOSCALED = ['gateway', 'commerce-rest', 'countries'];
const SECRET_NAME = /^platform-secrets(-[a-z0-9]+)?$/;

/** The container named like the app in the app's Deployment; throws when either is missing. */
function mainContainer(deployments: Map<string, K8sObject>, app: PlatformApp): Container {
  const deployment = deployments.get(app.name);
  if (!deployment) throw new Error(`no Deployment/${app.name}`);
  const container = podSpec(deployment).containers.find((c) => c.name === app.name);
  if (!container) throw new Error(`Deployment/${app.name} has no container named ${app.name}`);
  return container;
}

function imageName(image: string): string {
  const withoutDigest = image.split('@')[0];
  const lastSegment = withoutDigest.slice(withoutDigest.lastIndexOf('/') + 1);
  return lastSegment.split(':')[0];
}

it('k8s/overlays holds at least one overlay', () => {
  expect(overlays.length).toBeGreaterThan(0);
});

describe.each(overlays)('k8s overlay %s', (overlay) => {
  let objects: K8sObject[];
  let deployments: Map<string, K8sObject>;
  let services: Map<string, K8sObject>;
  let pdbs: Map<string, K8sObject>;
  let configMaps: Map<string, K8sObject>;
  let secrets: Map<string, K8sObject>;

  beforeAll(() => {
    objects = renderOverlay(overlay);
    deployments = byKind(objects, 'Deployment');
    services = byKind(objects, 'Service');
    pdbs = byKind(objects, 'PodDisruptionBudget');
    configMaps = byKind(objects, 'ConfigMap');
    secrets = byKind(objects, 'Secret');
  });

  describe.each(PLATFORM_APPS)('$name ($kind)', (app) => {
    it('has a Deployment whose selector matches its pod labels', () => {
      const deployment = deployments.get(app.name);
      expect(deployment).toBeDefined();
      const selector = deployment?.spec?.selector?.matchLabels;
      expect(selector).toEqual({ [NAME_LABEL]: app.name });
      expect(deployment?.spec?.template?.metadata?.labels).toMatchObject(selector ?? {});
    });

    it("runs its service's image, listening on its port", () => {
      const container = mainContainer(deployments, app);
      expect(imageName(container.image)).toBe(app.image);
      expect(container.ports?.map((p) => p.containerPort)).toContain(app.port);
      const port = container.env?.find((e) => e.name === 'PORT');
      expect(port?.value).toBe(String(app.port));
    });

    if (app.kind === 'worker') {
      it("runs the worker entry point with the image's Node flags", () => {
        const container = mainContainer(deployments, app);
        expect(container.command).toEqual([
          'node',
          '--min-semi-space-size=16',
          `dist/apps/${app.image}/apps/${app.image}/src/worker.js`,
        ]);
      });
    }

    it('probes /health/live for liveness and /health/ready for readiness on its port', () => {
      const container = mainContainer(deployments, app);
      expect(container.livenessProbe?.httpGet?.path).toBe('/health/live');
      expect(container.readinessProbe?.httpGet?.path).toBe('/health/ready');
      expect(resolvePort(container, container.livenessProbe?.httpGet?.port)).toBe(app.port);
      expect(resolvePort(container, container.readinessProbe?.httpGet?.port)).toBe(app.port);
    });

    it('has a Service selecting its pods on its port', () => {
      const service = services.get(app.name);
      expect(service).toBeDefined();
      expect(service?.spec?.selector).toEqual({ [NAME_LABEL]: app.name });
      const port = service?.spec?.ports?.find((p) => p.port === app.port);
      expect(port).toBeDefined();
      const container = mainContainer(deployments, app);
      expect(resolvePort(container, port?.targetPort ?? port?.port)).toBe(app.port);
    });

    it('has a PodDisruptionBudget selecting its pods', () => {
      const pdb = pdbs.get(app.name);
      expect(pdb).toBeDefined();
      expect(pdb?.spec?.selector?.matchLabels).toEqual({ [NAME_LABEL]: app.name });
    });
  });

  it('has no platform Deployment, Service or PodDisruptionBudget that the route table does not name', () => {
    const expected = PLATFORM_APPS.map((a) => a.name).sort();
    for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget']) {
      const names = objects.filter((o) => o.kind === kind && isPlatformObject(o)).map((o) => o.metadata.name);
      expect({ kind, names: names.sort() }).toEqual({ kind, names: expected });
    }
  });

  it.each(AUTOSCALED)('autoscales %s with a HorizontalPodAutoscaler on its Deployment', (name) => {
    const hpa = byKind(objects, 'HorizontalPodAutoscaler').get(name);
    expect(hpa?.spec?.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
    expect(hpa?.spec?.minReplicas).toBeGreaterThanOrEqual(1);
    expect(hpa?.spec?.maxReplicas).toBeGreaterThanOrEqual(hpa?.spec?.minReplicas ?? 1);
  });

  it('pins every container image to a tag or digest, never latest', () => {
    const images = workloads(objects).flatMap((w) => allContainers(w).map((c) => c.image));
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((image) => !isPinnedImage(image))).toEqual([]);
  });

  it('gives every container cpu and memory requests and a memory limit', () => {
    const missing = workloads(objects).flatMap((w) =>
      allContainers(w)
        .filter(
          (c) =>
            !c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory,
        )
        .map((c) => `${w.kind}/${w.metadata.name}/${c.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('runs every platform container as non-root with a read-only root filesystem', () => {
    const offenders = workloads(objects)
      .filter(isPlatformObject)
      .flatMap((w) => {
        const pod = podSpec(w);
        return allContainers(w)
          .filter(
            (c) =>
              !(c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot) ||
              c.securityContext?.readOnlyRootFilesystem !== true ||
              c.securityContext?.allowPrivilegeEscalation !== false,
          )
          .map((c) => `${w.kind}/${w.metadata.name}/${c.name}`);
      });
    expect(offenders).toEqual([]);
  });

  it('never sets DATABASE_URL, REDIS_URL or SECRETS_ENCRYPTION_KEY inline, only from a Secret', () => {
    const inline = workloads(objects).flatMap((w) =>
      allContainers(w).flatMap((c) =>
        (c.env ?? [])
          .filter((e) => (SECRET_ENV as readonly string[]).includes(e.name))
          .filter((e) => e.value !== undefined || !e.valueFrom?.secretKeyRef)
          .map((e) => `${w.kind}/${w.metadata.name}/${c.name}: ${e.name}`),
      ),
    );
    expect(inline).toEqual([]);
    const inConfigMaps = [...configMaps.values()].flatMap((cm) =>
      SECRET_ENV.filter((key) => cm.data?.[key] !== undefined).map((key) => `${cm.metadata.name}: ${key}`),
    );
    expect(inConfigMaps).toEqual([]);
  });

  /** The main container of every platform Deployment and every step of the migration Job. */
  function platformProcesses(): { where: string; container: Container }[] {
    const job = byKind(objects, 'Job').get('platform-migrate');
    return [
      ...PLATFORM_APPS.map((app) => ({
        where: `Deployment/${app.name}`,
        container: mainContainer(deployments, app),
      })),
      ...(job ? (podSpec(job).initContainers ?? []) : []).map((container) => ({
        where: 'Job/platform-migrate',
        container,
      })),
    ];
  }

  it('gives every platform process its credentials from platform-secrets', () => {
    for (const { where, container } of platformProcesses()) {
      for (const name of SECRET_ENV) {
        const ref = container.env?.find((e) => e.name === name)?.valueFrom?.secretKeyRef;
        expect({ where, container: container.name, name, ref }).toEqual({
          where,
          container: container.name,
          name,
          ref: { name: expect.stringMatching(SECRET_NAME), key: name },
        });
        // When the overlay renders the Secret itself, it holds the key.
        const secret = ref && secrets.get(ref.name);
        if (secret) expect(Object.keys(secret.data ?? {})).toContain(name);
      }
    }
  });

  it('configures every platform process from a rendered platform-config ConfigMap with MIGRATIONS=job', () => {
    for (const { where, container } of platformProcesses()) {
      const refs = (container.envFrom ?? []).flatMap((e) => (e.configMapRef ? [e.configMapRef.name] : []));
      expect({ where, container: container.name, refs }).toEqual({
        where,
        container: container.name,
        refs: [expect.stringMatching(/^platform-config(-[a-z0-9]+)?$/)],
      });
      expect(configMaps.get(refs[0])?.data?.MIGRATIONS).toBe('job');
    }
  });

  it('points the gateway at every route-table service by its <SERVICE>_URL', () => {
    const gateway = mainContainer(deployments, PLATFORM_APPS[0]);
    for (const row of ROUTE_TABLE) {
      const value = gateway.env?.find((e) => e.name === row.urlEnv)?.value;
      expect({ env: row.urlEnv, value }).toEqual({
        env: row.urlEnv,
        value: `http://${row.service}:${SERVICE_PORTS[row.service]}`,
      });
    }
  });

  it("points the gateway's /healthz at every route-table worker by its <SERVICE>_<WORKER>_HEALTH_URL", () => {
    const gateway = mainContainer(deployments, PLATFORM_APPS[0]);
    for (const row of ROUTE_TABLE) {
      for (const worker of row.workers) {
        const env = workerHealthEnv(row.service, worker.name);
        const value = gateway.env?.find((e) => e.name === env)?.value;
        expect({ env, value }).toEqual({ env, value: `http://${row.service}-${worker.name}:${worker.port}` });
      }
    }
  });

  it("migrates every route-table service in the platform-migrate Job, in route-table order, with the service's own image", () => {
    const job = byKind(objects, 'Job').get('platform-migrate');
    expect(job).toBeDefined();
    const steps = (job && podSpec(job).initContainers) ?? [];
    expect(steps.map((c) => c.name)).toEqual(ROUTE_TABLE.map((row) => row.service));
    for (const [i, row] of ROUTE_TABLE.entries()) {
      expect(imageName(steps[i].image)).toBe(row.service);
      expect(steps[i].command).toEqual([
        'node',
        `dist/apps/${row.service}/apps/${row.service}/src/migrate.js`,
      ]);
    }
  });

  it('labels every platform Deployment, Service and PodDisruptionBudget with its name and part-of', () => {
    for (const app of PLATFORM_APPS) {
      for (const obj of [deployments.get(app.name), services.get(app.name), pdbs.get(app.name)]) {
        expect(obj?.metadata.labels).toMatchObject({
          [NAME_LABEL]: app.name,
          'app.kubernetes.io/part-of': 'developer-platform',
        });
      }
    }
  });
});
