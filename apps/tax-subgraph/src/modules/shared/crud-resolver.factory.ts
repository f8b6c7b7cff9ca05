import { Inject, Optional, Type } from '@nestjs/common';
import { ID, Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import {
  ArgsOf,
  ConnectionArgs,
  ConnectionShape,
  InputArg,
  LoaderRegistry,
  Loaders,
  Page,
  ResolverBase,
  ScopeSet,
  StoreId,
  toConnection,
} from '@platform/graphql-subgraph';
import type { LastStateReader } from './last-state';

// The tax subgraph's generic CRUD and status resolvers (only tax has entities this uniform; the
// other subgraphs write their resolvers out).

/** The scopes of a domain's operations by verb (docs/tax.md maps them for tax). */
export interface VerbScopes {
  readonly read: ScopeSet;
  readonly create: ScopeSet;
  readonly write: ScopeSet;
  readonly delete: ScopeSet;
}

/**
 * What a generic CRUD resolver needs from a domain service: store-scoped reads and writes of
 * entities `E` (no GraphQL types; the resolver maps to the model).
 */
export interface CrudService<E, C, U, L extends ConnectionArgs> {
  get(storeId: string, id: string): Promise<E>;
  list(storeId: string, args: L): Promise<Page<E>>;
  create(storeId: string, input: C): Promise<E>;
  update(storeId: string, id: string, input: U): Promise<E>;
  delete(storeId: string, id: string): Promise<void>;
}

export interface CrudResolverOptions<E, M extends { id: string }, C, U, L extends ConnectionArgs> {
  /** PascalCase singular: `Rate` gives rate, rates, createRate, updateRate, deleteRate. */
  readonly name: string;
  /** camelCase plural query name; default `<name>s` lower-first. */
  readonly plural?: string;
  readonly model: Type<M>;
  readonly connection: Type<ConnectionShape<M>>;
  readonly createInput: Type<C>;
  readonly updateInput: Type<U>;
  readonly listArgs: Type<L>;
  /** Injection token of the CrudService. */
  readonly service: Type<CrudService<E, C, U, L>>;
  readonly toModel: (entity: E) => M;
  readonly scopes: VerbScopes;
  /**
   * Reads the relation fields of a record about to be deleted (createLastStateReader), so that
   * `delete<X>` answers them as they were; none: the type has no relation that goes with it.
   */
  readonly lastState?: Type<LastStateReader>;
}

const NO_LAST_STATE = Symbol('tax:no-last-state');

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/**
 * The five operations every store-scoped entity has, from one definition (root fields are
 * nullable, so one failing field does not null the whole response):
 * `<x>(id)`, `<x>s(first, after, last, before, …filters)` (Relay connection),
 * `create<X>(input)`, `update<X>(id, input)`, `delete<X>(id): X` (the deleted record as it was, as
 * the public tax graph answers), each with its verb's scopes. Extend the returned class with `@Resolver(() => Model)` in the app.
 */
export function createCrudResolver<E, M extends { id: string }, C, U, L extends ConnectionArgs>(
  options: CrudResolverOptions<E, M, C, U, L>,
): ResolverBase {
  const single = lowerFirst(options.name);
  const plural = options.plural ?? `${single}s`;
  const { scopes, toModel } = options;

  @Resolver(() => options.model, { isAbstract: true })
  abstract class CrudResolverHost {
    constructor(
      @Inject(options.service) private readonly crud: CrudService<E, C, U, L>,
      @Optional() @Inject(options.lastState ?? NO_LAST_STATE) private readonly lastState?: LastStateReader,
    ) {}

    @Query(() => options.model, {
      name: single,
      nullable: true,
      description: `One ${single} of the store, by id.`,
    })
    @RequiresScopes(...scopes.read)
    async one(@StoreId() storeId: string, @Args('id', { type: () => ID }) id: string): Promise<M> {
      return toModel(await this.crud.get(storeId, id));
    }

    @Query(() => options.connection, {
      name: plural,
      nullable: true,
      description: `The store's ${plural}, cursor-paged.`,
    })
    @RequiresScopes(...scopes.read)
    async many(@StoreId() storeId: string, @ArgsOf(options.listArgs) args: L): Promise<ConnectionShape<M>> {
      return toConnection(await this.crud.list(storeId, args ?? ({} as L)), toModel);
    }

    @Mutation(() => options.model, { name: `create${options.name}`, nullable: true })
    @RequiresScopes(...scopes.create)
    async create(@StoreId() storeId: string, @InputArg('input', options.createInput) input: C): Promise<M> {
      return toModel(await this.crud.create(storeId, input));
    }

    @Mutation(() => options.model, { name: `update${options.name}`, nullable: true })
    @RequiresScopes(...scopes.write)
    async update(
      @StoreId() storeId: string,
      @Args('id', { type: () => ID }) id: string,
      @InputArg('input', options.updateInput) input: U,
    ): Promise<M> {
      return toModel(await this.crud.update(storeId, id, input));
    }

    @Mutation(() => options.model, {
      name: `delete${options.name}`,
      nullable: true,
      description: `Deletes the ${single} and returns it as it was just before, its relations included.`,
    })
    @RequiresScopes(...scopes.delete)
    async remove(
      @StoreId() storeId: string,
      @Args('id', { type: () => ID }) id: string,
      @Loaders() loaders: LoaderRegistry,
    ): Promise<M> {
      const deleted = toModel(await this.crud.get(storeId, id));
      await this.lastState?.read(storeId, deleted.id, loaders);
      await this.crud.delete(storeId, id);
      return deleted;
    }
  }
  return CrudResolverHost;
}

/** Activate/deactivate for entities with an ACTIVE/INACTIVE status. */
export interface StatusService<E> {
  setStatus(storeId: string, id: string, status: 'ACTIVE' | 'INACTIVE'): Promise<E>;
}

export interface StatusResolverOptions<E, M> {
  readonly name: string;
  readonly model: Type<M>;
  readonly service: Type<StatusService<E>>;
  readonly toModel: (entity: E) => M;
  readonly scopes: ScopeSet;
}

/** `activate<X>(id)` and `deactivate<X>(id)`, both idempotent, returning the entity. */
export function createStatusResolver<E, M>(options: StatusResolverOptions<E, M>): ResolverBase {
  const { toModel, scopes } = options;

  @Resolver(() => options.model, { isAbstract: true })
  abstract class StatusResolverHost {
    constructor(@Inject(options.service) private readonly status: StatusService<E>) {}

    @Mutation(() => options.model, { name: `activate${options.name}`, nullable: true })
    @RequiresScopes(...scopes)
    async activate(@StoreId() storeId: string, @Args('id', { type: () => ID }) id: string): Promise<M> {
      return toModel(await this.status.setStatus(storeId, id, 'ACTIVE'));
    }

    @Mutation(() => options.model, { name: `deactivate${options.name}`, nullable: true })
    @RequiresScopes(...scopes)
    async deactivate(@StoreId() storeId: string, @Args('id', { type: () => ID }) id: string): Promise<M> {
      return toModel(await this.status.setStatus(storeId, id, 'INACTIVE'));
    }
  }
  return StatusResolverHost;
}
