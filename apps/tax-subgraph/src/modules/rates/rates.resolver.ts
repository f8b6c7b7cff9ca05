import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import {
  ArgsOf,
  ConnectionShape,
  InputArg,
  LoaderRegistry,
  Loaders,
  Reference,
  RemoveReferences,
  SetReferences,
  toConnection,
} from '@platform/graphql-subgraph';
import { TAX_SCOPES } from '../../auth/tax-scopes';
import { jurisdictionOf } from '../jurisdictions/jurisdiction-of';
import { Jurisdiction } from '../jurisdictions/jurisdiction.model';
import { JurisdictionsService } from '../jurisdictions/jurisdictions.service';
import { deleteAsItWas } from '../records/crud';
import { preloadReferences, referencesOf } from '../references/references-loader';
import { RateReferences } from './rate-references.service';
import { RateEntity } from './rate.entity';
import {
  MutationCreateRateInput,
  MutationCreateReferencesForRateInput,
  MutationDeleteReferencesFromRateInput,
  MutationUpdateRateInput,
  QueryRatesArgs,
} from './rate.input';
import { QueryRatesConnection, Rate, toRate } from './rate.model';
import { RatesService } from './rates.service';
import { StoreId } from '@platform/commerce-graphql';

/** Every operation on rates, and the fields of Rate that are not columns. */
@Resolver(() => Rate)
export class RatesResolver {
  constructor(
    private readonly rateService: RatesService,
    private readonly references: RateReferences,
    private readonly jurisdictions: JurisdictionsService,
  ) {}

  @Query(() => Rate, { name: 'rate', nullable: true, description: 'One rate of the store, by id.' })
  @RequiresScopes(...TAX_SCOPES.read)
  async rate(@StoreId() storeId: string, @Args('id', { type: () => ID }) id: string): Promise<Rate> {
    return toRate(await this.rateService.get(storeId, id));
  }

  @Query(() => QueryRatesConnection, {
    name: 'rates',
    nullable: true,
    description: "The store's rates, cursor-paged.",
  })
  @RequiresScopes(...TAX_SCOPES.read)
  async rates(
    @StoreId() storeId: string,
    @ArgsOf(QueryRatesArgs) args: QueryRatesArgs,
  ): Promise<ConnectionShape<Rate>> {
    return toConnection(await this.rateService.list(storeId, args ?? {}), toRate);
  }

  @Mutation(() => Rate, { name: 'createReferencesForRate', nullable: true })
  @RequiresScopes(...TAX_SCOPES.create)
  async createReferencesForRate(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationCreateReferencesForRateInput) input: SetReferences,
  ): Promise<Rate> {
    return toRate(await this.references.upsert(storeId, id, input.references));
  }

  @Mutation(() => Rate, { name: 'deleteReferencesFromRate', nullable: true })
  @RequiresScopes(...TAX_SCOPES.delete)
  async deleteReferencesFromRate(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationDeleteReferencesFromRateInput) input: RemoveReferences,
  ): Promise<Rate> {
    return toRate(await this.references.delete(storeId, id, input.names));
  }

  @Mutation(() => Rate, { name: 'activateRate', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async activateRate(@StoreId() storeId: string, @Args('id', { type: () => ID }) id: string): Promise<Rate> {
    return toRate(await this.rateService.setStatus(storeId, id, 'ACTIVE'));
  }

  @Mutation(() => Rate, { name: 'deactivateRate', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async deactivateRate(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<Rate> {
    return toRate(await this.rateService.setStatus(storeId, id, 'INACTIVE'));
  }

  @Mutation(() => Rate, { name: 'createRate', nullable: true })
  @RequiresScopes(...TAX_SCOPES.create)
  async createRate(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateRateInput) input: MutationCreateRateInput,
  ): Promise<Rate> {
    return toRate(await this.rateService.create(storeId, input));
  }

  @Mutation(() => Rate, { name: 'updateRate', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async updateRate(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationUpdateRateInput) input: MutationUpdateRateInput,
  ): Promise<Rate> {
    return toRate(await this.rateService.update(storeId, id, input));
  }

  @Mutation(() => Rate, {
    name: 'deleteRate',
    nullable: true,
    description: 'Deletes the rate and returns it as it was just before, its relations included.',
  })
  @RequiresScopes(...TAX_SCOPES.delete)
  deleteRate(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Rate> {
    // Its jurisdiction stays: only its references are read before they go.
    return deleteAsItWas(this.rateService, toRate, { storeId, id, loaders }, (s, rateId, l) =>
      preloadReferences(l, 'Rate', this.references, s, rateId),
    );
  }

  @ResolveField('jurisdiction', () => Jurisdiction, {
    nullable: true,
    description: 'None: the rate applies to every address.',
  })
  jurisdiction(
    @Parent() rate: Rate,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Jurisdiction | null> {
    return jurisdictionOf(loaders, this.jurisdictions, storeId, rate.jurisdictionId);
  }

  @ResolveField('references', () => [Reference], { description: 'External references, sorted by name.' })
  referencesField(
    @Parent() rate: Rate,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Reference[]> {
    return referencesOf(loaders, 'Rate', this.references, storeId, rate.id);
  }
}

/** Jurisdiction.rates, batched per request. */
@Resolver(() => Jurisdiction)
export class JurisdictionRatesResolver {
  constructor(private readonly rateService: RatesService) {}

  @ResolveField('rates', () => [Rate], { description: 'Every rate of the jurisdiction, oldest first.' })
  async rates(
    @Parent() jurisdiction: Jurisdiction,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Rate[]> {
    const loader = loaders.get<string, RateEntity[]>('rates-by-jurisdiction', (ids) =>
      this.rateService.forJurisdictions(storeId, ids),
    );
    return ((await loader.load(jurisdiction.id)) ?? []).map(toRate);
  }
}
