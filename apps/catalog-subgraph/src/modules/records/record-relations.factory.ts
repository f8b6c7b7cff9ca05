import { Inject, Type } from '@nestjs/common';
import { ArgsType, Field, ID, Int, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import {
  ArgsOf,
  ConnectionArgs,
  ConnectionShape,
  CountedPage,
  Page,
  ResolverBase,
  StoreId,
  SubgraphCtx,
  SubgraphContext,
  createConnectionType,
  createStringFilterInput,
  filterValues,
  pageRequest,
  storeIdOf,
  toCountedConnection,
} from '@platform/graphql-subgraph';
import { Type as TransformType } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogReferenceEntity } from './catalog-reference.entity';
import {
  CatalogRelationPagesService,
  GroupPricing,
  MemberSource,
  ReferenceArgs,
} from './catalog-relation-pages.service';
import { CATALOG_READ } from './catalog-scopes';
import { CATALOG_KINDS, CATALOG_RELATIONS, kindOf } from './catalog-kinds';
import {
  PaginationType,
  PaginationTypeField,
  ValuesFilter,
  idFilterInput,
  statusFilterInput,
} from './record-filters';
import type { RecordKind, RelationKind } from './record-kind';
import type { RecordListArgs } from './record-list-args';
import { RecordModel, kindTypes, toRecordModel } from './record-types.factory';

/**
 * The relation fields of catalog records as the public storefront graph has them: every relation
 * and every parent's children a Relay connection (`SKUGroup.skus: SKUGroupSkusConnection` with
 * `edges { cursor node }`, `pageInfo`, `totalCount`) taking the member kind's list arguments, its
 * filters and `orderBy` honoured as the root list honours them; the single-record relations
 * (`SKU.skuGroup`, `ListTreeNode.list`), a group's price range and SKU count, and
 * `categoriesListTree`. Each field is batched per request: one query per field and page arguments
 * for every owner of the response (catalog-relation-pages.service.ts), one more for its counts.
 */

