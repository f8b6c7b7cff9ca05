import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString, Length } from 'class-validator';
import { GOVERNMENT_ID_TYPES, GovernmentIdType } from './business-government-id.entity';

/** Most government ids one business may hold; a longer list is refused (400 OUT_OF_RANGE). */
export const MAX_GOVERNMENT_IDS = 10;

/** One item of the body of PUT …/government-ids (spec: GovernmentId). */
export class GovernmentIdRequest {
  @ApiProperty({
    minLength: 1,
    maxLength: 64,
    description: 'stored encrypted; returned masked',
    example: '123456789',
  })
  // class-validator checks the decorator nearest the property first: the type, then its length.
  @IsDefined({ message: 'governmentId is required' })
  @Length(1, 64)
  @IsString()
  governmentId!: string;

  @ApiProperty({ enum: GOVERNMENT_ID_TYPES })
  @IsDefined({ message: 'type is required' })
  @IsIn(GOVERNMENT_ID_TYPES)
  type!: GovernmentIdType;
}

export interface GovernmentIdInput {
  readonly governmentId: string;
  readonly type: GovernmentIdType;
}
