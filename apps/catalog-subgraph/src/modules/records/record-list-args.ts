import type { ConnectionArgs } from '@platform/graphql-subgraph';
import type { OrderBy, PaginationType, ValuesFilter } from './record-filters';

/** What every kind's list arguments hold (`SKUListArgs`, … in each kind's .input.ts). */
export interface RecordListArgs extends ConnectionArgs {
  id?: ValuesFilter | null;
  name?: (ValuesFilter & { startsWith?: string | null; contains?: string | null }) | null;
  label?: { eq?: string | null; contains?: string | null } | null;
  status?: ValuesFilter | null;
  code?: (ValuesFilter & { contains?: string | null }) | null;
  createdAt?: DateRange | null;
  updatedAt?: DateRange | null;
  referenceValue?: ValuesFilter | null;
  attributeValues?: { has?: string[] | null } | null;
  orderBy?: OrderBy | null;
  paginationType?: PaginationType | null;
  /** SKUs only: the OData subset of record-query-filter.ts. */
  queryFilter?: string | null;
  /** List tree nodes only: nodes with (true) or without (false) a parent node. */
  hasParent?: boolean | null;
}

export interface DateRange {
  gt?: Date | null;
  gte?: Date | null;
  lt?: Date | null;
  lte?: Date | null;
}