/** A resolver host and the kind whose model it resolves fields of. */
export interface FieldResolver {
  readonly base: ResolverBase;
  readonly owner: RecordKind;
  readonly role: string;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const CONNECTIONS = new Map<string, Type<ConnectionShape<RecordModel>>>();

/** `<Owner><Field>Connection` (`SKUMediaObjectsConnection`), made once per name. */
function relationConnection(
  owner: RecordKind,
  field: string,
  member: RecordKind,
): Type<ConnectionShape<RecordModel>> {
  const name = `${owner.typeName}${capitalize(field)}Connection`;
  let connection = CONNECTIONS.get(name);
  if (!connection) {
    connection = createConnectionType(kindTypes(member).node, name, { totalCount: true });
    CONNECTIONS.set(name, connection);
  }
  return connection;
}

/** A stable loader key of page arguments (the same arguments share one batch). */
function argsKey(args: object): string {
  return JSON.stringify(args, (_key, value: unknown) =>
    value instanceof Date ? value.toISOString() : value,
  );
}

/**
 * The connection of `owner`'s members from `source`: the page from the request's batch of owners,
 * its `totalCount` from a second batch, loaded only when selected.
 */
async function memberConnection(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  source: MemberSource,
  key: string,
  owner: RecordModel,
  args: RecordListArgs,
): Promise<object> {
  const storeId = storeIdOf(context);
  const member = 'children' in source ? source.children : 'parent' in source ? source.parent : source.member;
  const request = argsKey(args ?? {});
  const pageLoader = context.loaders.get<string, Page<CatalogRecordEntity> | Error>(
    `page:${key}:${request}`,
    (ids) => pages.pages(storeId, source, ids, args ?? {}),
  );
  const countLoader = context.loaders.get<string, number>(`count:${key}:${request}`, (ids) =>
    pages.counts(storeId, source, ids, args ?? {}),
  );
  const page = await pageLoader.load(owner.id);
  if (page instanceof Error) throw page;
  // An owner id that is not a uuid has no members (the loader leaves it out).
  if (!page) return toCountedConnection(EMPTY, (row: CatalogRecordEntity) => toRecordModel(member, row));
  return toCountedConnection(
    { page, totalCount: async () => (await countLoader.load(owner.id)) ?? 0 },
    (row: CatalogRecordEntity) => toRecordModel(member, row),
  );
}

/** The page of an owner with nothing to list. */
function emptyPage<T>(): Page<T> {
  return {
    edges: [],
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
  };
}

const EMPTY: CountedPage<CatalogRecordEntity> = { page: emptyPage(), totalCount: async () => 0 };

const ARGS = new Map<string, Type<RecordListArgs>>();

/**
 * The member kind's list arguments, with `id` of another input type where the public graph's
 * relation names it otherwise (`SKUGroup.lists(id: ListIdFilter)` beside `lists(id: ListIdsFilter)`).
 */
function relationArgs(member: RecordKind, idFilter?: string): Type<RecordListArgs> {
  const base = kindTypes(member).listArgs;
  if (!idFilter) return base;
  const name = `${member.typeName}:${idFilter}`;
  let args = ARGS.get(name);
  if (!args) {
    @ArgsType()
    class RelationArgs extends base {}
    apply(
      RelationArgs.prototype,
      'id',
      Field(() => idFilterInput(idFilter), { nullable: true }),
      IsOptional(),
      ValidateNested(),
      TransformType(() => idFilterInput(idFilter)),
    );
    args = RelationArgs;
    ARGS.set(name, args);
  }
  return args;
}

function apply(proto: object, key: string, ...decorators: PropertyDecorator[]): void {
  for (const d of decorators.reverse()) d(proto, key);
}

/** The loader key of a source's pages. */
function sourceKey(source: MemberSource): string {
  if ('children' in source) return `children:${source.children.kind}`;
  if ('parentsThrough' in source) return `parents:${source.parentsThrough.relation}`;
  return `members:${source.relation.relation}`;
}

/** `<Owner>.<field>(…list arguments of the member kind)`: a connection field, current or deprecated. */
function memberConnectionHost(
  owner: RecordKind,
  member: RecordKind,
  source: MemberSource,
  field: string,
  deprecatedName?: string,
): ResolverBase {
  const name = deprecatedName ?? field;
  const connection = relationConnection(owner, name, member);
  const key = sourceKey(source);
  const args = relationArgs(member, 'relation' in source ? source.relation.idFilterInput : undefined);
  // Nest keys a type's resolved fields by method name: each field needs its own.
  const method = `connection_${name}`;

  @Resolver(() => kindTypes(owner).model, { isAbstract: true })
  abstract class MemberConnectionHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    @ResolveField(name, () => connection, {
      nullable: true,
      description:
        'relation' in source
          ? `Its ${member.typeName} members (archived ones left out unless status says), in the order they were added by default.`
          : `Its ${member.typeName} records (archived ones left out unless status says), oldest first by default.`,
      ...(deprecatedName ? { deprecationReason: `Use ${field} instead.` } : {}),
    })
    async [method](
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
      @ArgsOf(args) args: RecordListArgs,
    ): Promise<object> {
      return memberConnection(this.pages, context, source, key, parent, args);
    }
  }
  return MemberConnectionHost;
}

const REFERENCE_ORIGIN_FILTER = createStringFilterInput('ReferenceOriginFilter', 64);

@ArgsType()
class ReferencesArgs extends ConnectionArgs implements ReferenceArgs {
  @Field(() => REFERENCE_ORIGIN_FILTER, { nullable: true, description: 'Only references of these origins.' })
  @IsOptional()
  @ValidateNested()
  @TransformType(() => REFERENCE_ORIGIN_FILTER)
  origin?: ValuesFilter | null;

  @PaginationTypeField()
  paginationType?: PaginationType | null;
}

/**
 * An external reference as the public storefront graph reads it (`Reference { id origin value }`),
 * with our `name` too. Its own type: the lib's `Reference` is shared with the tax subgraph, whose
 * copy has no `origin` (a shareable type must resolve the same fields in every subgraph).
 */
@ObjectType('CatalogReference', { description: 'A record’s id in an external system.' })
export class CatalogReference {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'The external system (the same as name).' })
  origin!: string;

  @Field({ description: 'The external system, unique per record.' })
  name!: string;

  @Field({ description: "The record's id in that system." })
  value!: string;
}

