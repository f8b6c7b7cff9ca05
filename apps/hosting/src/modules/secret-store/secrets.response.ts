import { ApiProperty } from '@nestjs/swagger';
import type { SecretMetadataView, SecretSetView } from './secret-store.service';

/** Spec "Secret metadata": never a value. */
export class SecretMetadataResponse {
  @ApiProperty({ example: 'API_KEY' }) name!: string;
  @ApiProperty() systemManaged!: boolean;
  @ApiProperty({ format: 'date-time', minLength: 20 }) createdAt!: string;
  @ApiProperty({ format: 'date-time', minLength: 20 }) updatedAt!: string;
}

export class SecretListResponse {
  @ApiProperty({ type: [SecretMetadataResponse] }) secrets!: SecretMetadataResponse[];
}

export class SecretVariantsResponse {
  @ApiProperty({ type: SecretListResponse }) preview!: SecretListResponse;
  @ApiProperty({ type: SecretListResponse }) publish!: SecretListResponse;
}

/**
 * Spec "Secret set". `shared` (secrets of both variants) is always empty: every secret belongs to one
 * variant, the one PATCH's `variant` names.
 */
export class SecretSetResponse {
  @ApiProperty({ type: SecretListResponse, description: 'Always empty: secrets are per variant' })
  shared!: SecretListResponse;
  @ApiProperty({ type: SecretVariantsResponse }) variants!: SecretVariantsResponse;
}

function toMetadata(view: SecretMetadataView): SecretMetadataResponse {
  return {
    name: view.name,
    systemManaged: view.systemManaged,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

export function toSecretSetResponse(set: SecretSetView): SecretSetResponse {
  return {
    shared: { secrets: [] },
    variants: {
      preview: { secrets: set.PREVIEW.map(toMetadata) },
      publish: { secrets: set.PUBLISH.map(toMetadata) },
    },
  };
}
