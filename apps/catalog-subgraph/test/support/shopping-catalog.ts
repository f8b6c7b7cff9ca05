import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import type { Response } from 'light-my-request';
import { CatalogTestApp, dataOf } from './catalog-test-app';

/** The platform's internal credential as the suites' apps derive it (TEST_ENCRYPTION_KEY). */
export const INTERNAL_CREDENTIAL = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

/** POST an internal route with the internal credential (headers override it). */
export function postInternal(
  t: CatalogTestApp,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      [INTERNAL_CREDENTIAL_HEADER]: INTERNAL_CREDENTIAL,
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * A GraphQL mutation `name(input: $input)`, or `name(id: $id, input: $input)` when `id` is given,
 * answering the id of what it returns (the first of a list). `selection` for a union's member.
 */
export async function mutate(
  t: CatalogTestApp,
  name: string,
  inputType: string,
  input: Record<string, unknown>,
  options: { id?: string; store?: string; selection?: string } = {},
): Promise<string> {
  const withId = options.id !== undefined;
  const body = await t.gql(
    `mutation(${withId ? '$id: String!, ' : ''}$input: ${inputType}!) {
      ${name}(${withId ? 'id: $id, ' : ''}input: $input) ${options.selection ?? '{ id }'}
    }`,
    { input, ...(withId ? { id: options.id } : {}) },
    options.store ? { store: options.store } : undefined,
  );
  const data = dataOf<Record<string, { id: string } | { id: string }[]>>(body)[name];
  return Array.isArray(data) ? data[0].id : data.id;
}