/** `<X>.references(origin, …)`: its external references by origin, a connection (`SKUReferencesConnection`). */
function referencesHost(def: RecordKind): ResolverBase {
  const connection = createConnectionType(
    CatalogReference,
    `${def.modelName ?? def.typeName}ReferencesConnection`,
    {
      totalCount: true,
    },
  );

  @Resolver(() => kindTypes(def).model, { isAbstract: true })
  abstract class ReferencesHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    @ResolveField('references', () => connection, {
      nullable: true,
      description: 'Its external references (an origin and the id there), by origin.',
    })
    async references(
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
      @ArgsOf(ReferencesArgs) args: ReferencesArgs,
    ): Promise<object> {
      const storeId = storeIdOf(context);
      const key = argsKey(args ?? {});
      const pages = context.loaders.get<string, Page<CatalogReferenceEntity> | Error>(
        `references:${key}`,
        (ids) => this.pages.referencePages(storeId, ids, args ?? {}),
      );
      const counts = context.loaders.get<string, number>(`references-count:${key}`, (ids) =>
        this.pages.referenceCounts(storeId, ids, args ?? {}),
      );
      const page = await pages.load(parent.id);
      if (page instanceof Error) throw page;
      return toCountedConnection(
        {
          page: page ?? emptyPage<CatalogReferenceEntity>(),
          totalCount: async () => (await counts.load(parent.id)) ?? 0,
        },
        (row: CatalogReferenceEntity) =>
          Object.assign(new CatalogReference(), {
            id: row.id,
            origin: row.name,
            name: row.name,
            value: row.value,
          }),
      );
    }
  }
  return ReferencesHost;
}

/** `<Owner>.channelIds`: the commerce channels it is assigned to (opaque ids, in the order added). */
function channelIdsHost(relation: RelationKind): ResolverBase {
  const owner = kindOf(relation.owner);
  const method = `channels_${relation.field}`;

  @Resolver(() => kindTypes(owner).model, { isAbstract: true })
  abstract class ChannelIdsHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    @ResolveField(relation.field, () => [String], {
      description: 'Ids of the commerce channels it is assigned to.',
    })
    async [method](
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
    ): Promise<string[]> {
      const storeId = storeIdOf(context);
      const loader = context.loaders.get<string, string[]>(`channels:${relation.relation}`, (ids) =>
        this.pages.channelIds(storeId, relation.relation, ids),
      );
      return (await loader.load(parent.id)) ?? [];
    }
  }
  return ChannelIdsHost;
}

/**
 * `<Member>.<ownerField>` (`SKU.skuGroup`): the live owner it was first added to, or null; with
 * `idOnly`, that owner's id (`ListOption.skuGroupId`).
 */
function ownerFieldHost(
  relation: RelationKind,
  member: RecordKind,
  name: string,
  options: { current?: string; idOnly?: boolean } = {},
): ResolverBase {
  const owner = kindOf(relation.owner);
  const method = `owner_${name}`;

  @Resolver(() => kindTypes(member).model, { isAbstract: true })
  abstract class OwnerFieldHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    @ResolveField(name, () => (options.idOnly ? String : kindTypes(owner).model), {
      nullable: true,
      description: options.idOnly
        ? `The id of the ${owner.typeName} it was first added to (archived ones left out).`
        : `The ${owner.typeName} it was first added to (archived ones left out).`,
      ...(options.current ? { deprecationReason: `Use ${options.current} instead.` } : {}),
    })
    async [method](@Parent() parent: RecordModel, @SubgraphCtx() context: SubgraphContext): Promise<unknown> {
      const storeId = storeIdOf(context);
      const loader = context.loaders.get<string, CatalogRecordEntity>(`owner:${relation.relation}`, (ids) =>
        this.pages.firstOwners(storeId, relation, ids),
      );
      const row = await loader.load(parent.id);
      if (!row) return null;
      return options.idOnly ? row.id : toRecordModel(owner, row);
    }
  }
  return OwnerFieldHost;
}

/** `<Child>.<deprecatedField>` (`SKUPrice.SKU`): the deprecated name of its parent field. */
function parentAliasHost(
  def: RecordKind & { parent: NonNullable<RecordKind['parent']> },
  name: string,
): ResolverBase {
  const parentDef = kindOf(def.parent.kind);
  const current = def.parent.field.replace(/Id$/, '');
  const method = `parentAlias_${name}`;

  @Resolver(() => kindTypes(def).model, { isAbstract: true })
  abstract class ParentAliasHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    @ResolveField(name, () => kindTypes(parentDef).model, {
      nullable: true,
      description: def.parent.description,
      deprecationReason: `Use ${current} instead.`,
    })
    async [method](
      @Parent() child: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
    ): Promise<RecordModel | null> {
      const storeId = storeIdOf(context);
      // The loader the current parent field uses, so both names share one query.
      const loader = context.loaders.get<string, CatalogRecordEntity>(`entity:${parentDef.kind}`, (ids) =>
        this.pages.byIds(storeId, parentDef.kind, ids),
      );
      const row = await loader.load(String(child[def.parent.field]));
      return row ? toRecordModel(parentDef, row) : null;
    }
  }
  return ParentAliasHost;
}

