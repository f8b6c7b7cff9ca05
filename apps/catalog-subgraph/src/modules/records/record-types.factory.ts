import { Type } from '@nestjs/common';
import {
  ArgsType,
  Directive,
  Field,
  Float,
  InputType,
  Int,
  ObjectType,
  ReturnTypeFunc,
  createUnionType,
} from '@nestjs/graphql';
import {
  ConnectionArgs,
  ConnectionShape,
  OptionalNestedField,
  ReferenceValueFilter,
  SimpleMoney,
  SimpleMoneyInput,
  createConnectionType,
} from '@platform/graphql-subgraph';
import { Type as TransformType } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CatalogRecordEntity } from './catalog-record.entity';
import type { KindField, RecordKind } from './record-kind';
import type { DateRange, RecordListArgs } from './record-list-args';
import {
  CatalogStatus,
  CreatedAtFilter,
  LabelFilter,
  NameFilter,
  PaginationType,
  PaginationTypeField,
  SKUAttributeValueFilter,
  SKUCodeFilter,
  UpdatedAtFilter,
  WritableStatus,
  idFilterInput,
  orderByInput,
  statusFilterInput,
} from './record-filters';
import { listIdFilters } from './record-list-filters';
import { orderFieldsOf } from './record-keyset';
import { MAX_QUERY_FILTER_LENGTH } from './record-query-filter';

/** What a generated model instance holds: the common fields, the parent id and the kind's own. */
export interface RecordModel {
  id: string;
  [field: string]: unknown;
}

/** The GraphQL classes of one kind, made once from its definition. */
export interface KindTypes {
  readonly model: Type<RecordModel>;
  /** What its lists return: the model, or the union it is a member of (RecordKind.union). */
  readonly node: Type<RecordModel>;
  readonly connection: Type<ConnectionShape<RecordModel>>;
  readonly createInput: Type<Record<string, unknown>>;
  readonly updateInput: Type<Record<string, unknown>>;
  /** `MutationArchive<Name>Input { id }` of a kind whose mutations take only `input`. */
  readonly archiveInput?: Type<{ id: string }>;
  /** GraphQL names of the two inputs (createInputName, updateInputName). */
  readonly createInputName: string;
  readonly updateInputName: string;
  readonly listArgs: Type<RecordListArgs>;
}

const INT_MAX = 2_147_483_647;
const HTTP_URL = /^https?:\/\/\S+$/;

function apply(proto: object, key: string, ...decorators: PropertyDecorator[]): void {
  for (const d of decorators.reverse()) d(proto, key);
}

@ObjectType('OptionValidation', { description: 'How many values a customer may choose.' })
export class OptionValidation {
  @Field(() => Int, { nullable: true })
  min!: number | null;

  @Field(() => Int, { nullable: true })
  max!: number | null;
}

@InputType('OptionValidationInput', { description: 'How many values a customer may choose.' })
export class OptionValidationInput {
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INT_MAX)
  min?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INT_MAX)
  max?: number | null;
}

/** The GraphQL output type of each kind-field type (every one nullable). */
const OUTPUT_TYPES: Record<KindField['type'], ReturnTypeFunc> = {
  money: () => SimpleMoney,
  int: () => Int,
  float: () => Float,
  boolean: () => Boolean,
  stringList: () => [String],
  minMax: () => OptionValidation,
  string: () => String,
  text: () => String,
  url: () => String,
};

/** Output field of a kind's own field, and its deprecated alias if it has one. */
function outputField(proto: object, key: string, field: KindField): void {
  Field(OUTPUT_TYPES[field.type], { nullable: true, description: field.description })(proto, key);
  if (field.deprecatedAlias)
    Field(OUTPUT_TYPES[field.type], { nullable: true, deprecationReason: `Use ${key} instead.` })(
      proto,
      field.deprecatedAlias,
    );
}

/** Input field of a kind's own field, with its validation; `create` makes `required` fields non-null. */
function inputField(proto: object, key: string, field: KindField, create: boolean): void {
  const required = create && field.required === true;
  const presence: PropertyDecorator[] = required ? [] : [IsOptional()];
  const options = { nullable: !required, description: field.description };
  switch (field.type) {
    case 'money':
      return apply(
        proto,
        key,
        Field(() => SimpleMoneyInput, options),
        ...presence,
        ValidateNested(),
        TransformType(() => SimpleMoneyInput),
      );
    case 'int':
      return apply(
        proto,
        key,
        Field(() => Int, options),
        ...presence,
        IsInt(),
        Min(0),
        Max(INT_MAX),
      );
    case 'minMax':
      return apply(
        proto,
        key,
        Field(() => OptionValidationInput, options),
        ...presence,
        ValidateNested(),
        TransformType(() => OptionValidationInput),
      );
    case 'float':
      return apply(
        proto,
        key,
        Field(() => Float, options),
        ...presence,
        IsNumber({ allowNaN: false, allowInfinity: false }),
        Min(0),
      );
    case 'boolean':
      return apply(
        proto,
        key,
        Field(() => Boolean, options),
        ...presence,
        IsBoolean(),
      );
    case 'stringList':
      return apply(
        proto,
        key,
        Field(() => [String], options),
        ...presence,
        IsArray(),
        ArrayMaxSize(field.max ?? 50),
        IsString({ each: true }),
        MaxLength(64, { each: true }),
      );
    case 'url':
      return apply(
        proto,
        key,
        Field(() => String, options),
        ...presence,
        IsString(),
        MaxLength(field.max ?? 2048),
        Matches(HTTP_URL, { message: `${key} must be an http or https URL` }),
      );
    default:
      return apply(
        proto,
        key,
        Field(() => String, options),
        ...presence,
        IsString(),
        MaxLength(field.max ?? (field.type === 'text' ? 10_000 : 256)),
      );
  }
}

