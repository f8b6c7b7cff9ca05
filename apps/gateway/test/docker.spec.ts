// docker/compose.yaml and docker/Dockerfile against the route table: every process of the platform
// runs in compose from the one Dockerfile, wired to Postgres, Redis and (for the gateway) to each
// service; the Dockerfile pins its base image and runs as a non-root user.
import { SERVICE_PORTS } from '@platform/config';
import { workerHealthEnv } from '../src/config/gateway.config';
import { ROUTE_TABLE } from '../src/routes/route-table';
import { ComposeService, PLATFORM_APPS, isPinnedImage, readCompose, readRepoFile } from './k8s-manifests';

describe('docker/compose.yaml', () => {
  const { services } = readCompose();

  function dependsOn(service: ComposeService): Record<string, { condition?: string }> {
    const deps = service.depends_on ?? {};
    return Array.isArray(deps) ? Object.fromEntries(deps.map((d) => [d, {}])) : deps;
  }

  it('runs postgres, redis, the gateway and every route-table service and worker', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', ...PLATFORM_APPS.map((app) => app.name)]),
    );
  });

  it('pins postgres and redis to a version tag', () => {
    expect(isPinnedImage(services.postgres.image ?? '')).toBe(true);
    expect(isPinnedImage(services.redis.image ?? '')).toBe(true);
  });

  describe.each(PLATFORM_APPS)('$name ($kind)', (app) => {
    it("builds from docker/Dockerfile with its service's APP", () => {
      const service = services[app.name];
      expect(service.build).toMatchObject({ dockerfile: 'docker/Dockerfile', args: { APP: app.image } });
      if (service.image) expect(isPinnedImage(service.image)).toBe(true);
    });

    it('reaches the compose postgres and redis and migrates at boot', () => {
      const env = services[app.name].environment ?? {};
      expect(String(env.DATABASE_URL)).toMatch(/^postgres(ql)?:\/\/[^@]+@postgres:5432\//);
      expect(String(env.REDIS_URL)).toMatch(/^redis:\/\/redis:6379/);
      expect(env.MIGRATIONS).toBe('auto');
      expect(String(env.PORT)).toBe(String(app.port));
    });

    it('starts after postgres and redis are healthy and has a healthcheck of its own', () => {
      expect(dependsOn(services[app.name])).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      expect(services[app.name].healthcheck?.test).toBeDefined();
    });
  });

  it('points the gateway at every route-table service and worker and waits for each to be healthy', () => {
    const gateway = services.gateway;
    for (const row of ROUTE_TABLE) {
      expect({ env: row.urlEnv, value: gateway.environment?.[row.urlEnv] }).toEqual({
        env: row.urlEnv,
        value: `http://${row.service}:${SERVICE_PORTS[row.service]}`,
      });
    }
    for (const row of ROUTE_TABLE) {
      for (const worker of row.workers) {
        const env = workerHealthEnv(row.service, worker.name);
        expect({ env, value: gateway.environment?.[env] }).toEqual({
          env,
          value: `http://${row.service}-${worker.name}:${worker.port}`,
        });
      }
    }
    const waitsFor = PLATFORM_APPS.filter((app) => app.name !== 'gateway').map((app) => app.name);
    for (const name of waitsFor) expect(dependsOn(gateway)[name]).toEqual({ condition: 'service_healthy' });
  });

  it('publishes the gateway on port 8080', () => {
    const published = (services.gateway.ports ?? []).map((p) =>
      typeof p === 'string' ? p.split(':').slice(-2).join(':') : `${p.published}:${p.target}`,
    );
    expect(published).toContain(`${SERVICE_PORTS.gateway}:${SERVICE_PORTS.gateway}`);
  });
});

describe('docker/Dockerfile', () => {
  const dockerfile = readRepoFile('docker/Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('pins its Node base image to a version tag', () => {
    const image = instructions.find((l) => l.startsWith('ARG NODE_IMAGE='))?.split('=')[1] ?? '';
    expect(image).toMatch(/^node:(20|24)\.\d+\.\d+-/);
    expect(isPinnedImage(image)).toBe(true);
  });

  it('selects the app with ARG APP and the entry point with ARG ENTRY=main', () => {
    expect(instructions).toContain('ARG APP');
    expect(instructions).toContain('ARG ENTRY=main');
  });

  it('runs its last stage as the non-root node user', () => {
    const lastStage = instructions.slice(instructions.findLastIndex((l) => l.startsWith('FROM ')));
    const users = lastStage.filter((l) => l.startsWith('USER '));
    expect(users.at(-1)).toBe('USER node');
  });

  it('installs only production dependencies for the runtime image', () => {
    expect(dockerfile).toMatch(/npm (install|ci) [^\n]*--omit=dev/);
  });

  it("gives the build stage's full install the file the root postinstall runs (the CLDR snapshot's generator)", () => {
    const postinstall = (JSON.parse(readRepoFile('package.json')) as { scripts: Record<string, string> })
      .scripts.postinstall;
    const script = /^node (\S+)$/.exec(postinstall)?.[1];
    expect(script).toBeDefined();
    const manifests = instructions.slice(
      instructions.indexOf('FROM base AS manifests'),
      instructions.indexOf('FROM base AS build'),
    );
    expect(manifests.join('\n')).toContain(`cp --parents ${script} /out/`);
    // The runtime's production install runs no lifecycle script (the snapshot comes in dist/).
    expect(dockerfile).toMatch(/npm install --omit=dev [^\n]*--ignore-scripts/);
  });
});
