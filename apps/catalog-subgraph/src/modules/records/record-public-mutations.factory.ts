import { Inject, Type } from '@nestjs/common';
import { Args, Resolver } from '@nestjs/graphql';
import {
  InputArg,
  MAX_REFERENCES_PER_CALL,
  RemoveReferences,
  ResolverBase,
  SetReferences,
  StoreId,
  createIdListInput,
  referenceInputTypes,
} from '@platform/graphql-subgraph';
import { kindOf } from './catalog-kinds';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogRecordsService } from './catalog-records.service';
import { CatalogReferencesService, referencesServiceFor } from './catalog-references.service';
import { aliasInputType, defineMutation, withDeprecatedAliases } from './deprecated-aliases';
import type { RecordKind } from './record-kind';
import { kindTypes, toRecordModel } from './record-types.factory';

/** `Mutation<Operation>Input`: the public graph's name of an operation's input. */
export function operationInputName(operation: string): string {
  return `Mutation${operation.charAt(0).toUpperCase()}${operation.slice(1)}Input`;
}

/** The public names of a kind's reference mutations. */
export function referenceMutationNames(def: RecordKind): { add: string; remove: string } {
  return { add: `addReferencesTo${def.name}`, remove: `removeReferencesFrom${def.name}` };
}

/** `MutationAddReferencesTo<Name>Input { references }` and `MutationRemoveReferencesFrom<Name>Input { names }`. */
function referenceInputs(def: RecordKind): { add: Type<SetReferences>; remove: Type<RemoveReferences> } {
  const names = referenceMutationNames(def);
  const { set, remove } = referenceInputTypes(
    operationInputName(names.add),
    operationInputName(names.remove),
    {
      set: 'Sets each reference by name: a name the record has gets the new value.',
      setField: `1 to ${MAX_REFERENCES_PER_CALL} references.`,
      removeField: 'Names of the references to remove; unknown names are ignored.',
    },
  );
  return { add: set, remove };
}

/**
 * The public `addReferencesTo<Name>(id: String!, input)` and `removeReferencesFrom<Name>(id: String!,
 * input)` (with the deprecated `…SKU…` spellings); `<X>.references` is a connection
 * (record-relations.factory.ts). Both mutations return the record; each runs in one transaction
 * (catalog-references.service.ts).
 */
export function createRecordReferencesResolver(def: RecordKind): ResolverBase {
  const types = kindTypes(def);
  const names = referenceMutationNames(def);
  const inputs = referenceInputs(def);
  const toModel = (row: CatalogRecordEntity) => toRecordModel(def, row);
  const service = referencesServiceFor(def.kind);

  abstract class ReferencesHost {
    constructor(@Inject(service) readonly references: CatalogReferencesService) {}
  }
  const params = (input: Type<unknown>) => [
    StoreId(),
    Args('id', { type: () => String }),
    InputArg('input', input),
  ];
  const paramTypes = [String, String, Object];
  defineMutation(
    ReferencesHost.prototype,
    'add',
    { name: names.add, returns: () => types.model, params: params(inputs.add), paramTypes },
    async function (this: ReferencesHost, storeId: string, id: string, input: SetReferences) {
      return toModel(await this.references.upsert(storeId, id, input.references));
    },
  );
  defineMutation(
    ReferencesHost.prototype,
    'remove',
    { name: names.remove, returns: () => types.model, params: params(inputs.remove), paramTypes },
    async function (this: ReferencesHost, storeId: string, id: string, input: RemoveReferences) {
      return toModel(await this.references.delete(storeId, id, input.names));
    },
  );
  Resolver(() => types.model, { isAbstract: true })(ReferencesHost);
  return withDeprecatedAliases(ReferencesHost, types.model, [
    {
      current: names.add,
      method: 'add',
      returns: () => types.model,
      params: (alias) => params(aliasInputType(inputs.add, operationInputName(names.add), alias)),
    },
    {
      current: names.remove,
      method: 'remove',
      returns: () => types.model,
      params: (alias) => params(aliasInputType(inputs.remove, operationInputName(names.remove), alias)),
    },
  ]);
}

/**
 * The parent's `<removeFromParent.name>(id: String!, input: { <idsField>: [String!]! })`
 * (`removePricesFromSku`, `removeAttributeValuesFromAttribute`, …, with the deprecated `…SKU…`
 * spelling where the public graph has one): the children are archived and unlinked in one
 * transaction; returns the parent.
 */
export function createChildRemovalResolver(
  def: RecordKind & {
    parent: NonNullable<RecordKind['parent']>;
    removeFromParent: NonNullable<RecordKind['removeFromParent']>;
  },
): ResolverBase {
  const parentDef = kindOf(def.parent.kind);
  const parentTypes = kindTypes(parentDef);
  const { name, idsField, returnsModel } = def.removeFromParent;
  // As the public graph returns the owner: its union where it has one (removePricesFromOption:
  // Option), unless the operation names the member (removeOptionValuesFromListOption: ListOption).
  const returns = returnsModel ? parentTypes.model : parentTypes.node;
  const params = (operation: string) => [
    StoreId(),
    Args('id', { type: () => String }),
    InputArg('input', createIdListInput(operationInputName(operation), idsField, 'String')),
  ];

  abstract class ChildRemovalHost {
    constructor(@Inject(CatalogRecordsService) readonly records: CatalogRecordsService) {}
  }
  defineMutation(
    ChildRemovalHost.prototype,
    'removeChildren',
    {
      name,
      returns: () => returns,
      params: params(name),
      paramTypes: [String, String, Object],
      description: `Removes ${def.typeName} records of the ${parentDef.typeName} (archived, unlinked); returns the ${parentDef.typeName}.`,
    },
    async function (this: ChildRemovalHost, storeId: string, id: string, input: Record<string, string[]>) {
      return toRecordModel(parentDef, await this.records.removeChildren(storeId, def, id, input[idsField]));
    },
  );
  Resolver(() => parentTypes.model, { isAbstract: true })(ChildRemovalHost);
  return withDeprecatedAliases(ChildRemovalHost, parentTypes.model, [
    { current: name, method: 'removeChildren', returns: () => returns, params },
  ]);
}
