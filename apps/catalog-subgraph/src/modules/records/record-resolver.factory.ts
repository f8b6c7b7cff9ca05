import { BadRequestException, Inject, PipeTransform, Type } from '@nestjs/common';
import {
  Args,
  Field,
  InputType,
  Mutation,
  Parent,
  Query,
  ResolveField,
  ResolveReference,
  Resolver,
} from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import {
  ArgsOf,
  InputArg,
  InputValidationPipe,
  LoaderRegistry,
  Loaders,
  MAX_RELATION_IDS,
  ResolverBase,
  StoreId,
  SubgraphContext,
  SubgraphErrors,
  createIdListInput,
  requireScopes,
  storeIdOf,
  toCountedConnection,
} from '@platform/graphql-subgraph';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogLinksService } from './catalog-links.service';
import { CatalogRecordsService, RecordInput } from './catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from './catalog-scopes';
import { kindOf } from './catalog-kinds';
import type { RecordKind, RelationKind } from './record-kind';
import type { RecordListArgs } from './record-list-args';
import { KindTypes, RecordModel, kindTypes, toRecordModel } from './record-types.factory';
import { aliasInputType, defineMutation, withDeprecatedAliases } from './deprecated-aliases';

/** Most records one batch create writes. */
export const MAX_BATCH_CREATE = 100;

/**
 * `<single>(id: String!)`, `<plural>(…)` with totalCount, `create<Name>(input)`,
 * `update<Name>(id, input)` and `archive<Name>(id)` of one kind, and its federation reference
 * resolver when the kind is an entity.
 */
export function createRecordResolver(def: RecordKind): ResolverBase {
  const types = kindTypes(def);
  const toModel = (row: CatalogRecordEntity) => toRecordModel(def, row);

  @Resolver(() => types.model, { isAbstract: true })
  abstract class RecordResolverHost {
    constructor(@Inject(CatalogRecordsService) readonly records: CatalogRecordsService) {}

    @Query(() => types.model, {
      name: def.single,
      nullable: true,
      description: `One ${def.typeName} of the store.`,
    })
    @RequiresScopes(...CATALOG_READ)
    async one(
      @StoreId() storeId: string,
      @Args('id', { type: () => String }) id: string,
    ): Promise<RecordModel> {
      return toModel(await this.records.get(storeId, def.kind, id));
    }

    @Query(() => types.connection, {
      name: def.plural,
      nullable: true,
      description: `The store's ${def.typeName} records, keyset-paged.`,
    })
    @RequiresScopes(...CATALOG_READ)
    async many(@StoreId() storeId: string, @ArgsOf(types.listArgs) args: RecordListArgs): Promise<object> {
      return toCountedConnection(await this.records.list(storeId, def, args ?? {}), toModel);
    }

    @Mutation(() => types.node, { name: `create${def.name}`, nullable: true })
    @RequiresScopes(...CATALOG_WRITE)
    async create(
      @StoreId() storeId: string,
      @InputArg('input', types.createInput) input: RecordInput,
    ): Promise<RecordModel> {
      return toModel(await this.records.create(storeId, def, input));
    }

    /** update<Name>: decorated below, by id or by input (inputOnlyMutations). */
    async update(storeId: string, id: string, input: RecordInput): Promise<RecordModel> {
      return toModel(await this.records.update(storeId, def, id, input));
    }

    /** archive<Name>: decorated below, by id or by input (inputOnlyMutations). */
    async archive(storeId: string, id: string): Promise<RecordModel> {
      return toModel(await this.records.archive(storeId, def, id));
    }
  }
  const returns = () => types.node;
  const idArg = () => Args('id', { type: () => String });
  defineUpdateAndArchive(RecordResolverHost.prototype, def, types);
  return withDeprecatedAliases(RecordResolverHost, types.model, [
    {
      current: `create${def.name}`,
      method: 'create',
      returns,
      params: (alias) => [
        StoreId(),
        InputArg('input', aliasInputType(types.createInput, types.createInputName, alias)),
      ],
    },
    {
      current: `update${def.name}`,
      method: 'update',
      returns,
      params: (alias) => [
        StoreId(),
        idArg(),
        InputArg('input', aliasInputType(types.updateInput, types.updateInputName, alias)),
      ],
    },
    { current: `archive${def.name}`, method: 'archive', returns, params: () => [StoreId(), idArg()] },
  ]);
}

