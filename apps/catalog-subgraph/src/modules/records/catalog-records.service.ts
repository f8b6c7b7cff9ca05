import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CountedPage, isUuid, nowMs, pageRequest } from '@platform/graphql-subgraph';
import { RecordErrors } from './records.errors';
import { CatalogRecordsRepository } from './catalog-records.repository';
import { CATALOG_RELATIONS } from './record-kinds';
import { CatalogRecordEntity } from './catalog-record.entity';
import { assertCursorPaging, uuidsOf } from './list-query';
import { recordSortOf } from './record-keyset';
import type { RecordKind } from './record-kind';
import type { RecordListArgs } from './record-list-args';

/**
 * A create or update input (`CreateSKUInput`, …) as the service reads it: the common fields and the
 * kind's own.
 */
export interface RecordInput {
  name?: string | null;
  label?: string | null;
  code?: string | null;
  status?: string | null;
  [field: string]: unknown;
}

/**
 * The rules of every catalog kind's records (record-kinds.ts): reads, keyset lists with the
 * kind's filters, create (single and batch, one transaction), update, archive, remove. Records are
 * never deleted: archive keeps references from orders and inventory valid. The statements are
 * CatalogRecordsRepository's; a method that reads inside a caller's transaction takes that
 * transaction's copy of it (`rows`).
 */
@Injectable()
export class CatalogRecordsService {
  constructor(private readonly rows: CatalogRecordsRepository) {}

  async find(
    storeId: string,
    kind: string,
    id: string,
    rows: CatalogRecordsRepository = this.rows,
  ): Promise<CatalogRecordEntity | null> {
    return rows.findOfKind(storeId, kind, id);
  }

  /** The store's record of `kind` (`<KIND>_NOT_FOUND` when there is none), read through `rows`. */
  async get(
    storeId: string,
    kind: string,
    id: string,
    rows: CatalogRecordsRepository = this.rows,
  ): Promise<CatalogRecordEntity> {
    const row = await this.find(storeId, kind, id, rows);
    if (!row) throw RecordErrors.notFound(kind, id);
    return row;
  }

  /** Records of `ids` in the store, by id; unknown or malformed ids are absent (a loader's batch). */
  async byIds(
    storeId: string,
    kind: string,
    ids: readonly string[],
    rows: CatalogRecordsRepository = this.rows,
  ): Promise<Map<string, CatalogRecordEntity>> {
    const found = await rows.findByIds(storeId, kind, ids);
    return new Map(found.map((row) => [row.id, row]));
  }

  /**
   * The children of each parent (an attribute's values, a SKU's prices), oldest first, archived
   * ones left out: one query for a loader's batch.
   */
  async childrenOf(
    storeId: string,
    kind: string,
    parentIds: readonly string[],
  ): Promise<Map<string, CatalogRecordEntity[]>> {
    const valid = uuidsOf(parentIds);
    const result = new Map<string, CatalogRecordEntity[]>(valid.map((id) => [id, []]));
    if (valid.length === 0) return result;
    for (const row of await this.rows.findLiveChildren(storeId, kind, valid))
      result.get(row.parentId as string)?.push(row);
    return result;
  }

  /** Throws `<KIND>_NOT_FOUND` for the first id that is not a record of that kind in the store. */
  async assertExist(
    storeId: string,
    kind: string,
    ids: readonly string[],
    rows: CatalogRecordsRepository = this.rows,
  ): Promise<void> {
    const found = await this.byIds(storeId, kind, ids, rows);
    const missing = ids.find((id) => !found.has(id.toLowerCase()));
    if (missing !== undefined) throw RecordErrors.notFound(kind, missing);
  }

  /** One keyset page of the kind's records and, on demand, how many match the filters. */
  async list(
    storeId: string,
    def: RecordKind,
    args: RecordListArgs,
  ): Promise<CountedPage<CatalogRecordEntity>> {
    assertCursorPaging(args.paginationType);
    const [sort, direction] = recordSortOf(def, args.orderBy);
    return this.rows.page(storeId, def, args, pageRequest(args), sort, direction);
  }

