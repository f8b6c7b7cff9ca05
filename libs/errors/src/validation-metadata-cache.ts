import { getMetadataStorage } from 'class-validator';

type Lookup = (
  target: object,
  schema: string,
  always: boolean,
  strictGroups: boolean,
  groups?: string[],
) => unknown[];

interface Storage {
  getTargetValidationMetadatas: Lookup;
  addValidationMetadata(metadata: unknown): void;
  addConstraintMetadata(metadata: unknown): void;
}

const INSTALLED = Symbol.for('platform.validation-metadata-cache');

/**
 * Remembers class-validator's answer to "which rules apply to this class": it finds the rules
 * inherited from parent classes by testing `instanceof` against every validated class of the
 * process, on every validation. With every app's DTOs in one process (single mode) that scan was
 * 9 % of GET store's CPU (docs/performance.md, "Single mode"). The rules of a class only change
 * when a decorator adds one, which clears the cache. Written here: class-validator has no such
 * option, and the scan is in its one MetadataStorage, which Nest's ValidationPipe uses.
 */
export function installValidationMetadataCache(): void {
  const storage = getMetadataStorage() as unknown as Storage & { [INSTALLED]?: true };
  if (storage[INSTALLED]) return;
  storage[INSTALLED] = true;
  let cache = new Map<object, Map<string, unknown[]>>();
  const clear = <A extends unknown[]>(add: (...args: A) => void) =>
    function (this: Storage, ...args: A): void {
      cache = new Map();
      add.apply(this, args);
    };
  storage.addValidationMetadata = clear(storage.addValidationMetadata);
  storage.addConstraintMetadata = clear(storage.addConstraintMetadata);
  const lookup = storage.getTargetValidationMetadatas;
  storage.getTargetValidationMetadatas = function (
    this: Storage,
    target,
    schema,
    always,
    strictGroups,
    groups,
  ) {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byKey = cache.get(target);
    if (!byKey) cache.set(target, (byKey = new Map()));
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = lookup.call(this, target, schema, always, strictGroups, groups)));
    return found;
  };
}