const TYPES = new Map<string, KindTypes>();

/** The create input's GraphQL name: the kind's own, else `MutationCreate<Name>Input` (the public graph's). */
export function createInputName(def: RecordKind): string {
  return def.createInput ?? `MutationCreate${def.name}Input`;
}

/** The update input's GraphQL name, `MutationUpdate<Name>Input` (the public graph's). */
export function updateInputName(def: RecordKind): string {
  return `MutationUpdate${def.name}Input`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The model, connection, inputs and list arguments of a kind (made once, then reused). */
export function kindTypes(def: RecordKind): KindTypes {
  const existing = TYPES.get(def.kind);
  if (existing) return existing;

  @ObjectType(def.modelName ?? def.typeName, { description: def.description })
  class Model implements RecordModel {
    @Field(() => String)
    id!: string;

    @Field(() => String)
    name!: string;

    @Field(() => String, { nullable: true })
    label!: string | null;

    @Field(() => CatalogStatus)
    status!: CatalogStatus;

    @Field(() => Date)
    createdAt!: Date;

    @Field(() => Date)
    updatedAt!: Date;

    @Field(() => Date, { nullable: true, description: 'When archive<X> archived it.' })
    archivedAt!: Date | null;

    @Field(() => Date, { nullable: true, description: 'When its status last became ACTIVE.' })
    activatedAt!: Date | null;

    [field: string]: unknown;
  }
  if (def.federated) Directive('@key(fields: "id")')(Model);
  if (def.hasCode)
    Field(() => String, { nullable: true, description: 'Unique in the store.' })(Model.prototype, 'code');
  if (def.parent)
    Field(() => String, { description: def.parent.description })(Model.prototype, def.parent.field);
  for (const [key, field] of Object.entries(def.fields)) outputField(Model.prototype, key, field);
  for (const [alias, key] of Object.entries(def.outputAliases ?? {}))
    Field(OUTPUT_TYPES[def.fields[key].type], {
      nullable: def.fields[key].required !== true,
      description: `${def.fields[key].description} (the same as ${key})`,
    })(Model.prototype, alias);

  @InputType(createInputName(def))
  class CreateInput {
    @Field(() => String, { description: '1 to 256 characters.' })
    @IsString()
    @IsNotEmpty()
    @MaxLength(256)
    name!: string;

    [field: string]: unknown;
  }

  @InputType(updateInputName(def), {
    description: 'Omitted fields keep their value; null clears a nullable one.',
  })
  class UpdateInput {
    @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
    @ValidateIf((o: UpdateInput) => o.name !== undefined)
    @IsString()
    @IsNotEmpty()
    @MaxLength(256)
    name?: string | null;

    [field: string]: unknown;
  }
  // The fields both inputs share, after `name` (which differs: required on create, never null).
  for (const [proto, statusHelp] of [
    [CreateInput.prototype, 'ACTIVE (default) or DRAFT.'],
    [UpdateInput.prototype, 'ACTIVE or DRAFT.'],
  ] as const) {
    apply(
      proto,
      'label',
      Field(() => String, { nullable: true }),
      IsOptional(),
      IsString(),
      MaxLength(256),
    );
    apply(
      proto,
      'status',
      Field(() => CatalogStatus, { nullable: true, description: statusHelp }),
      IsOptional(),
      WritableStatus,
    );
  }
  let archiveInput: Type<{ id: string }> | undefined;
  if (def.inputOnlyMutations) {
    @InputType(`MutationArchive${def.name}Input`)
    class ArchiveInput {
      id!: string;
    }
    for (const proto of [UpdateInput.prototype, ArchiveInput.prototype])
      apply(
        proto,
        'id',
        Field(() => String, { description: `The ${def.typeName} to change.` }),
        IsString(),
        IsNotEmpty(),
        MaxLength(64),
      );
    archiveInput = ArchiveInput;
  }
  if (def.hasCode) {
    for (const proto of [CreateInput.prototype, UpdateInput.prototype]) {
      apply(
        proto,
        'code',
        Field(() => String, { nullable: true, description: 'Unique in the store, 1 to 128 characters.' }),
        IsOptional(),
        IsString(),
        IsNotEmpty(),
        MaxLength(128),
      );
    }
  }
  if (def.parent) {
    apply(
      CreateInput.prototype,
      def.parent.field,
      Field(() => String, { description: def.parent.description }),
      IsString(),
      IsNotEmpty(),
      MaxLength(64),
    );
  }
  for (const [key, field] of Object.entries(def.fields)) {
    inputField(CreateInput.prototype, key, field, true);
    inputField(UpdateInput.prototype, key, field, false);
  }

  @ArgsType()
  class ListArgs extends ConnectionArgs implements RecordListArgs {
    @OptionalNestedField(() => NameFilter)
    name?: NameFilter | null;

    @OptionalNestedField(() => LabelFilter)
    label?: LabelFilter | null;

    @OptionalNestedField(() => CreatedAtFilter)
    createdAt?: DateRange | null;

    @OptionalNestedField(() => UpdatedAtFilter)
    updatedAt?: DateRange | null;

    @OptionalNestedField(
      () => ReferenceValueFilter,
      'Only records with an external reference of this value (none for a kind without references).',
    )
    referenceValue?: ReferenceValueFilter | null;

    @PaginationTypeField()
    paginationType?: PaginationType | null;

    [filter: string]: unknown;
  }
  // The input classes are made here, not in the thunks: Nest registers a type when its class is decorated.
  const nested = (key: string, type: Type<object>, description?: string) =>
    OptionalNestedField(() => type, description)(ListArgs.prototype, key);
  nested('id', idFilterInput(`${def.typeName}IdsFilter`));
  nested('status', statusFilterInput(`${def.typeName}StatusFilter`), 'Default: every status but ARCHIVED.');
  nested(
    'orderBy',
    orderByInput(`${def.typeName}OrderBy`, orderFieldsOf(def)),
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  );
  for (const [key, field] of Object.entries(def.fields))
    if (field.filterInput)
      nested(key, idFilterInput(field.filterInput), `Only records whose ${key} is one of these.`);
  if (def.kind === 'LIST_TREE_NODE')
    apply(
      ListArgs.prototype,
      'hasParent',
      Field(() => Boolean, {
        nullable: true,
        description: 'Only nodes with (true) or without (false) a parent node.',
      }),
      IsOptional(),
      IsBoolean(),
    );
  if (def.hasCode) nested('code', SKUCodeFilter);
  if (def.kind === 'SKU') {
    nested('attributeValues', SKUAttributeValueFilter);
    apply(
      ListArgs.prototype,
      'queryFilter',
      Field(() => String, {
        nullable: true,
        description:
          "OData subset: label or code `eq`/`ne`/`lt`/`gt` 'text', contains(label|code, 'text'), and, or, parentheses.",
      }),
      IsOptional(),
      IsString(),
      MaxLength(MAX_QUERY_FILTER_LENGTH),
    );
  }
  for (const filter of listIdFilters(def))
    nested(filter.arg, idFilterInput(filter.inputName), filter.description);

  const node = def.union ? unionOf(def.union, Model, def.description) : Model;
  const connection = createConnectionType(node, `Query${capitalize(def.plural)}Connection`, {
    totalCount: true,
  });
  const types: KindTypes = {
    model: Model,
    node,
    connection,
    createInput: CreateInput,
    updateInput: UpdateInput,
    archiveInput,
    createInputName: createInputName(def),
    updateInputName: updateInputName(def),
    listArgs: ListArgs,
  };
  TYPES.set(def.kind, types);
  return types;
}

/** The union a kind's model is a member of, with its sibling members (never returned). */
function unionOf(
  union: NonNullable<RecordKind['union']>,
  model: Type<RecordModel>,
  description: string,
): Type<RecordModel> {
  const siblings = union.siblings.map((name) => {
    @ObjectType(name, { description: `${description} No record of ours is one (docs/graphql.md).` })
    class Sibling extends model {}
    return Sibling;
  });
  return createUnionType({
    name: union.name,
    types: () => [model, ...siblings] as const,
    resolveType: () => model,
  }) as unknown as Type<RecordModel>;
}

/** A stored record as its kind's model. */
export function toRecordModel(def: RecordKind, row: CatalogRecordEntity): RecordModel {
  const model = new (kindTypes(def).model)();
  Object.assign(model, {
    id: row.id,
    name: row.name,
    label: row.label,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    archivedAt: row.archivedAt,
    activatedAt: typeof row.data.activatedAt === 'string' ? new Date(row.data.activatedAt) : null,
  });
  if (def.hasCode) model.code = row.code;
  if (def.parent) model[def.parent.field] = row.parentId;
  for (const [key, field] of Object.entries(def.fields)) {
    model[key] = row.data[key] ?? null;
    if (field.deprecatedAlias) model[field.deprecatedAlias] = model[key];
  }
  for (const [alias, key] of Object.entries(def.outputAliases ?? {})) model[alias] = model[key];
  return model;
}
