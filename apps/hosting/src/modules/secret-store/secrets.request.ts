import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { VARIANTS, type Variant } from '../apps/app-environment.entity';

/** The one content type PATCH …/secrets accepts (spec, PATCH secrets rule 1). */
export const JSON_PATCH_MEDIA_TYPE = 'application/json-patch+json';

/** The JSON Patch body as documented (the engine checks it, not the validation pipe). */
export const SECRET_PATCH_BODY_SCHEMA = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: {
      op: { type: 'string', enum: ['add', 'replace', 'remove'] },
      path: { type: 'string', example: '/API_KEY', description: '/<name>; write / as ~1 and ~ as ~0' },
      value: { type: 'string', maxLength: 8192, description: 'add and replace only; at most 8 KB' },
    },
  },
} as const;

/** `?variant=PREVIEW|PUBLISH`, default PREVIEW. */
export class SecretsQuery {
  @ApiPropertyOptional({ enum: VARIANTS, default: 'PREVIEW' })
  @IsIn(VARIANTS, { message: `variant must be one of ${VARIANTS.join(', ')}` })
  @IsOptional()
  variant: Variant = 'PREVIEW';
}

const NODEJS_VARIANTS = ['preview', 'publish'] as const;

/** Earlier namespace: `?variant=preview|publish` (the spec's spelling; upper case accepted too). */
export class NodejsSecretsQuery {
  @ApiPropertyOptional({ enum: NODEJS_VARIANTS, default: 'preview', description: 'PREVIEW/PUBLISH accepted' })
  @IsIn(VARIANTS, { message: 'variant must be preview or publish' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsOptional()
  variant: Variant = 'PREVIEW';
}
