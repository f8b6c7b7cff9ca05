import { randomUUID } from 'node:crypto';
import type { Scope } from '@platform/scopes';
import { TestCredential } from '@platform/testing';
import { relationSpecs } from '../src/modules/relations/relation-specs';
import { TaxTestApp, defaultsOf, startTaxTestApp } from './support/tax-test-app';

type Verb = 'read' | 'create' | 'write' | 'delete';

/** docs/tax.md: the scopes each verb accepts (write includes create, per the spec's permission table). */
const ACCEPTS: Record<Verb, Scope[]> = {
  read: ['commerce.tax:read'],
  create: ['commerce.tax:create', 'commerce.tax:write'],
  write: ['commerce.tax:write'],
  delete: ['commerce.tax:delete'],
};
const ALL: Scope[] = [
  'commerce.tax:read',
  'commerce.tax:create',
  'commerce.tax:write',
  'commerce.tax:delete',
];

const id = () => `"${randomUUID()}"`;
const CREATE_INPUTS: Record<string, string> = {
  Jurisdiction: '{ name: "J-{n}", countryCode: "US" }',
  Rate: '{ label: "R", value: { percentage: "5" } }',
  Classification: '{ name: "C-{n}" }',
  Override: '{ name: "O" }',
};

function operations(): { name: string; verb: Verb; document: string }[] {
  const ops: { name: string; verb: Verb; document: string }[] = [];
  const m = (name: string, verb: Verb, call: string, selection = ' { __typename }') =>
    ops.push({ name, verb, document: `mutation { ${call}${selection} }` });
  for (const entity of ['Jurisdiction', 'Rate', 'Classification', 'Override']) {
    m(`create${entity}`, 'create', `create${entity}(input: ${CREATE_INPUTS[entity]})`);
    m(`update${entity}`, 'write', `update${entity}(id: ${id()}, input: {})`);
    m(`delete${entity}`, 'delete', `delete${entity}(id: ${id()})`);
  }
  for (const entity of ['Rate', 'Override']) {
    m(`activate${entity}`, 'write', `activate${entity}(id: ${id()})`);
    m(`deactivate${entity}`, 'write', `deactivate${entity}(id: ${id()})`);
  }
  for (const entity of ['Rate', 'Classification', 'Override']) {
    m(
      `createReferencesFor${entity}`,
      'create',
      `createReferencesFor${entity}(id: ${id()}, input: { references: [{ name: "erp", value: "1" }] })`,
    );
    m(
      `deleteReferencesFrom${entity}`,
      'delete',
      `deleteReferencesFrom${entity}(id: ${id()}, input: { names: ["erp"] })`,
    );
  }
  for (const owner of ['Classification', 'Override'] as const) {
    const ownerArg = owner === 'Classification' ? 'classificationId' : 'overrideId';
    for (const spec of relationSpecs(owner)) {
      for (const name of [spec.addName, spec.removeName]) {
        m(name, 'write', `${name}(${ownerArg}: ${id()}, input: { ${spec.idsField}: ["sku-1"] })`);
      }
    }
  }
  m(
    'calculateTaxes',
    'create',
    'calculateTaxes(channelId: "web", input: { address: { countryCode: "US" }, lines: [{ amount: { value: 100, currencyCode: "USD" }, quantity: 1 }] })',
    ' { id }',
  );
  for (const q of ['classification', 'jurisdiction', 'override', 'rate']) {
    ops.push({ name: q, verb: 'read', document: `{ ${q}(id: ${id()}) { id } }` });
    ops.push({ name: `${q}s`, verb: 'read', document: `{ ${q}s(first: 1) { nodes { id } } }` });
  }
  ops.push({
    name: 'estimateTaxes',
    verb: 'read',
    document:
      '{ estimateTaxes(input: { address: { countryCode: "US" }, lines: [{ amount: { value: 1, currencyCode: "USD" }, quantity: 1 }] }) { currencyCode } }',
  });
  return ops;
}

describe('tax subgraph scopes per field', () => {
  let tax: TaxTestApp;
  let store: string;
  const tokens = new Map<Scope, TestCredential>();
  let counter = 0;

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-scopes');
    ({ store } = defaultsOf(tax));
    for (const scope of ALL) tokens.set(scope, await tax.credential([scope], [store]));
  });

  afterAll(async () => {
    await tax?.close();
  });

  const OPERATIONS = operations();

  it('covers every query and mutation of the schema', () => {
    expect(OPERATIONS.filter((o) => o.document.startsWith('mutation'))).toHaveLength(39);
    expect(OPERATIONS.filter((o) => !o.document.startsWith('mutation'))).toHaveLength(9);
  });

  it.each(OPERATIONS.map((o) => [o.name, o.verb, o] as const))(
    '%s needs a %s scope',
    async (_name, verb, op) => {
      for (const scope of ALL) {
        const body = await tax.gql(op.document.replace('{n}', String(++counter)), undefined, {
          cred: tokens.get(scope),
          store,
        });
        const codes = (body.errors ?? []).map((e) => e.extensions.code);
        const allowed = ACCEPTS[verb].includes(scope);
        expect({ scope, forbidden: codes.includes('FORBIDDEN') }).toEqual({ scope, forbidden: !allowed });
      }
    },
  );
});
