/**
 * Run by telemetry.spec.ts in a Node process of its own: the OTLP exporter loads node:http with a
 * dynamic import(), which Jest's module registry refuses; and pg, ioredis and http are patched
 * through Node's own require, which Jest's registry goes around. Starts telemetry as an entry
 * point does (OTEL_* from the environment), serves one request, exports, prints what it saw.
 */
import './count-connections';
import '../../src/start-telemetry';
import { flushTelemetry, genRequestId, installHttpObservability, telemetryStatus } from '../../src';
import Fastify from 'fastify';
import { connections } from './count-connections';

async function main(): Promise<void> {
  const app = Fastify({ genReqId: genRequestId });
  installHttpObservability(app);
  app.get('/work', async () => ({ ok: true }));
  await app.ready();
  const headers = process.env.CALLER_TRACEPARENT ? { traceparent: process.env.CALLER_TRACEPARENT } : {};
  const res = await app.inject({ method: 'GET', url: '/work', headers });
  await flushTelemetry();
  await app.close();
  const report = {
    traceresponse: res.headers.traceresponse,
    status: telemetryStatus(),
    connections: connections(),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exit(1);
});
