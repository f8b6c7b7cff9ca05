/**
 * The port each process listens on by default (README "Service map"). One table, read by the
 * services, the gateway's route table, `npm start` and the manifests' tests.
 */
export const SERVICE_PORTS = {
  gateway: 8080,
  'commerce-rest': 3001,
  'order-subgraph': 3002,
  'catalog-subgraph': 3003,
  'tax-subgraph': 3004,
  hosting: 3005,
  mailboxes: 3006,
  'agent-registry': 3007,
  countries: 3008,
  domains: 3009,
  shopping: 3010,
} as const;

export type ServiceName = keyof typeof SERVICE_PORTS;

/** Health/metrics port of each worker process (`<service>-<worker>`), the same single table. */
export const WORKER_PORTS = {
  'commerce-rest-worker': 3101,
  'order-subgraph-worker': 3102,
  'catalog-subgraph-worker': 3103,
  'hosting-worker': 3105,
  'mailboxes-worker': 3106,
  'agent-registry-worker': 3107,
  'domains-worker': 3109,
  'shopping-worker': 3110,
} as const;

export type WorkerName = keyof typeof WORKER_PORTS;
