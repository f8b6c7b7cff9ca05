import type { LoaderRegistry } from '@platform/graphql-subgraph';
import { JurisdictionEntity } from './jurisdiction.entity';
import { Jurisdiction, toJurisdiction } from './jurisdiction.model';
import type { JurisdictionsService } from './jurisdictions.service';

/**
 * `<Owner>.jurisdiction` of rates and overrides: batched per request, one loader for both; none
 * when the owner has no jurisdiction.
 */
export async function jurisdictionOf(
  loaders: LoaderRegistry,
  jurisdictions: JurisdictionsService,
  storeId: string,
  jurisdictionId: string | null,
): Promise<Jurisdiction | null> {
  if (!jurisdictionId) return null;
  const loader = loaders.get<string, JurisdictionEntity>('jurisdiction-by-id', (ids) =>
    jurisdictions.byIds(storeId, ids),
  );
  const entity = await loader.load(jurisdictionId);
  return entity ? toJurisdiction(entity) : null;
}