  async create(storeId: string, def: RecordKind, input: object): Promise<CatalogRecordEntity> {
    return this.rows.transaction((tx) => this.insert(tx, storeId, def, input));
  }

  /** All or nothing: one failing input fails the batch and writes none. */
  async createMany(
    storeId: string,
    def: RecordKind,
    inputs: readonly object[],
  ): Promise<CatalogRecordEntity[]> {
    return this.rows.transaction(async (tx) => {
      const rows: CatalogRecordEntity[] = [];
      for (const input of inputs) rows.push(await this.insert(tx, storeId, def, input));
      return rows;
    });
  }

  private async insert(
    tx: CatalogRecordsRepository,
    storeId: string,
    def: RecordKind,
    given: object,
  ): Promise<CatalogRecordEntity> {
    const input = given as RecordInput;
    let parentId: string | null = null;
    if (def.parent) {
      // The parent must be the store's and not archived: nothing new hangs under an archived record.
      const parent = await this.get(storeId, def.parent.kind, String(input[def.parent.field]), tx);
      if (parent.status === 'ARCHIVED') throw RecordErrors.archived(parent.kind, parent.id);
      parentId = parent.id;
    }
    const code = def.hasCode ? ((input.code as string | null | undefined) ?? null) : null;
    if (code !== null) await this.assertCodeFree(tx, storeId, def, code, undefined);
    const at = nowMs();
    const row = Object.assign(new CatalogRecordEntity(), {
      id: randomUUID(),
      storeId,
      kind: def.kind,
      name: String(input.name),
      label: (input.label as string | null | undefined) ?? null,
      code,
      status: (input.status as string | null | undefined) ?? 'ACTIVE',
      parentId,
      data: activated(
        dataOf(def, input, {}),
        'DRAFT',
        (input.status as string | null | undefined) ?? 'ACTIVE',
        at,
      ),
      createdAt: at,
      updatedAt: at,
      archivedAt: null,
    });
    return tx.save(row);
  }

  /** Omitted fields keep their value; null clears a nullable one. Archived records do not change. */
  async update(storeId: string, def: RecordKind, id: string, given: object): Promise<CatalogRecordEntity> {
    const input = given as RecordInput;
    if (!isUuid(id)) throw RecordErrors.notFound(def.kind, id);
    return this.rows.transaction(async (tx) => {
      const row = await tx.findOfKindForUpdate(storeId, def.kind, id);
      if (!row) throw RecordErrors.notFound(def.kind, id);
      if (row.status === 'ARCHIVED') throw RecordErrors.archived(def.kind, id);
      if (input.name != null) row.name = input.name;
      if (input.label !== undefined) row.label = input.label ?? null;
      const before = row.status;
      if (input.status != null) row.status = input.status;
      if (def.hasCode && input.code !== undefined && input.code !== row.code) {
        if (input.code !== null) await this.assertCodeFree(tx, storeId, def, input.code, row.id);
        row.code = input.code ?? null;
      }
      row.updatedAt = nowMs();
      row.data = activated(dataOf(def, input, row.data), before, row.status, row.updatedAt);
      return tx.save(row);
    });
  }

  /** Idempotent: archiving an archived record returns it unchanged. */
  async archive(storeId: string, def: RecordKind, id: string): Promise<CatalogRecordEntity> {
    return this.rows.transaction(async (tx) => {
      const row = await this.get(storeId, def.kind, id, tx);
      if (row.status === 'ARCHIVED') return row;
      const at = nowMs();
      Object.assign(row, { status: 'ARCHIVED', archivedAt: at, updatedAt: at });
      return tx.save(row);
    });
  }

