import { Errors, Violation, ViolationCode } from '@platform/errors';
import type { CustomerAddress, CustomerEmail, CustomerPhone } from './customer.entity';

/** The writable part of a customer, as stored. */
export interface CustomerState {
  firstName: string;
  lastName: string;
  organization: string | null;
  jobTitle: string | null;
  nickname: string | null;
  externalIdentifier: string | null;
  emails: CustomerEmail[];
  phones: CustomerPhone[];
  addresses: CustomerAddress[];
}

/**
 * Contact points as a request carries them: `default` optional; null members count as absent, so
 * a customer as GET returns it (labels and address members null when unset) can be sent back.
 */
export interface EmailInput {
  email: string;
  label?: string | null;
  default?: boolean | null;
}
export interface PhoneInput {
  phone: string;
  label?: string | null;
  default?: boolean | null;
}
export type AddressInput = { [K in keyof CustomerAddress]?: string | null };

/** A create request, already validated field by field. */
export interface CustomerInput {
  firstName: string;
  lastName: string;
  organization?: string;
  jobTitle?: string;
  nickname?: string;
  externalIdentifier?: string;
  emails?: EmailInput[];
  phones?: PhoneInput[];
  addresses?: AddressInput[];
}

/** A JSON merge patch (RFC 7386): undefined = leave alone, null = clear, a value = replace. */
export interface CustomerPatch {
  firstName?: string;
  lastName?: string;
  organization?: string | null;
  jobTitle?: string | null;
  nickname?: string | null;
  externalIdentifier?: string | null;
  emails?: EmailInput[] | null;
  phones?: PhoneInput[] | null;
  addresses?: AddressInput[] | null;
}

const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'postalCode', 'country', 'label'] as const;

function violation(path: (string | number)[], code: string, message: string, value?: unknown): Violation {
  return { location: 'body', path, code, message, value };
}

/** Copies only known fields, with `default` always a boolean (a stable stored shape). */
function emailsOf(input: readonly EmailInput[]): CustomerEmail[] {
  return input.map((e) => ({
    email: e.email,
    ...(e.label != null && { label: e.label }),
    default: e.default === true,
  }));
}

function phonesOf(input: readonly PhoneInput[]): CustomerPhone[] {
  return input.map((p) => ({
    phone: p.phone,
    ...(p.label != null && { label: p.label }),
    default: p.default === true,
  }));
}

function addressesOf(input: readonly AddressInput[]): CustomerAddress[] {
  return input.map((a) => {
    const address: CustomerAddress = {};
    for (const field of ADDRESS_FIELDS) {
      const value = a[field];
      if (value != null) address[field] = value;
    }
    return address;
  });
}

/**
 * The rules that span fields (field formats are checked at the edge): at most one default e-mail
 * and one default phone, no e-mail (case-insensitively) or phone twice, no empty address.
 * Throws 400 INVALID_REQUEST with a JSON-pointer detail per problem.
 */
export function checkCustomer(state: CustomerState): CustomerState {
  const violations: Violation[] = [];
  const oneDefault = (list: readonly { default: boolean }[], field: 'emails' | 'phones'): void => {
    const defaults = list.flatMap((item, i) => (item.default ? [i] : []));
    for (const i of defaults.slice(1)) {
      violations.push(
        violation(
          [field, i, 'default'],
          ViolationCode.INVALID_VALUE,
          `at most one of ${field} may be the default`,
          true,
        ),
      );
    }
  };
  const unique = (values: readonly string[], field: 'emails' | 'phones', member: 'email' | 'phone'): void => {
    const seen = new Set<string>();
    values.forEach((value, i) => {
      if (seen.has(value)) {
        violations.push(
          violation([field, i, member], ViolationCode.INVALID_VALUE, `${member} is listed twice`, value),
        );
      }
      seen.add(value);
    });
  };
  oneDefault(state.emails, 'emails');
  oneDefault(state.phones, 'phones');
  unique(
    state.emails.map((e) => e.email.toLowerCase()),
    'emails',
    'email',
  );
  unique(
    state.phones.map((p) => p.phone),
    'phones',
    'phone',
  );
  state.addresses.forEach((address, i) => {
    if (!ADDRESS_FIELDS.some((f) => f !== 'label' && address[f] !== undefined)) {
      violations.push(
        violation(['addresses', i], ViolationCode.REQUIRED, 'an address needs at least one field'),
      );
    }
  });
  if (violations.length) throw Errors.validation(violations);
  return state;
}

/** A validated create request as the state to store. */
export function newCustomerState(input: CustomerInput): CustomerState {
  return checkCustomer({
    firstName: input.firstName,
    lastName: input.lastName,
    organization: input.organization ?? null,
    jobTitle: input.jobTitle ?? null,
    nickname: input.nickname ?? null,
    externalIdentifier: input.externalIdentifier ?? null,
    emails: emailsOf(input.emails ?? []),
    phones: phonesOf(input.phones ?? []),
    addresses: addressesOf(input.addresses ?? []),
  });
}

/**
 * Applies a merge patch: a member present replaces the stored value (arrays whole), null clears
 * an optional member (arrays become empty), an absent member stays. The result is checked like a
 * new customer.
 */
export function mergeCustomer(current: CustomerState, patch: CustomerPatch): CustomerState {
  const pick = <T>(value: T | null | undefined, stored: T | null): T | null =>
    value === undefined ? stored : value;
  return checkCustomer({
    firstName: patch.firstName ?? current.firstName,
    lastName: patch.lastName ?? current.lastName,
    organization: pick(patch.organization, current.organization),
    jobTitle: pick(patch.jobTitle, current.jobTitle),
    nickname: pick(patch.nickname, current.nickname),
    externalIdentifier: pick(patch.externalIdentifier, current.externalIdentifier),
    emails: patch.emails === undefined ? current.emails : emailsOf(patch.emails ?? []),
    phones: patch.phones === undefined ? current.phones : phonesOf(patch.phones ?? []),
    addresses: patch.addresses === undefined ? current.addresses : addressesOf(patch.addresses ?? []),
  });
}

/** The duplicate key: the default e-mail, else the first, in lower case; null without e-mails. */
export function primaryEmailOf(emails: readonly CustomerEmail[]): string | null {
  const primary = emails.find((e) => e.default) ?? emails[0];
  return primary ? primary.email.toLowerCase() : null;
}

/** Whether a patch changed nothing (key order ignored: jsonb does not keep it). */
export function sameState(a: CustomerState, b: CustomerState): boolean {
  return canonical(stateOf(a)) === canonical(stateOf(b));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The customer's own (non-list) writable fields. */
export type CustomerScalars = Omit<CustomerState, 'emails' | 'phones' | 'addresses'>;

/** The scalar writable fields of anything shaped like a customer, in a fixed order. */
export function scalarsOf(c: CustomerScalars): CustomerScalars {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    organization: c.organization,
    jobTitle: c.jobTitle,
    nickname: c.nickname,
    externalIdentifier: c.externalIdentifier,
  };
}

/** The writable fields of anything shaped like a customer, in a fixed order. */
export function stateOf(c: CustomerState): CustomerState {
  return {
    ...scalarsOf(c),
    emails: c.emails,
    phones: c.phones,
    addresses: c.addresses,
  };
}
