/** Values a job payload may carry: ids and small scalars, never entities (STYLE.md, Jobs). */
export type OperationPayload = Readonly<Record<string, string | number | boolean>>;

/** Data of an operation job: the caller's ids plus the record's id, which is also the job id. */
export type OperationJobData = OperationPayload & { readonly operationId: string };
