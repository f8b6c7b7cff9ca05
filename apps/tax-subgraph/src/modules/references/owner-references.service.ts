import type { ReferenceRecord, ReferencesService } from '@platform/graphql-subgraph';
import type { ReferenceOwnerType } from './reference.entity';
import type { ReferencesRepository } from './references.repository';

/**
 * The references of one owner type as the generic resolver wants them (ReferencesService):
 * checks the owner is the store's, changes its references, returns the owner.
 */
export abstract class OwnerReferences<E> implements ReferencesService<E> {
  protected constructor(
    private readonly ownerType: ReferenceOwnerType,
    private readonly store: ReferencesRepository,
    private readonly owner: (storeId: string, id: string) => Promise<E>,
  ) {}

  async upsert(
    storeId: string,
    ownerId: string,
    references: readonly { name: string; value: string }[],
  ): Promise<E> {
    await this.owner(storeId, ownerId);
    await this.store.upsert(storeId, this.ownerType, ownerId, references);
    return this.owner(storeId, ownerId);
  }

  async delete(storeId: string, ownerId: string, names: readonly string[]): Promise<E> {
    await this.owner(storeId, ownerId);
    await this.store.delete(storeId, this.ownerType, ownerId, names);
    return this.owner(storeId, ownerId);
  }

  forOwners(storeId: string, ownerIds: readonly string[]): Promise<ReadonlyMap<string, ReferenceRecord[]>> {
    return this.store.forOwners(storeId, this.ownerType, ownerIds);
  }
}