/** `<Owner>.<firstMemberField>` (`ListTreeNode.list`): its first live member, or null. */
function firstMemberHost(relation: RelationKind & { member: { kind: string } }, name: string): ResolverBase {
  const owner = kindOf(relation.owner);
  const member = kindOf(relation.member.kind);
  const method = `first_${name}`;

  @Resolver(() => kindTypes(owner).model, { isAbstract: true })
  abstract class FirstMemberHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    @ResolveField(name, () => kindTypes(member).model, {
      nullable: true,
      description: `The first of its ${relation.field} (archived ones left out).`,
    })
    async [method](
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
    ): Promise<RecordModel | null> {
      const storeId = storeIdOf(context);
      const loader = context.loaders.get<string, CatalogRecordEntity>(`first:${relation.relation}`, (ids) =>
        this.pages.firstMembers(storeId, relation, ids),
      );
      const row = await loader.load(parent.id);
      return row ? toRecordModel(member, row) : null;
    }
  }
  return FirstMemberHost;
}

@ObjectType('PriceRange', {
  description:
    'The lowest and highest of some prices, in minor currency units (integers, as SimpleMoney.value).',
})
export class PriceRange {
  @Field(() => Int, { nullable: true })
  min!: number | null;

  @Field(() => Int, { nullable: true })
  max!: number | null;
}

const SKU_STATUS_FILTER = statusFilterInput('SKUStatusFilter');
const DEFAULT_PRICING_STATUSES = ['ACTIVE', 'DRAFT'];

@ArgsType()
class PricingArgs {
  @Field(() => SKU_STATUS_FILTER, {
    nullable: true,
    defaultValue: { in: DEFAULT_PRICING_STATUSES },
    description: 'The SKUs counted: default ACTIVE and DRAFT ones.',
  })
  @IsOptional()
  @ValidateNested()
  @TransformType(() => SKU_STATUS_FILTER)
  status?: ValuesFilter | null;
}

/** `SKUGroup.priceRange`, `compareAtPriceRange` and `skuCount`, over its SKUs of the statuses asked. */
function groupPricingHost(): ResolverBase {
  const group = kindOf('SKU_GROUP');

  @Resolver(() => kindTypes(group).model, { isAbstract: true })
  abstract class GroupPricingHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    private async pricing(
      parent: RecordModel,
      context: SubgraphContext,
      args: PricingArgs,
    ): Promise<GroupPricing> {
      const storeId = storeIdOf(context);
      const statuses = [
        ...new Set(
          filterValues(args?.status ?? { in: DEFAULT_PRICING_STATUSES }) ?? DEFAULT_PRICING_STATUSES,
        ),
      ].sort();
      const loader = context.loaders.get<string, GroupPricing>(`pricing:${statuses.join(',')}`, (ids) =>
        this.pages.groupPricing(storeId, ids, statuses),
      );
      return (
        (await loader.load(parent.id)) ?? {
          skuCount: 0,
          minPrice: null,
          maxPrice: null,
          minCompareAtPrice: null,
          maxCompareAtPrice: null,
        }
      );
    }

    @ResolveField('priceRange', () => PriceRange, {
      nullable: true,
      description:
        'The lowest and highest `price` of its SKUs of `status`, in minor units (null without any).',
    })
    async priceRange(
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
      @ArgsOf(PricingArgs) args: PricingArgs,
    ): Promise<PriceRange> {
      const p = await this.pricing(parent, context, args);
      return { min: p.minPrice, max: p.maxPrice };
    }

    @ResolveField('compareAtPriceRange', () => PriceRange, {
      nullable: true,
      description: 'The lowest and highest `compareAtPrice` of its SKUs of `status`, in minor units.',
    })
    async compareAtPriceRange(
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
      @ArgsOf(PricingArgs) args: PricingArgs,
    ): Promise<PriceRange> {
      const p = await this.pricing(parent, context, args);
      return { min: p.minCompareAtPrice, max: p.maxCompareAtPrice };
    }

    @ResolveField('skuCount', () => Int, {
      nullable: true,
      description: 'How many of its SKUs have a status of `status`.',
    })
    async skuCount(
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
      @ArgsOf(PricingArgs) args: PricingArgs,
    ): Promise<number> {
      return (await this.pricing(parent, context, args)).skuCount;
    }
  }
  return GroupPricingHost;
}

