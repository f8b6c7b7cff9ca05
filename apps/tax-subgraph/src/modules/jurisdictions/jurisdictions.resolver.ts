import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import {
  ArgsOf,
  ConnectionShape,
  InputArg,
  LoaderRegistry,
  Loaders,
  toConnection,
} from '@platform/graphql-subgraph';
import { TAX_SCOPES } from '../../auth/tax-scopes';
import { deleteAsItWas } from '../records/crud';
import {
  MutationCreateJurisdictionInput,
  MutationUpdateJurisdictionInput,
  QueryJurisdictionsArgs,
} from './jurisdiction.input';
import { Jurisdiction, QueryJurisdictionsConnection, toJurisdiction } from './jurisdiction.model';
import { JurisdictionsService } from './jurisdictions.service';
import { StoreId } from '@platform/commerce-graphql';

/** Every operation on jurisdictions (Jurisdiction.rates is the rates module's). */
@Resolver(() => Jurisdiction)
export class JurisdictionsResolver {
  constructor(private readonly jurisdictionService: JurisdictionsService) {}

  @Query(() => Jurisdiction, {
    name: 'jurisdiction',
    nullable: true,
    description: 'One jurisdiction of the store, by id.',
  })
  @RequiresScopes(...TAX_SCOPES.read)
  async jurisdiction(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<Jurisdiction> {
    return toJurisdiction(await this.jurisdictionService.get(storeId, id));
  }

  @Query(() => QueryJurisdictionsConnection, {
    name: 'jurisdictions',
    nullable: true,
    description: "The store's jurisdictions, cursor-paged.",
  })
  @RequiresScopes(...TAX_SCOPES.read)
  async jurisdictions(
    @StoreId() storeId: string,
    @ArgsOf(QueryJurisdictionsArgs) args: QueryJurisdictionsArgs,
  ): Promise<ConnectionShape<Jurisdiction>> {
    return toConnection(await this.jurisdictionService.list(storeId, args ?? {}), toJurisdiction);
  }

  @Mutation(() => Jurisdiction, { name: 'createJurisdiction', nullable: true })
  @RequiresScopes(...TAX_SCOPES.create)
  async createJurisdiction(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateJurisdictionInput) input: MutationCreateJurisdictionInput,
  ): Promise<Jurisdiction> {
    return toJurisdiction(await this.jurisdictionService.create(storeId, input));
  }

  @Mutation(() => Jurisdiction, { name: 'updateJurisdiction', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async updateJurisdiction(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationUpdateJurisdictionInput) input: MutationUpdateJurisdictionInput,
  ): Promise<Jurisdiction> {
    return toJurisdiction(await this.jurisdictionService.update(storeId, id, input));
  }

  @Mutation(() => Jurisdiction, {
    name: 'deleteJurisdiction',
    nullable: true,
    description: 'Deletes the jurisdiction and returns it as it was just before, its relations included.',
  })
  @RequiresScopes(...TAX_SCOPES.delete)
  deleteJurisdiction(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Jurisdiction> {
    return deleteAsItWas(this.jurisdictionService, toJurisdiction, { storeId, id, loaders });
  }
}
