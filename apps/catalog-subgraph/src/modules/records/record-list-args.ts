import type { ConnectionArgs, SortDirection } from '@platform/graphql-subgraph';

/** What every generated list argument type holds (record-types.factory.ts builds the GraphQL side). */
export interface RecordListArgs extends ConnectionArgs {
  id?: { eq?: string | null; in?: string[] | null } | null;
  name?: { eq?: string | null; startsWith?: string | null; contains?: string | null } | null;
  status?: { eq?: string | null; in?: string[] | null } | null;
  code?: { eq?: string | null; in?: string[] | null } | null;
  createdAt?: DateRange | null;
  updatedAt?: DateRange | null;
  referenceValue?: { eq?: string | null; in?: string[] | null } | null;
  orderBy?: { field: 'CREATED_AT' | 'UPDATED_AT' | 'NAME'; direction: SortDirection } | null;
  /** The parent field (attributeId, …) and owner-membership filters (skuGroupId, listId, …). */
  [filter: string]: unknown;
}

export interface DateRange {
  gt?: Date | null;
  gte?: Date | null;
  lt?: Date | null;
  lte?: Date | null;
}