type UpdateArchiveHost = {
  update(storeId: string, id: string, input: RecordInput): Promise<RecordModel>;
  archive(storeId: string, id: string): Promise<RecordModel>;
};

/**
 * `update<Name>(id, input)` and `archive<Name>(id)`, or for a kind with inputOnlyMutations
 * `update<Name>(input)` and `archive<Name>(input)` whose input names the record by `id`.
 */
function defineUpdateAndArchive(proto: UpdateArchiveHost, def: RecordKind, types: KindTypes): void {
  const returns = () => types.node;
  const idArg = () => Args('id', { type: () => String });
  const update = { name: `update${def.name}`, returns };
  const archive = {
    name: `archive${def.name}`,
    returns,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  };
  if (!types.archiveInput) {
    const params = [StoreId(), idArg(), InputArg('input', types.updateInput)];
    defineMutation(
      proto,
      'update',
      { ...update, params, paramTypes: [String, String, Object] },
      proto.update,
    );
    defineMutation(
      proto,
      'archive',
      { ...archive, params: [StoreId(), idArg()], paramTypes: [String, String] },
      proto.archive,
    );
    return;
  }
  defineMutation(
    proto,
    'updateByInput',
    { ...update, params: [StoreId(), InputArg('input', types.updateInput)], paramTypes: [String, Object] },
    async function (this: UpdateArchiveHost, storeId: string, input: RecordInput & { id: string }) {
      const { id, ...fields } = input;
      return this.update(storeId, id, fields);
    },
  );
  defineMutation(
    proto,
    'archiveByInput',
    { ...archive, params: [StoreId(), InputArg('input', types.archiveInput)], paramTypes: [String, Object] },
    async function (this: UpdateArchiveHost, storeId: string, input: { id: string }) {
      return this.archive(storeId, input.id);
    },
  );
}

/** The deprecated query names of a kind (`SKU(id)`, `SKUs(…)`): the same answers as the current ones. */
export function createDeprecatedQueriesResolver(
  def: RecordKind & { deprecatedQueries: NonNullable<RecordKind['deprecatedQueries']> },
): ResolverBase {
  const types = kindTypes(def);
  const toModel = (row: CatalogRecordEntity) => toRecordModel(def, row);
  const names = def.deprecatedQueries;

  @Resolver(() => types.model, { isAbstract: true })
  abstract class DeprecatedQueriesHost {
    constructor(@Inject(CatalogRecordsService) readonly records: CatalogRecordsService) {}

    @Query(() => types.model, {
      name: names.single,
      nullable: true,
      deprecationReason: `Use ${def.single} instead.`,
    })
    @RequiresScopes(...CATALOG_READ)
    async oneDeprecated(
      @StoreId() storeId: string,
      @Args('id', { type: () => String }) id: string,
    ): Promise<RecordModel> {
      return toModel(await this.records.get(storeId, def.kind, id));
    }

    @Query(() => types.connection, {
      name: names.plural,
      nullable: true,
      deprecationReason: `Use ${def.plural} instead.`,
    })
    @RequiresScopes(...CATALOG_READ)
    async manyDeprecated(
      @StoreId() storeId: string,
      @ArgsOf(types.listArgs) args: RecordListArgs,
    ): Promise<object> {
      return toCountedConnection(await this.records.list(storeId, def, args ?? {}), toModel);
    }
  }
  return DeprecatedQueriesHost;
}

/** Validates a list argument: 1 to MAX_BATCH_CREATE items, each by the input class's rules. */
class BatchInputPipe implements PipeTransform {
  private readonly item: InputValidationPipe;

  constructor(type: Type<unknown>) {
    this.item = new InputValidationPipe(type);
  }

