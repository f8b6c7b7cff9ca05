import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { LoaderRegistry, Loaders, StoreId, createReferencesResolver } from '@platform/graphql-subgraph';
import { createCrudResolver, createStatusResolver } from '../shared/crud-resolver.factory';
import { createJurisdictionFieldResolver } from '../jurisdictions/jurisdiction-field-resolver.factory';
import { Jurisdiction } from '../jurisdictions/jurisdiction.model';
import { TAX_SCOPES } from '../shared/tax-scopes';
import { RateLastState, RateReferences } from './rate-references.service';
import { RateEntity } from './rate.entity';
import { MutationCreateRateInput, MutationUpdateRateInput, QueryRatesArgs } from './rate.input';
import { QueryRatesConnection, Rate, toRate } from './rate.model';
import { RatesService } from './rates.service';

/** rate, rates, createRate, updateRate, deleteRate. */
@Resolver(() => Rate)
export class RatesResolver extends createCrudResolver({
  name: 'Rate',
  model: Rate,
  connection: QueryRatesConnection,
  createInput: MutationCreateRateInput,
  updateInput: MutationUpdateRateInput,
  listArgs: QueryRatesArgs,
  service: RatesService,
  toModel: toRate,
  scopes: TAX_SCOPES,
  lastState: RateLastState,
}) {}

/** activateRate, deactivateRate. */
@Resolver(() => Rate)
export class RateStatusResolver extends createStatusResolver({
  name: 'Rate',
  model: Rate,
  service: RatesService,
  toModel: toRate,
  scopes: TAX_SCOPES.write,
}) {}

/** createReferencesForRate, deleteReferencesFromRate, Rate.references. */
@Resolver(() => Rate)
export class RateReferencesResolver extends createReferencesResolver({
  name: 'Rate',
  model: Rate,
  service: RateReferences,
  toModel: toRate,
  createScopes: TAX_SCOPES.create,
  deleteScopes: TAX_SCOPES.delete,
}) {}

/** Rate.jurisdiction, batched per request. */
@Resolver(() => Rate)
export class RateJurisdictionResolver extends createJurisdictionFieldResolver(
  Rate,
  'None: the rate applies to every address.',
) {}

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
