import { Injectable } from '@nestjs/common';
import { StoreAccessService } from '../../access/store-access.service';
import { SecretBox } from '@platform/crypto';
import type { StoreView } from '../store-view';
import { StoresService } from '../stores.service';
import { governmentIdAssociatedData } from './government-id-sealing';
import { GovernmentIdsRepository } from './government-ids.repository';
import type { GovernmentIdInput } from './government-ids.request';

/** The government ids of a business: replaced as a whole, kept sealed, shown masked. */
@Injectable()
export class GovernmentIdsService {
  constructor(
    private readonly governmentIds: GovernmentIdsRepository,
    private readonly box: SecretBox,
    private readonly access: StoreAccessService,
    private readonly stores: StoresService,
  ) {}

  /** Replaces the ids of the store's business; returns the store with the ids masked. */
  async replaceForStore(
    accountId: string,
    storeId: string,
    ids: readonly GovernmentIdInput[],
  ): Promise<StoreView> {
    const store = await this.access.visibleStore(accountId, storeId);
    await this.replace(store.businessId, ids);
    return this.stores.getStore(accountId, storeId);
  }

  /**
   * The business's set becomes `ids`, in that order, in one transaction. An id that was already
   * there keeps its row (and createdAt); the others are deleted, the new ones sealed and inserted.
   */
  async replace(businessId: string, ids: readonly GovernmentIdInput[]): Promise<void> {
    await this.governmentIds.transaction(async (tx) => {
      // Concurrent replacements of one business's set run one after the other.
      await tx.lockBusiness(businessId);
      const existing = await tx.findForBusiness(businessId);
      const opened = existing.map((row) => ({
        row,
        governmentId: this.box.open(
          row.governmentIdCiphertext,
          governmentIdAssociatedData(businessId, row.type),
        ),
      }));
      const kept = new Map<string, number>();
      const added: { input: GovernmentIdInput; position: number }[] = [];
      ids.forEach((input, position) => {
        const same = opened.find(
          (o) => !kept.has(o.row.id) && o.row.type === input.type && o.governmentId === input.governmentId,
        );
        if (same) kept.set(same.row.id, position);
        else added.push({ input, position });
      });
      const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
      if (removed.length) await tx.deleteByIds(removed);
      for (const [id, position] of kept) await tx.updatePosition(id, position);
      if (added.length) {
        await tx.insertMany(
          added.map(({ input, position }) => ({
            businessId,
            type: input.type,
            position,
            governmentIdCiphertext: this.box.seal(
              input.governmentId,
              governmentIdAssociatedData(businessId, input.type),
            ),
          })),
        );
      }
    });
  }
}
