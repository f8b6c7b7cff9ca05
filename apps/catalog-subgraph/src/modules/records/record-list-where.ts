import { filterValues } from '@platform/graphql-subgraph';
import type { SelectQueryBuilder } from 'typeorm';
import type { CatalogRecordEntity } from './catalog-record.entity';
import { applyDateRange, applyUuidFilter, uuidsOf } from './list-query';
import type { ValuesFilter } from './record-filters';
import { RECORDS_ALIAS } from './record-keyset';
import type { RecordKind } from './record-kind';
import type { RecordListArgs } from './record-list-args';
import { listIdFilters } from './record-list-filters';
import { queryFilterSql } from './record-query-filter';

const ALIAS = RECORDS_ALIAS;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Narrows `qb` (a kind's records as the alias `r`) to those a list's arguments keep: the common
 * filters (ids, texts, status — archived ones only when asked —, dates, references), the kind's
 * own filterable fields and its relation filters. The root lists and the relation connections
 * filter alike.
 */
export function applyRecordFilters(
  qb: SelectQueryBuilder<CatalogRecordEntity>,
  def: RecordKind,
  args: RecordListArgs,
): void {
  const a = ALIAS;
  applyUuidFilter(qb, `${a}.id`, 'filterIds', args.id);
  applyText(qb, 'name', args.name);
  applyText(qb, 'label', args.label);
  if (def.hasCode) applyText(qb, 'code', args.code);
  const statuses = filterValues(args.status);
  if (statuses) {
    if (statuses.length === 0) qb.andWhere('1 = 0');
    else qb.andWhere(`${a}.status IN (:...statuses)`, { statuses });
  } else {
    qb.andWhere(`${a}.status <> 'ARCHIVED'`);
  }
  applyDateRange(qb, `${a}.createdAt`, 'createdAt', args.createdAt);
  applyDateRange(qb, `${a}.updatedAt`, 'updatedAt', args.updatedAt);
  // A kind without external references has none: a referenceValue filter then matches nothing.
  const refs = filterValues(args.referenceValue);
  if (refs) {
    if (refs.length === 0) qb.andWhere('1 = 0');
    else
      qb.andWhere(
        `EXISTS (SELECT 1 FROM "catalog"."external_references" x WHERE x.store_id = ${a}.store_id AND x.owner_id = ${a}.id AND x.value IN (:...refValues))`,
        { refValues: refs },
      );
  }
  if (def.kind === 'SKU' && args.attributeValues?.has != null) {
    const has = uuidsOf(args.attributeValues.has);
    if (has.length < new Set(args.attributeValues.has.map((id) => id.toLowerCase())).size)
      qb.andWhere('1 = 0');
    else if (has.length > 0)
      qb.andWhere(
        `(SELECT count(*) FROM "catalog"."links" l WHERE l.store_id = ${a}.store_id AND l.relation = 'SKU:ATTRIBUTE_VALUE' AND l.owner_id = ${a}.id AND l.member_id IN (:...hasValues)) = :hasCount`,
        { hasValues: has, hasCount: has.length },
      );
  }
  if (def.kind === 'SKU' && typeof args.queryFilter === 'string') {
    const sql = queryFilterSql(args.queryFilter, a);
    qb.andWhere(sql.where, sql.parameters);
  }
  for (const [field, spec] of Object.entries(def.fields)) {
    if (!spec.filterable) continue;
    const given = filterValues((args as Record<string, unknown>)[field] as ValuesFilter | null | undefined);
    if (!given) continue;
    if (given.length === 0) qb.andWhere('1 = 0');
    else
      qb.andWhere(`${a}.data ->> :f_${field}_key IN (:...f_${field})`, {
        [`f_${field}_key`]: field,
        [`f_${field}`]: given,
      });
  }
  if (def.kind === 'LIST_TREE_NODE' && typeof args.hasParent === 'boolean')
    qb.andWhere(
      `${args.hasParent ? '' : 'NOT '}EXISTS (SELECT 1 FROM "catalog"."links" pl WHERE pl.store_id = ${a}.store_id AND pl.relation = 'LIST_TREE_NODE:LIST_TREE_NODE' AND pl.member_id = ${a}.id::text)`,
    );
  for (const filter of listIdFilters(def)) {
    const given = filterValues(
      (args as Record<string, unknown>)[filter.arg] as ValuesFilter | null | undefined,
    );
    if (!given) continue;
    const values = uuidsOf(given);
    if (values.length === 0) {
      qb.andWhere('1 = 0');
      continue;
    }
    const p = `f_${filter.arg}`;
    qb.andWhere(filter.where(a, p), { [p]: values, [`${p}_rel`]: filter.relation });
  }
}

/** `eq`, `in`, `startsWith` (case-sensitive prefix) and `contains` (case-insensitive) of a text column. */
function applyText(
  qb: SelectQueryBuilder<CatalogRecordEntity>,
  column: 'name' | 'label' | 'code',
  filter: (ValuesFilter & { startsWith?: string | null; contains?: string | null }) | null | undefined,
): void {
  if (!filter) return;
  const c = `${ALIAS}.${column}`;
  const values = filterValues(filter);
  if (values) {
    if (values.length === 0) qb.andWhere('1 = 0');
    else qb.andWhere(`${c} IN (:...${column}In)`, { [`${column}In`]: values });
  }
  if (filter.startsWith != null)
    qb.andWhere(`${c} LIKE :${column}Starts`, { [`${column}Starts`]: `${escapeLike(filter.startsWith)}%` });
  if (filter.contains != null)
    qb.andWhere(`${c} ILIKE :${column}Contains`, {
      [`${column}Contains`]: `%${escapeLike(filter.contains)}%`,
    });
}
