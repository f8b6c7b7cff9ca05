import { Type } from '@nestjs/common';
import { InputType, Mutation, Resolver, ReturnTypeFunc } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import type { ResolverBase } from '@platform/graphql-subgraph';
import { CATALOG_WRITE } from './catalog-scopes';

/**
 * The deprecated upper-case spellings the public catalog graph still serves beside its current
 * operations (`createSKU` for `createSku`): each is served as an alias of the current mutation of
 * our schema, resolved by the same method. A name is listed here as the public graph lists it; it
 * is served once the current operation exists.
 */
export const DEPRECATED_MUTATION_ALIASES: ReadonlySet<string> = new Set([
  'addAttributesToSKUGroup',
  'addAttributeValuesToSKU',
  'addChannelsToSKUGroup',
  'addMediaObjectsToSKU',
  'addMediaObjectsToSKUGroup',
  'addOptionsToSKUGroup',
  'addReferencesToSKU',
  'addReferencesToSKUGroup',
  'addSKUGroupsToList',
  'addSKUGroupToLists',
  'addSKUsToLocation',
  'addSKUsToSKUGroup',
  'archiveSKU',
  'archiveSKUGroup',
  'createSKU',
  'createSKUGroup',
  'createSKUPrice',
  'createSKUs',
  'removeAttributesFromSKUGroup',
  'removeAttributeValuesFromSKU',
  'removeChannelsFromSKUGroup',
  'removeMediaObjectsFromSKU',
  'removeMediaObjectsFromSKUGroup',
  'removeOptionsFromSKUGroup',
  'removePricesFromSKU',
  'removeReferencesFromSKU',
  'removeReferencesFromSKUGroup',
  'removeSKUGroupFromLists',
  'removeSKUGroupsFromList',
  'removeSKUsFromLocation',
  'removeSKUsFromSKUGroup',
  'updateSKU',
  'updateSKUGroup',
  'updateSKUPrice',
]);

/** The deprecated spelling of a current operation name: every `Sku` written `SKU`. */
export function deprecatedSpelling(current: string): string {
  return current.replace(/Sku/g, 'SKU');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The input type of an alias: the current operation's own where the public graph shares it
 * (`CreateSKUInput`), else a copy named after the alias (`MutationCreateSKUGroupInput` for
 * `MutationCreateSkuGroupInput`), with the same fields and validation.
 */
export function aliasInputType<T>(current: Type<T>, currentName: string, alias: string): Type<T> {
  if (!currentName.startsWith('Mutation')) return current;
  const Current = current as unknown as Type<object>;
  class AliasInput extends Current {}
  InputType(`Mutation${capitalize(alias)}Input`)(AliasInput);
  return AliasInput as unknown as Type<T>;
}

/** One mutation of a resolver host that may have a deprecated alias. */
export interface AliasedMutation {
  /** The current operation name (`addSkusToSkuGroup`). */
  readonly current: string;
  /** The host's method that resolves it. */
  readonly method: string;
  readonly returns: ReturnTypeFunc;
  /** The alias's parameter decorators, in the method's order, given the alias's name. */
  readonly params: (alias: string) => readonly ParameterDecorator[];
}

type Host = Record<string, (...args: unknown[]) => unknown>;

/** A mutation defined at run time (defineMutation). */
export interface MutationDefinition {
  readonly name: string;
  readonly returns: ReturnTypeFunc;
  /** Its parameter decorators, in the method's order. */
  readonly params: readonly ParameterDecorator[];
  /** The parameters' design types, as TypeScript would emit them. */
  readonly paramTypes: readonly unknown[];
  readonly deprecationReason?: string;
  readonly description?: string;
}

/**
 * Adds `resolve` as method `key` of a resolver class's prototype and decorates it as TypeScript
 * would a `@Mutation` method needing commerce.product:write (parameters last to first, then
 * the method's decorators bottom up).
 */
export function defineMutation(
  proto: object,
  key: string,
  definition: MutationDefinition,
  resolve: (...args: never[]) => unknown,
): void {
  (proto as Host)[key] = resolve as (...args: unknown[]) => unknown;
  Reflect.defineMetadata('design:paramtypes', definition.paramTypes, proto, key);
  const { params } = definition;
  for (let index = params.length - 1; index >= 0; index--) params[index](proto, key, index);
  const descriptor = Object.getOwnPropertyDescriptor(proto, key) as PropertyDescriptor;
  RequiresScopes(...CATALOG_WRITE)(proto, key, descriptor);
  Mutation(definition.returns, {
    name: definition.name,
    nullable: true,
    deprecationReason: definition.deprecationReason,
    description: definition.description,
  })(proto, key, descriptor);
}

/**
 * `Base` with a deprecated mutation for each of `mutations` whose deprecated spelling the public
 * graph serves (DEPRECATED_MUTATION_ALIASES): the alias calls the current method with its own
 * arguments, so scopes, validation, errors and answer are the current operation's. `Base` itself
 * when none has an alias.
 */
export function withDeprecatedAliases(
  Base: ResolverBase,
  model: Type<unknown>,
  mutations: readonly AliasedMutation[],
): ResolverBase {
  const aliased = mutations.filter((m) => DEPRECATED_MUTATION_ALIASES.has(deprecatedSpelling(m.current)));
  if (aliased.length === 0) return Base;

  abstract class AliasesHost extends (Base as unknown as Type<object>) {}
  const proto = AliasesHost.prototype;
  for (const mutation of aliased) {
    const alias = deprecatedSpelling(mutation.current);
    const { method } = mutation;
    const paramTypes = Reflect.getMetadata('design:paramtypes', proto, method) as unknown[];
    defineMutation(
      proto,
      `deprecated_${alias}`,
      {
        name: alias,
        returns: mutation.returns,
        params: mutation.params(alias),
        paramTypes,
        deprecationReason: `Use \`${mutation.current}\` instead.`,
      },
      function (this: Host, ...args: unknown[]) {
        return this[method](...args);
      },
    );
  }
  Resolver(() => model, { isAbstract: true })(AliasesHost);
  return AliasesHost as unknown as ResolverBase;
}
