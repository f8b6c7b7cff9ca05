import { Type } from '@nestjs/common';
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { LoaderRegistry, Loaders, ResolverBase, StoreId } from '@platform/graphql-subgraph';
import { JurisdictionEntity } from './jurisdiction.entity';
import { Jurisdiction, toJurisdiction } from './jurisdiction.model';
import { JurisdictionsService } from './jurisdictions.service';

/** `<Owner>.jurisdiction` of rates and overrides, batched per request (one loader for both). */
export function createJurisdictionFieldResolver<M extends { jurisdictionId: string | null }>(
  model: Type<M>,
  description: string,
): ResolverBase {
  @Resolver(() => model, { isAbstract: true })
  abstract class JurisdictionFieldHost {
    constructor(private readonly jurisdictions: JurisdictionsService) {}

    @ResolveField('jurisdiction', () => Jurisdiction, { nullable: true, description })
    async jurisdiction(
      @Parent() owner: M,
      @StoreId() storeId: string,
      @Loaders() loaders: LoaderRegistry,
    ): Promise<Jurisdiction | null> {
      if (!owner.jurisdictionId) return null;
      const loader = loaders.get<string, JurisdictionEntity>('jurisdiction-by-id', (ids) =>
        this.jurisdictions.byIds(storeId, ids),
      );
      const entity = await loader.load(owner.jurisdictionId);
      return entity ? toJurisdiction(entity) : null;
    }
  }
  return JurisdictionFieldHost;
}