/** `categoriesListTree`: the store's list tree named `categories`, or null. */
function categoriesTreeHost(): ResolverBase {
  const tree = kindOf('LIST_TREE');

  @Resolver(() => kindTypes(tree).model, { isAbstract: true })
  abstract class CategoriesTreeHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    @Query(() => kindTypes(tree).model, {
      name: 'categoriesListTree',
      nullable: true,
      description:
        'The store’s categories: its oldest live list tree named "categories" (any case), or null.',
    })
    @RequiresScopes(...CATALOG_READ)
    async categoriesListTree(@StoreId() storeId: string): Promise<RecordModel | null> {
      const row = await this.pages.categoriesTree(storeId);
      return row ? toRecordModel(tree, row) : null;
    }
  }
  return CategoriesTreeHost;
}

/**
 * Connections of the parents of an owner's members: `SKU.attributes` lists the attributes its
 * attribute values belong to.
 */
const PARENT_RELATIONS = [{ owner: 'SKU', field: 'attributes', through: 'SKU:ATTRIBUTE_VALUE' }] as const;

@ObjectType('Metafield', { description: 'A namespaced key/value of a record; the catalog stores none.' })
export class Metafield {
  @Field(() => String, { nullable: true })
  id!: string | null;

  @Field(() => String, { nullable: true })
  namespace!: string | null;

  @Field(() => String, { nullable: true })
  key!: string | null;

  @Field(() => String, { nullable: true })
  value!: string | null;

  @Field(() => String, { nullable: true })
  type!: string | null;

  @Field(() => String, { nullable: true })
  resourceId!: string | null;

  @Field(() => String, { nullable: true })
  createdAt!: string | null;

  @Field(() => String, { nullable: true })
  updatedAt!: string | null;
}

@ArgsType()
class MetafieldsArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  namespace?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  key?: string | null;
}

const METAFIELDS = new Map<string, Type<ConnectionShape<Metafield>>>();

/**
 * `<X>.metafields(…)`: the public graph's custom fields. The catalog stores none, so every
 * record's connection is empty (the paging arguments are still checked).
 */
function metafieldsHost(def: RecordKind): ResolverBase {
  const name = `${def.modelName ?? def.typeName}MetafieldsConnection`;
  let connection = METAFIELDS.get(name);
  if (!connection) {
    connection = createConnectionType(Metafield, name, { totalCount: true });
    METAFIELDS.set(name, connection);
  }

  @Resolver(() => kindTypes(def).model, { isAbstract: true })
  abstract class MetafieldsHost {
    @ResolveField('metafields', () => connection, {
      nullable: true,
      description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
    })
    metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): object {
      pageRequest(args ?? {});
      return toCountedConnection(
        { page: emptyPage<Metafield>(), totalCount: async () => 0 },
        (m: Metafield) => m,
      );
    }
  }
  return MetafieldsHost;
}

/** `ListOption.priceRange` and `compareAtPriceRange`: over its prices and its values' prices. */
function optionPricingHost(): ResolverBase {
  const option = kindOf('OPTION');

  @Resolver(() => kindTypes(option).model, { isAbstract: true })
  abstract class OptionPricingHost {
    constructor(@Inject(CatalogRelationPagesService) readonly pages: CatalogRelationPagesService) {}

    private async pricing(parent: RecordModel, context: SubgraphContext): Promise<GroupPricing | undefined> {
      const storeId = storeIdOf(context);
      const loader = context.loaders.get<string, GroupPricing>('option-pricing', (ids) =>
        this.pages.optionPricing(storeId, ids),
      );
      return loader.load(parent.id);
    }

    @ResolveField('priceRange', () => PriceRange, {
      nullable: true,
      description: 'The lowest and highest amount of its prices and its values’ prices, in minor units.',
    })
    async optionPriceRange(
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
    ): Promise<PriceRange> {
      const p = await this.pricing(parent, context);
      return { min: p?.minPrice ?? null, max: p?.maxPrice ?? null };
    }

    @ResolveField('compareAtPriceRange', () => PriceRange, {
      nullable: true,
      description:
        'The lowest and highest compareAtValue of its prices and its values’ prices, in minor units.',
    })
    async optionCompareAtPriceRange(
      @Parent() parent: RecordModel,
      @SubgraphCtx() context: SubgraphContext,
    ): Promise<PriceRange> {
      const p = await this.pricing(parent, context);
      return { min: p?.minCompareAtPrice ?? null, max: p?.maxCompareAtPrice ?? null };
    }
  }
  return OptionPricingHost;
}

