// Every overlay's `kubectl kustomize` output against the Kubernetes schema, and the network and
// RBAC rules of the platform's and the hosted apps' namespaces (docs/hosting.md, "Kubernetes runtime").
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { IRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import type { IRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import { K8sObject, overlayNames, renderOverlay } from './k8s-manifests';
import { schemaViolation } from './k8s-schemas';

const PLATFORM_NS = 'developer-platform';
const APPS_NS = 'developer-platform-apps';
const KUBERNETES_RUNTIME = 'kubernetes-runtime';

function where(o: K8sObject): string {
  return `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
}

function policies(objects: readonly K8sObject[], namespace: string): Map<string, INetworkPolicy> {
  return new Map(
    objects
      .filter((o) => o.kind === 'NetworkPolicy' && o.metadata.namespace === namespace)
      .map((o) => [o.metadata.name, o as unknown as INetworkPolicy]),
  );
}

function policy(map: Map<string, INetworkPolicy>, name: string): INetworkPolicy {
  const found = map.get(name);
  if (!found) throw new Error(`no NetworkPolicy ${name}`);
  return found;
}

const namespacePeer = (name: string): INetworkPolicyPeer['namespaceSelector'] => ({
  matchLabels: { 'kubernetes.io/metadata.name': name },
});

describe.each(overlayNames())('k8s overlay %s against the Kubernetes schema', (overlay) => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = renderOverlay(overlay);
  });

  it('renders only objects that pass the schema of their kind', () => {
    expect(objects.length).toBeGreaterThan(0);
    const violations = objects.flatMap((o) => {
      const violation = schemaViolation(o);
      return violation ? [`${where(o)}: ${violation}`] : [];
    });
    expect(violations).toEqual([]);
  });

  it('denies all traffic of the platform namespace by default and allows DNS', () => {
    const platform = policies(objects, PLATFORM_NS);
    expect(policy(platform, 'default-deny').spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress', 'Egress'],
    });
    expect(policy(platform, 'allow-dns').spec?.egress).toEqual([
      {
        to: [
          {
            namespaceSelector: namespacePeer('kube-system'),
            podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
          },
        ],
        ports: [
          { protocol: 'UDP', port: 53 },
          { protocol: 'TCP', port: 53 },
        ],
      },
    ]);
  });

  it('lets the ingress controller reach only the gateway and the API services', () => {
    const spec = policy(policies(objects, PLATFORM_NS), 'allow-from-ingress-controller').spec;
    expect(spec?.podSelector.matchExpressions).toEqual([
      { key: 'app.kubernetes.io/component', operator: 'In', values: ['gateway', 'api'] },
    ]);
    expect(spec?.ingress).toEqual([{ from: [{ namespaceSelector: namespacePeer('ingress-nginx') }] }]);
  });

  it('lets platform processes reach each other, PostgreSQL and Redis, and the hosting worker the apps', () => {
    const platform = policies(objects, PLATFORM_NS);
    const partOf = { matchLabels: { 'app.kubernetes.io/part-of': 'developer-platform' } };
    expect(policy(platform, 'allow-platform-internal').spec).toMatchObject({
      podSelector: partOf,
      ingress: [{ from: [{ podSelector: partOf }] }],
      egress: [{ to: [{ podSelector: partOf }] }],
    });
    expect(policy(platform, 'allow-datastores').spec?.egress?.[0].ports).toEqual([
      { protocol: 'TCP', port: 5432 },
      { protocol: 'TCP', port: 6379 },
    ]);
    expect(policy(platform, 'allow-hosting-worker-egress').spec?.egress).toContainEqual({
      to: [
        {
          namespaceSelector: namespacePeer(APPS_NS),
          podSelector: { matchLabels: { 'app.kubernetes.io/managed-by': 'hosting' } },
        },
      ],
      ports: [{ protocol: 'TCP', port: 8080 }],
    });
  });

  it('lets the shopping API and worker reach public addresses on 443 only, never the cluster, private ranges or link-local metadata addresses', () => {
    const spec = policy(policies(objects, PLATFORM_NS), 'allow-shopping-internet-egress').spec;
    expect(spec?.podSelector.matchExpressions).toEqual([
      { key: 'app.kubernetes.io/name', operator: 'In', values: ['shopping', 'shopping-worker'] },
    ]);
    expect(spec?.policyTypes).toEqual(['Egress']);
    expect(spec?.ingress).toBeUndefined();
    const egress = spec?.egress ?? [];
    expect(egress).toHaveLength(1);
    expect(egress[0].ports).toEqual([{ protocol: 'TCP', port: 443 }]);
    const peers = egress[0].to ?? [];
    expect(peers.filter((p) => p.namespaceSelector || p.podSelector)).toEqual([]);
    const blocks = peers.map((p) => p.ipBlock);
    expect(blocks.map((b) => b?.cidr)).toEqual(['0.0.0.0/0', '::/0']);
    expect(blocks[0]?.except).toEqual(
      expect.arrayContaining([
        '10.0.0.0/8',
        '172.16.0.0/12',
        '192.168.0.0/16',
        '100.64.0.0/10',
        '169.254.0.0/16',
        '127.0.0.0/8',
      ]),
    );
    expect(blocks[1]?.except).toEqual(expect.arrayContaining(['fc00::/7', 'fe80::/10', '::1/128']));
  });
});

describe(`k8s overlay ${KUBERNETES_RUNTIME}: the hosted apps' namespace`, () => {
  let objects: K8sObject[];
  let apps: Map<string, INetworkPolicy>;
  beforeAll(() => {
    objects = renderOverlay(KUBERNETES_RUNTIME);
    apps = policies(objects, APPS_NS);
  });

  it('creates the apps namespace under the restricted Pod Security Standard', () => {
    const ns = objects.find((o) => o.kind === 'Namespace' && o.metadata.name === APPS_NS);
    expect(ns?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });

  it('denies everything by default and admits only the hosting worker, on the app port', () => {
    expect(policy(apps, 'default-deny').spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress', 'Egress'],
    });
    const ingress = [...apps.values()].flatMap((p) => p.spec?.ingress ?? []);
    expect(ingress).toEqual([
      {
        from: [
          {
            namespaceSelector: namespacePeer(PLATFORM_NS),
            podSelector: { matchLabels: { 'app.kubernetes.io/name': 'hosting-worker' } },
          },
        ],
        ports: [{ protocol: 'TCP', port: 8080 }],
      },
    ]);
  });

  it('allows DNS and the internet, never the cluster, private ranges or link-local metadata addresses', () => {
    const egress = [...apps.values()].flatMap((p) => p.spec?.egress ?? []);
    const peers = egress.flatMap((rule) => rule.to ?? []);
    // No selector reaches another namespace than kube-system (DNS) or any pod of the platform.
    expect(peers.filter((p) => p.namespaceSelector || p.podSelector)).toEqual([
      {
        namespaceSelector: namespacePeer('kube-system'),
        podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
      },
    ]);
    const internet = policy(apps, 'allow-internet-egress').spec?.egress ?? [];
    expect(internet).toHaveLength(1);
    expect(internet[0].ports).toBeUndefined();
    const blocks = (internet[0].to ?? []).map((p) => p.ipBlock);
    expect(blocks.map((b) => b?.cidr)).toEqual(['0.0.0.0/0', '::/0']);
    expect(blocks[0]?.except).toEqual(
      expect.arrayContaining([
        '10.0.0.0/8',
        '172.16.0.0/12',
        '192.168.0.0/16',
        '100.64.0.0/10',
        '169.254.0.0/16',
        '127.0.0.0/8',
      ]),
    );
    expect(blocks[1]?.except).toEqual(expect.arrayContaining(['fc00::/7', 'fe80::/10', '::1/128']));
    expect(egress.every((rule) => rule.to !== undefined)).toBe(true);
  });

  it('gives the hosting worker a Role limited to the apps namespace with the verbs it uses', () => {
    const roles = objects.filter((o) => o.kind === 'Role' || o.kind === 'ClusterRole');
    expect(roles.map(where)).toEqual([`Role/${APPS_NS}/hosting-worker`]);
    const role = roles[0] as unknown as IRole;
    expect(role.rules).toEqual([
      {
        apiGroups: ['apps'],
        resources: ['deployments'],
        verbs: ['get', 'list', 'create', 'patch', 'delete'],
      },
      { apiGroups: [''], resources: ['services', 'secrets'], verbs: ['get', 'create', 'patch', 'delete'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
      { apiGroups: [''], resources: ['pods/log'], verbs: ['get'] },
      // The Ingress of each ACTIVE custom domain, and their reconcile's list (docs/hosting.md, "Custom domains").
      {
        apiGroups: ['networking.k8s.io'],
        resources: ['ingresses'],
        verbs: ['get', 'list', 'create', 'patch', 'delete'],
      },
    ]);
    const bindings = objects.filter((o) => o.kind === 'RoleBinding' || o.kind === 'ClusterRoleBinding');
    expect(bindings.map(where)).toEqual([`RoleBinding/${APPS_NS}/hosting-worker`]);
    const binding = bindings[0] as unknown as IRoleBinding;
    expect(binding.roleRef).toEqual({
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'Role',
      name: 'hosting-worker',
    });
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'hosting-worker', namespace: PLATFORM_NS },
    ]);
  });

  it('runs the hosting worker on the Kubernetes runtime under its ServiceAccount', () => {
    const sa = objects.find((o) => o.kind === 'ServiceAccount' && o.metadata.name === 'hosting-worker');
    expect(sa?.metadata.namespace).toBe(PLATFORM_NS);
    const worker = objects.find(
      (o) => o.kind === 'Deployment' && o.metadata.name === 'hosting-worker',
    ) as unknown as {
      spec: {
        template: {
          spec: {
            serviceAccountName?: string;
            automountServiceAccountToken?: boolean;
            containers: { env?: { name: string; value?: string }[] }[];
          };
        };
      };
    };
    const pod = worker.spec.template.spec;
    expect([pod.serviceAccountName, pod.automountServiceAccountToken]).toEqual(['hosting-worker', true]);
    const env = Object.fromEntries((pod.containers[0].env ?? []).map((e) => [e.name, e.value]));
    expect(env).toMatchObject({
      HOSTING_RUNTIME: 'kubernetes',
      HOSTING_K8S_NAMESPACE: APPS_NS,
      HOSTING_K8S_BUILDS_CLAIM: 'hosting-builds',
      HOSTING_WORKER_ADDRESS: 'http://$(POD_IP):3105',
    });
    // No other pod gets a token.
    const tokens = objects
      .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
      .filter((o) => {
        const spec = o.spec?.template?.spec as { automountServiceAccountToken?: boolean } | undefined;
        return spec?.automountServiceAccountToken !== false;
      })
      .map(where);
    expect(tokens).toEqual([`Deployment/${PLATFORM_NS}/hosting-worker`]);
  });

  it('binds the read-only builds claim of the apps to the share of hosting-data', () => {
    const claim = objects.find(
      (o) => o.kind === 'PersistentVolumeClaim' && o.metadata.namespace === APPS_NS,
    ) as unknown as {
      metadata: { name: string };
      spec: { accessModes: string[]; volumeName: string };
    };
    expect([claim.metadata.name, claim.spec.accessModes]).toEqual(['hosting-builds', ['ReadOnlyMany']]);
    const volumes = new Map(
      objects
        .filter((o) => o.kind === 'PersistentVolume')
        .map((o) => [o.metadata.name, o as unknown as { spec: { hostPath?: { path: string } } }]),
    );
    const data = objects.find(
      (o) => o.kind === 'PersistentVolumeClaim' && o.metadata.name === 'hosting-data',
    ) as unknown as {
      spec: { volumeName: string };
    };
    expect(volumes.get(claim.spec.volumeName)?.spec.hostPath?.path).toBe(
      volumes.get(data.spec.volumeName)?.spec.hostPath?.path,
    );
  });
});