  async transform(value: unknown): Promise<unknown> {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BATCH_CREATE) {
      throw SubgraphErrors.badField(
        ['input'],
        'INVALID_VALUE',
        `input must hold 1 to ${MAX_BATCH_CREATE} records`,
      );
    }
    const out: unknown[] = [];
    for (const [i, element] of value.entries()) {
      try {
        out.push(await this.item.transform(element));
      } catch (error) {
        if (error instanceof BadRequestException) throw error;
        throw Object.assign(error as object, { message: `input[${i}]: ${(error as Error).message}` });
      }
    }
    return out;
  }
}

/** `<batchCreate>(input: [Create<X>Input!]!)`: all or nothing, 1 to 100 records. */
export function createBatchCreateResolver(def: RecordKind & { batchCreate: string }): ResolverBase {
  const types = kindTypes(def);

  @Resolver(() => types.model, { isAbstract: true })
  abstract class BatchCreateHost {
    constructor(@Inject(CatalogRecordsService) readonly records: CatalogRecordsService) {}

    @Mutation(() => [types.model], {
      name: def.batchCreate,
      nullable: true,
      description: `Creates 1 to ${MAX_BATCH_CREATE} records in one transaction: all or none.`,
    })
    @RequiresScopes(...CATALOG_WRITE)
    async createMany(
      @StoreId() storeId: string,
      @Args('input', { type: () => [types.createInput] }, new BatchInputPipe(types.createInput))
      input: RecordInput[],
    ): Promise<RecordModel[]> {
      return (await this.records.createMany(storeId, def, input)).map((row) => toRecordModel(def, row));
    }
  }
  return withDeprecatedAliases(BatchCreateHost, types.model, [
    {
      current: def.batchCreate,
      method: 'createMany',
      returns: () => [types.model],
      params: (alias) => {
        const input = aliasInputType(types.createInput, types.createInputName, alias);
        return [StoreId(), Args('input', { type: () => [input] }, new BatchInputPipe(input))];
      },
    },
  ]);
}

/** `__resolveReference` of a federated kind: every reference of one request in one query. */
export function createEntityReferenceResolver(def: RecordKind): ResolverBase {
  const types = kindTypes(def);

  @Resolver(() => types.model, { isAbstract: true })
  abstract class EntityReferenceHost {
    constructor(@Inject(CatalogRecordsService) readonly records: CatalogRecordsService) {}

    @ResolveReference()
    async resolveReference(reference: { id: string }, context: SubgraphContext): Promise<RecordModel | null> {
      // The global scope guard does not run for _entities: a reference resolver checks itself.
      requireScopes(context, CATALOG_READ);
      const storeId = storeIdOf(context);
      const loader = context.loaders.get<string, CatalogRecordEntity>(`entity:${def.kind}`, (ids) =>
        this.records.byIds(storeId, def.kind, ids),
      );
      const row = await loader.load(reference.id.toLowerCase());
      return row ? toRecordModel(def, row) : null;
    }
  }
  return EntityReferenceHost;
}

/** `<X>.<parent>`: the record a child belongs to (an attribute value's attribute), batched. */
export function createParentFieldResolver(
  def: RecordKind & { parent: NonNullable<RecordKind['parent']> },
): ResolverBase {
  const types = kindTypes(def);
  const parentDef = kindOf(def.parent.kind);
  const parentTypes = kindTypes(parentDef);
  const field = def.parent.field.replace(/Id$/, '');

  @Resolver(() => types.model, { isAbstract: true })
  abstract class ParentFieldHost {
    constructor(@Inject(CatalogRecordsService) readonly records: CatalogRecordsService) {}

    @ResolveField(field, () => parentTypes.model, { nullable: true, description: def.parent.description })
    async parent(
      @Parent() child: RecordModel,
      @StoreId() storeId: string,
      @Loaders() loaders: LoaderRegistry,
    ): Promise<RecordModel | null> {
      const loader = loaders.get<string, CatalogRecordEntity>(`entity:${parentDef.kind}`, (ids) =>
        this.records.byIds(storeId, parentDef.kind, ids),
      );
      const row = await loader.load(String(child[def.parent.field]));
      return row ? toRecordModel(parentDef, row) : null;
    }
  }
  return ParentFieldHost;
}