  /**
   * Removes a record from the catalog: archives it and deletes every link from or to it (it leaves
   * every group, list and tree). Its id stays readable; removing it again is a no-op. Returns the
   * record's last state.
   */
  async remove(storeId: string, def: RecordKind, id: string): Promise<CatalogRecordEntity> {
    return this.rows.transaction(async (tx) => {
      const row = await this.get(storeId, def.kind, id, tx);
      await tx.deleteLinksOf(storeId, row.id);
      if (row.status === 'ARCHIVED') return row;
      const at = nowMs();
      Object.assign(row, { status: 'ARCHIVED', archivedAt: at, updatedAt: at });
      return tx.save(row);
    });
  }

  /**
   * Removes children of `def`'s kind from their parent (removePricesFromSku,
   * removeAttributeValuesFromAttribute, …) in one transaction under the parent's lock: each is
   * archived and unlinked as `remove` does; one already removed stays so. Every id must name a child
   * of that parent (else `<KIND>_NOT_FOUND`, nothing written); the parent must not be archived.
   * Returns the parent.
   */
  async removeChildren(
    storeId: string,
    def: RecordKind & { parent: NonNullable<RecordKind['parent']> },
    parentId: string,
    ids: readonly string[],
  ): Promise<CatalogRecordEntity> {
    const parentKind = def.parent.kind;
    if (!isUuid(parentId)) throw RecordErrors.notFound(parentKind, parentId);
    return this.rows.transaction(async (tx) => {
      const parent = await tx.findOfKindForUpdate(storeId, parentKind, parentId);
      if (!parent) throw RecordErrors.notFound(parentKind, parentId);
      if (parent.status === 'ARCHIVED') throw RecordErrors.archived(parentKind, parentId);
      const found = await this.byIds(storeId, def.kind, ids, tx);
      const missing = ids.find((id) => found.get(id.toLowerCase())?.parentId !== parent.id);
      if (missing !== undefined) throw RecordErrors.notChildOf(def.kind, missing, parentKind, parent.id);
      const childIds = [...found.keys()];
      // By the relations the kind is in, so the primary key and (store, relation, member) serve it.
      const asOwner = CATALOG_RELATIONS.filter((r) => r.owner === def.kind).map((r) => r.relation);
      const asMember = CATALOG_RELATIONS.filter((r) => 'kind' in r.member && r.member.kind === def.kind).map(
        (r) => r.relation,
      );
      if (asOwner.length > 0 || asMember.length > 0)
        await tx.deleteLinksIn(storeId, childIds, asOwner, asMember);
      const at = nowMs();
      await tx.archiveLive(childIds, at);
      parent.updatedAt = at;
      return tx.save(parent);
    });
  }

  /**
   * The code must be free in the store; a transaction advisory lock on (store, kind, code) makes
   * two concurrent creates of one code answer one 409 instead of a unique-index violation.
   */
  private async assertCodeFree(
    tx: CatalogRecordsRepository,
    storeId: string,
    def: RecordKind,
    code: string,
    exceptId: string | undefined,
  ): Promise<void> {
    if (await tx.codeTakenLocked(storeId, def.kind, code, exceptId))
      throw RecordErrors.codeTaken(def.kind, code);
  }
}

/** `data` with `activatedAt` set when the status changes to ACTIVE (the public graph's `activatedAt`). */
function activated(
  data: Record<string, unknown>,
  before: string,
  after: string,
  at: Date,
): Record<string, unknown> {
  return after === 'ACTIVE' && before !== 'ACTIVE' ? { ...data, activatedAt: at.toISOString() } : data;
}

/** The kind's own fields of `input` merged over `current` (undefined keeps, null removes). */
function dataOf(
  def: RecordKind,
  input: RecordInput,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const data: Record<string, unknown> = { ...current };
  for (const field of Object.keys(def.fields)) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null) delete data[field];
    else data[field] = def.fields[field].type === 'money' ? { ...(value as object) } : value;
  }
  return data;
}
