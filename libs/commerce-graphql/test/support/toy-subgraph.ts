// A minimal commerce subgraph on @platform/graphql-subgraph with this lib's store selection and
// store access: one query that echoes what the lib put in the context, one mutation
// that needs a scope, one that fails unexpectedly, and one field batched through a DataLoader.
import { DynamicModule, Module } from '@nestjs/common';
import {
  Args,
  Directive,
  Field,
  ID,
  Int,
  Mutation,
  ObjectType,
  Parent,
  Query,
  ResolveField,
  ResolveReference,
  Resolver,
} from '@nestjs/graphql';
import { CurrentPrincipal, type Principal, RequiresScopes } from '@platform/auth';
import type { PlatformConfig } from '@platform/config';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import {
  InputArg,
  LoaderRegistry,
  Loaders,
  SubgraphContext,
  SubgraphCtx,
  SubgraphModule,
  SubgraphModuleOptions,
  SimpleMoney,
  SimpleMoneyInput,
  requireScopes,
} from '@platform/graphql-subgraph';
import { StoreId, commerceStoreAccess, commerceStoreSelection } from '../../src';

@ObjectType()
@Directive('@key(fields: "id")')
export class Widget {
  @Field(() => ID)
  id!: string;

  @Field()
  storeId!: string;

  @Field()
  accountId!: string;
}

@ObjectType()
export class Price {
  @Field(() => SimpleMoney)
  money!: SimpleMoney;
}

/** Counts batch calls so the suite can prove batching. */
export const batchCalls: string[][] = [];

@Resolver(() => Widget)
export class WidgetResolver {
  @Query(() => Widget)
  @RequiresScopes('commerce.tax:read')
  widget(
    @StoreId() storeId: string,
    @CurrentPrincipal() principal: Principal,
    @Args('id', { type: () => ID }) id: string,
  ): Widget {
    return { id, storeId, accountId: principal.accountId };
  }

  @Query(() => [Widget])
  @RequiresScopes('commerce.tax:read')
  widgets(@StoreId() storeId: string, @Args('count', { type: () => Int }) count: number): Widget[] {
    return Array.from({ length: count }, (_, i) => ({ id: `w${i}`, storeId, accountId: '' }));
  }

  /**
   * A first step that is still running when the operation's deadline fires (it answers only then),
   * as a slow statement would: the fields under it must not start their fetches.
   */
  @Query(() => [Widget])
  @RequiresScopes('commerce.tax:read')
  async widgetsPastDeadline(
    @StoreId() storeId: string,
    @SubgraphCtx() context: SubgraphContext,
    @Args('count', { type: () => Int }) count: number,
  ): Promise<Widget[]> {
    await new Promise((resolve) => context.deadline.addEventListener('abort', resolve, { once: true }));
    return Array.from({ length: count }, (_, i) => ({ id: `late${i}`, storeId, accountId: '' }));
  }

  /** Decorators work in reference resolvers too; scopes are checked with requireScopes. */
  @ResolveReference()
  async resolveReference(
    @Parent() reference: { id: string },
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<Widget> {
    requireScopes(context, ['commerce.tax:read']);
    const loader = loaders.get<string, string>('reference', async (ids) => {
      batchCalls.push([...ids]);
      return new Map(ids.map((id) => [id, id]));
    });
    return { id: (await loader.load(reference.id)) ?? '', storeId, accountId: context.principal.accountId };
  }

  @ResolveField(() => Int)
  async weight(@Parent() widget: Widget, @Loaders() loaders: LoaderRegistry): Promise<number> {
    const loader = loaders.get<string, number>('weight', async (ids) => {
      batchCalls.push([...ids]);
      return new Map(ids.map((id) => [id, id.length]));
    });
    return (await loader.load(widget.id)) ?? 0;
  }

  @Mutation(() => Price)
  @RequiresScopes('commerce.tax:create')
  price(@InputArg('amount', SimpleMoneyInput) amount: SimpleMoneyInput): Price {
    return { money: SimpleMoney.of(amount.value, amount.currencyCode) };
  }

  @Mutation(() => Boolean)
  @RequiresScopes('commerce.tax:write')
  explode(): boolean {
    throw new Error('relation "secret_table" does not exist');
  }

  /** What a COMMIT meets when PostgreSQL restarts under it (SQLSTATE 57P01). */
  @Mutation(() => Boolean)
  @RequiresScopes('commerce.tax:write')
  async commitDuringRestart(): Promise<boolean> {
    await Promise.resolve();
    throw Object.assign(new Error('terminating connection due to administrator command'), {
      driverError: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    });
  }
}

@Module({ providers: [WidgetResolver] })
class WidgetModule {}

export function toySubgraphModule(
  config: PlatformConfig,
  options: Partial<SubgraphModuleOptions> & { commerceUrl: string },
): DynamicModule {
  @Module({})
  class ToyAppModule {}
  return {
    module: ToyAppModule,
    imports: [
      RateLimitModule,
      ServiceKitModule.forRoot({ config, errorFamily: 'domains', migrationSets: [] }),
      SubgraphModule.forRoot({
        path: '/v2/commerce/stores/{storeId}/toy-subgraph',
        tenantSelection: commerceStoreSelection('path-and-header'),
        tenantAccess: commerceStoreAccess({ commerceRestUrl: options.commerceUrl, cacheTtlSeconds: 30 }),
        limits: { maxDepth: 2, maxComplexity: 200, defaultListSize: 10 },
        ...options,
      }),
      WidgetModule,
    ],
  };
}
