import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isUuid } from '@platform/ids';
import { Clock } from '../order-writer/clock.service';
import { MAX_AMOUNT } from '../order-model/order-rules';
import { OrderErrors } from '../order-model/orders.errors';
import { codeKeyOf } from './discount-code-key';
import { DiscountCodeEntity, type DiscountCodeStatus } from './discount-code.entity';
import { DiscountCodesRepository, isCodeTaken } from './discount-codes.repository';

export interface NewDiscountCode {
  readonly code: string;
  readonly name: string;
  readonly amount?: { readonly value: number; readonly currencyCode: string } | null;
  readonly ratePercentage?: string | null;
  readonly startsAt?: Date | null;
  readonly endsAt?: Date | null;
}

/** The stores' discount codes (admin graph) and their lookup for applyDiscountCodes. */
@Injectable()
export class DiscountCodesService {
  constructor(
    private readonly codes: DiscountCodesRepository,
    private readonly clock: Clock,
  ) {}

  async create(storeId: string, input: NewDiscountCode): Promise<DiscountCodeEntity> {
    const fixed = input.amount ?? null;
    const rate = input.ratePercentage ?? null;
    if ((fixed === null) === (rate === null)) {
      throw OrderErrors.invalidField(
        ['input', 'amount'],
        'INVALID_VALUE',
        'give exactly one of amount and ratePercentage',
      );
    }
    if (fixed && (!Number.isInteger(fixed.value) || fixed.value < 1 || fixed.value > MAX_AMOUNT)) {
      throw OrderErrors.invalidField(
        ['input', 'amount', 'value'],
        'OUT_OF_RANGE',
        'must be an integer from 1 to 2147483647',
      );
    }
    if (rate !== null && Number(rate) <= 0) {
      throw OrderErrors.invalidField(['input', 'ratePercentage'], 'OUT_OF_RANGE', 'must be above 0');
    }
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
      throw OrderErrors.invalidField(['input', 'endsAt'], 'OUT_OF_RANGE', 'endsAt must be after startsAt');
    }
    const now = this.clock.now();
    const codeKey = codeKeyOf(input.code);
    const row = Object.assign(new DiscountCodeEntity(), {
      id: randomUUID(),
      storeId,
      code: input.code.trim(),
      codeKey,
      name: input.name,
      amountValue: fixed?.value ?? null,
      currencyCode: fixed?.currencyCode ?? null,
      ratePercentage: rate,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
      status: 'ACTIVE' as DiscountCodeStatus,
      createdAt: now,
      updatedAt: now,
    });
    // An archived code gives its code back: it is renamed out of the way first.
    await this.codes.renameArchived(storeId, codeKey, `~${randomUUID().slice(0, 8)}:${codeKey}`.slice(0, 64));
    try {
      await this.codes.insert(row);
    } catch (e) {
      if (isCodeTaken(e)) throw OrderErrors.discountCodeExists(input.code);
      throw e;
    }
    return row;
  }

  /** The store's codes that are not archived, newest first (at most 500). */
  list(storeId: string): Promise<DiscountCodeEntity[]> {
    return this.codes.findUnarchived(storeId, 500);
  }

  async setStatus(storeId: string, id: string, status: DiscountCodeStatus): Promise<DiscountCodeEntity> {
    const row = isUuid(id) ? await this.codes.findInStore(storeId, id) : null;
    if (!row || row.status === 'ARCHIVED') throw OrderErrors.discountCodeNotFound(id);
    row.status = status;
    row.updatedAt = this.clock.now();
    return this.codes.save(row);
  }

  /** The store's codes of `codes` (any case), archived ones included, by upper-cased code. */
  async byCodes(storeId: string, codes: readonly string[]): Promise<Map<string, DiscountCodeEntity>> {
    const keys = [...new Set(codes.map(codeKeyOf))];
    if (keys.length === 0) return new Map();
    const rows = await this.codes.findByKeys(storeId, keys);
    return new Map(rows.map((r) => [r.codeKey, r]));
  }
}
