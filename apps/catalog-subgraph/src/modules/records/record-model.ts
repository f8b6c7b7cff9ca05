import { CatalogRecordEntity } from './catalog-record.entity';
import type { RecordKind } from './record-kind';

/**
 * A stored record as its kind's GraphQL object (`toRecordModel(SKU, SKU_KIND, row)`): the common
 * columns, the code and parent id where the kind has them, and its own fields from `data` (null
 * when absent). Deprecated and public-graph aliases are getters of the model class.
 */
export function toRecordModel<M extends object>(
  model: new () => M,
  kind: RecordKind,
  row: CatalogRecordEntity,
): M {
  const fields: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    label: row.label,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    archivedAt: row.archivedAt,
    activatedAt: typeof row.data.activatedAt === 'string' ? new Date(row.data.activatedAt) : null,
  };
  if (kind.hasCode) fields.code = row.code;
  if (kind.parent) fields[kind.parent.field] = row.parentId;
  for (const key of Object.keys(kind.fields)) fields[key] = row.data[key] ?? null;
  return Object.assign(new model(), fields);
}