/** `add<Plural>To<Owner>(id, input)` / `remove<Plural>From<Owner>(id, input)` and the owner's member field. */
export function createRelationResolvers(relation: RelationKind): ResolverBase[] {
  return [createRelationMutationsResolver(relation)];
}

/** The add and remove mutations of a relation (and its replace, if any), as the public graph spells them. */
export function relationMutationNames(relation: RelationKind): {
  add: string;
  remove: string;
  replace?: string;
} {
  const owner = kindOf(relation.owner).name;
  return {
    add: relation.addName ?? `add${relation.plural}To${owner}`,
    remove: relation.removeName ?? `remove${relation.plural}From${owner}`,
    ...(relation.replaceName ? { replace: relation.replaceName } : {}),
  };
}

/**
 * `<add>(id: String!, input: Mutation<Add>Input!)` and its remove twin (both idempotent, both
 * returning the owner), with the deprecated `…SKU…` spellings the public graph keeps.
 */
function createRelationMutationsResolver(relation: RelationKind): ResolverBase {
  const ownerDef = kindOf(relation.owner);
  const model = kindTypes(ownerDef).model;
  const names = relationMutationNames(relation);
  const inputName = (operation: string) =>
    `Mutation${operation.charAt(0).toUpperCase()}${operation.slice(1)}Input`;
  const toModel = (row: CatalogRecordEntity) => toRecordModel(ownerDef, row);
  const params = (operation: string) => [
    StoreId(),
    Args('id', { type: () => String }),
    InputArg('input', createIdListInput(inputName(operation), relation.idsField, 'String')),
  ];
  const replaceParams = (operation: string) => [
    StoreId(),
    Args('id', { type: () => String }),
    InputArg('input', createReplaceIdsInput(inputName(operation), relation.idsField)),
  ];

  abstract class RelationMutationsHost {
    constructor(@Inject(CatalogLinksService) readonly links: CatalogLinksService) {}
  }
  for (const change of ['add', 'remove'] as const) {
    defineMutation(
      RelationMutationsHost.prototype,
      change,
      {
        name: names[change],
        returns: () => model,
        params: params(names[change]),
        paramTypes: [String, String, Object],
      },
      async function (
        this: RelationMutationsHost,
        storeId: string,
        id: string,
        input: Record<string, string[]>,
      ) {
        return toModel(await this.links[change](storeId, id, relation.relation, input[relation.idsField]));
      },
    );
  }
  if (names.replace)
    defineMutation(
      RelationMutationsHost.prototype,
      'replace',
      {
        name: names.replace,
        returns: () => model,
        params: replaceParams(names.replace),
        paramTypes: [String, String, Object],
        description: `Sets its ${relation.field} to exactly the ids given, in that order: new ones join, others leave.`,
      },
      async function (
        this: RelationMutationsHost,
        storeId: string,
        id: string,
        input: Record<string, string[]>,
      ) {
        return toModel(await this.links.replace(storeId, id, relation.relation, input[relation.idsField]));
      },
    );
  Resolver(() => model, { isAbstract: true })(RelationMutationsHost);
  return withDeprecatedAliases(RelationMutationsHost, model, [
    { current: names.add, method: 'add', returns: () => model, params },
    { current: names.remove, method: 'remove', returns: () => model, params },
    ...(names.replace
      ? [{ current: names.replace, method: 'replace', returns: () => model, params: replaceParams }]
      : []),
  ]);
}

/**
 * An input `name` with one list field `field: [String!]!` of 0 to MAX_RELATION_IDS ids: the whole
 * new membership, in order (an empty list leaves none).
 */
function createReplaceIdsInput(name: string, field: string): Type<Record<string, string[]>> {
  @InputType(name)
  class ReplaceIdsInput {}
  const proto = ReplaceIdsInput.prototype;
  Field(() => [String], {
    description: `The members, in order: 0 to ${MAX_RELATION_IDS} ids, each once.`,
  })(proto, field);
  IsArray()(proto, field);
  ArrayMaxSize(MAX_RELATION_IDS)(proto, field);
  IsString({ each: true })(proto, field);
  MaxLength(128, { each: true })(proto, field);
  return ReplaceIdsInput as Type<Record<string, string[]>>;
}