/** Every relation field resolver the kind table makes. */
export function relationFieldResolvers(): FieldResolver[] {
  const out: FieldResolver[] = [];
  for (const relation of CATALOG_RELATIONS) {
    const owner = kindOf(relation.owner);
    const tag = relation.relation.replace(/[^A-Z]/g, '');
    if (!('kind' in relation.member)) {
      out.push({ base: channelIdsHost(relation), owner, role: `${tag}Channels` });
      continue;
    }
    const member = kindOf(relation.member.kind);
    const source: MemberSource = { relation, member };
    out.push({
      base: memberConnectionHost(owner, member, source, relation.field),
      owner,
      role: `${tag}Members`,
    });
    if (relation.deprecatedFields?.field)
      out.push({
        base: memberConnectionHost(owner, member, source, relation.field, relation.deprecatedFields.field),
        owner,
        role: `${tag}MembersDeprecated`,
      });
    if (relation.ownerField) {
      out.push({
        base: ownerFieldHost(relation, member, relation.ownerField),
        owner: member,
        role: `${tag}Owner`,
      });
      if (relation.deprecatedFields?.ownerField)
        out.push({
          base: ownerFieldHost(relation, member, relation.deprecatedFields.ownerField, {
            current: relation.ownerField,
          }),
          owner: member,
          role: `${tag}OwnerDeprecated`,
        });
    }
    if (relation.ownerIdField)
      out.push({
        base: ownerFieldHost(relation, member, relation.ownerIdField, { idOnly: true }),
        owner: member,
        role: `${tag}OwnerId`,
      });
    if (relation.firstMemberField)
      out.push({
        base: firstMemberHost(
          relation as RelationKind & { member: { kind: string } },
          relation.firstMemberField,
        ),
        owner,
        role: `${tag}First`,
      });
  }
  for (const def of CATALOG_KINDS as readonly RecordKind[]) {
    out.push({ base: metafieldsHost(def), owner: def, role: 'Metafields' });
    if (def.references) out.push({ base: referencesHost(def), owner: def, role: 'ReferencesField' });
    if (!def.parent) continue;
    const parent = kindOf(def.parent.kind);
    out.push({
      base: memberConnectionHost(parent, def, { children: def }, def.parent.childrenField ?? def.plural),
      owner: parent,
      role: `${def.name}Children`,
    });
    if (def.parent.deprecatedField)
      out.push({
        base: parentAliasHost(
          def as RecordKind & { parent: NonNullable<RecordKind['parent']> },
          def.parent.deprecatedField,
        ),
        owner: def,
        role: 'ParentAlias',
      });
  }
  for (const derived of PARENT_RELATIONS) {
    const owner = kindOf(derived.owner);
    const through = CATALOG_RELATIONS.find((r) => r.relation === derived.through);
    if (!through || !('kind' in through.member)) throw new Error(`unknown relation ${derived.through}`);
    const parent = kindOf(kindOf(through.member.kind).parent?.kind ?? '');
    out.push({
      base: memberConnectionHost(owner, parent, { parentsThrough: through, parent }, derived.field),
      owner,
      role: `${derived.field}Parents`,
    });
  }
  out.push({ base: optionPricingHost(), owner: kindOf('OPTION'), role: 'Pricing' });
  out.push({ base: groupPricingHost(), owner: kindOf('SKU_GROUP'), role: 'Pricing' });
  out.push({ base: categoriesTreeHost(), owner: kindOf('LIST_TREE'), role: 'Categories' });
  return out;
}
