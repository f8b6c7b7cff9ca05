import { Transform } from 'class-transformer';
import { ValidateBy, ValidationOptions } from 'class-validator';
import { normalizeDomainName } from '../domains/domain-name';

const canonical = (value: unknown): unknown =>
  typeof value === 'string' ? (normalizeDomainName(value) ?? value) : value;

/**
 * A domain name field of a request (query, path or body; `{ each: true }` for an array of them):
 * canonicalized (lower-case, no trailing dot) before validation, so the handler gets the name the
 * registry stores; anything that is not a domain name (domain-name.ts) fails with INVALID_FORMAT.
 */
export function IsDomainName(options?: ValidationOptions): PropertyDecorator {
  const transform = Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map(canonical) : canonical(value),
  );
  const valid = ValidateBy(
    {
      name: 'isDomainName',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && normalizeDomainName(value) === value,
        defaultMessage: (args) =>
          `${args?.property ?? 'the value'} must be a domain name such as example.com (ASCII, A-labels for IDNs)`,
      },
    },
    options,
  );
  return (target, key) => {
    transform(target, key);
    valid(target, key);
  };
}
