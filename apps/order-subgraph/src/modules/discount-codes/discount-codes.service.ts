import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUuid } from '@platform/ids';
import { In, Not, Repository } from 'typeorm';
import { Clock } from '../order-writer/clock.service';
import { MAX_AMOUNT } from '../order-model/order-rules';
import { OrderErrors } from '../order-model/orders.errors';
import { codeKeyOf } from './discount-code-key';
import { DiscountCodeEntity, type DiscountCodeStatus } from './discount-code.entity';

export interface NewDiscountCode {
  readonly code: string;
  readonly name: string;
  readonly amount?: { readonly value: number; readonly currencyCode: string } | null;
  readonly ratePercentage?: string | null;
  readonly startsAt?: Date | null;
  readonly endsAt?: Date | null;
}

function isCodeTaken(e: unknown): boolean {
  const driver = (e as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driver?.code === '23505' && driver.constraint === 'discount_codes_store_code_key';
}

/** The stores' discount codes (admin graph) and their lookup for applyDiscountCodes. */
@Injectable()
export class DiscountCodesService {
  constructor(
    @InjectRepository(DiscountCodeEntity) private readonly codes: Repository<DiscountCodeEntity>,
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
    await this.codes.update(
      { storeId, codeKey, status: 'ARCHIVED' },
      { codeKey: `~${randomUUID().slice(0, 8)}:${codeKey}`.slice(0, 64) },
    );
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
    return this.codes.find({
      where: { storeId, status: Not('ARCHIVED') },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 500,
    });
  }

  async setStatus(storeId: string, id: string, status: DiscountCodeStatus): Promise<DiscountCodeEntity> {
    const row = isUuid(id) ? await this.codes.findOne({ where: { id, storeId } }) : null;
    if (!row || row.status === 'ARCHIVED') throw OrderErrors.discountCodeNotFound(id);
    row.status = status;
    row.updatedAt = this.clock.now();
    return this.codes.save(row);
  }

  /** The store's codes of `codes` (any case), archived ones included, by upper-cased code. */
  async byCodes(storeId: string, codes: readonly string[]): Promise<Map<string, DiscountCodeEntity>> {
    const keys = [...new Set(codes.map(codeKeyOf))];
    if (keys.length === 0) return new Map();
    const rows = await this.codes.find({ where: { storeId, codeKey: In(keys) } });
    return new Map(rows.map((r) => [r.codeKey, r]));
  }
}
