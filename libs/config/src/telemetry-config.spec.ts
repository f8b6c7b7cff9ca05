import { ConfigError } from './env-readers';
import { loadTelemetryConfig, serviceNameOfEntry } from './telemetry-config';

describe('loadTelemetryConfig', () => {
  const entry = '/app/dist/apps/mailboxes/apps/mailboxes/src/worker.js';

  it('exports nothing by default and names the process after its entry point', () => {
    expect(loadTelemetryConfig({ entry, env: {} })).toEqual({
      serviceName: 'mailboxes-worker',
      tracesEndpoint: undefined,
      samplerRatio: 1,
    });
  });

  it('sends spans to <OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces, or to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is', () => {
    const base = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' };
    expect(loadTelemetryConfig({ env: base }).tracesEndpoint).toBe('http://collector:4318/v1/traces');
    expect(
      loadTelemetryConfig({
        env: { ...base, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otel.example/traces' },
      }).tracesEndpoint,
    ).toBe('https://otel.example/traces');
  });

  it('reads the sampling ratio and the service name', () => {
    expect(
      loadTelemetryConfig({ entry, env: { OTEL_TRACES_SAMPLER_ARG: '0.25', OTEL_SERVICE_NAME: 'svc' } }),
    ).toMatchObject({ samplerRatio: 0.25, serviceName: 'svc' });
  });

  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'grpc://collector:4317'],
    ['OTEL_TRACES_SAMPLER_ARG', '2'],
    ['OTEL_TRACES_SAMPLER_ARG', 'half'],
    ['OTEL_SDK_DISABLED', 'true'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadTelemetryConfig({ env: { [name]: value } })).toThrow(ConfigError);
    expect(() => loadTelemetryConfig({ env: { [name]: value } })).toThrow(name);
  });
});

describe('serviceNameOfEntry', () => {
  it.each([
    ['/app/dist/apps/gateway/apps/gateway/src/main.js', 'gateway'],
    ['/work/apps/order-subgraph/src/worker.ts', 'order-subgraph-worker'],
    ['C:\\work\\apps\\countries\\src\\main.ts', 'countries'],
  ])('%s → %s', (file, name) => {
    expect(serviceNameOfEntry(file)).toBe(name);
  });

  it('knows no other file, nor a worker the platform does not have', () => {
    expect(serviceNameOfEntry('/app/dist/apps/mailboxes/apps/mailboxes/src/migrate.js')).toBeUndefined();
    expect(serviceNameOfEntry('/work/apps/countries/src/worker.ts')).toBeUndefined();
    expect(serviceNameOfEntry(undefined)).toBeUndefined();
  });
});
