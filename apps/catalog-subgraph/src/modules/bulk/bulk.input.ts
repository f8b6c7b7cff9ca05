import { ArgsType, Field, InputType, Int } from '@nestjs/graphql';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { DEFAULT_RESULT_PAGE_LINES, MAX_IMPORT_BYTES, MAX_RESULT_PAGE_LINES } from './bulk-limits';
import { SkuImportMode } from './bulk-operation.entity';

const MIB = MAX_IMPORT_BYTES / (1024 * 1024);

@InputType('MutationStartSkuImportInput', { description: 'SKUs to import, as JSON Lines.' })
export class MutationStartSkuImportInput {
  @Field(() => String, {
    description:
      `JSON Lines, at most ${MIB} MiB: one CreateSKUInput object per line (name, code, label, status, ` +
      'description, price, compareAtPrice, weightGrams, gtin, taxable), checked by the rules of createSku. ' +
      'Blank lines are skipped.',
  })
  @IsString()
  jsonl!: string;

  @Field(() => SkuImportMode, { nullable: true, description: 'CREATE (default) or UPSERT.' })
  @IsOptional()
  @IsIn(Object.values(SkuImportMode))
  mode?: SkuImportMode | null;
}

@ArgsType()
export class ResultJsonlArgs {
  @Field(() => Int, { nullable: true, description: 'Lines to skip; default 0 (from the first line).' })
  @IsOptional()
  @IsInt()
  @Min(0)
  offsetLine?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Lines to return, 1 to ${MAX_RESULT_PAGE_LINES}; default ${DEFAULT_RESULT_PAGE_LINES}.`,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_RESULT_PAGE_LINES)
  limit?: number | null;
}
