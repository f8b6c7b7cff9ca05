import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsString } from 'class-validator';

/** Most names one POST /internal/v1/domains/availability takes (the Shopping API's catalog search). */
export const MAX_INTERNAL_NAMES = 100;

/** POST /internal/v1/domains/availability: the names as the buyer typed them; each is judged alone. */
export class InternalAvailabilityRequest {
  @IsDefined({ message: 'domains is required' })
  @IsArray({ message: 'domains must be an array of domain names' })
  @ArrayMinSize(1, { message: `domains takes 1 to ${MAX_INTERNAL_NAMES} names` })
  @ArrayMaxSize(MAX_INTERNAL_NAMES, { message: `domains takes 1 to ${MAX_INTERNAL_NAMES} names` })
  @IsString({ each: true, message: 'each domain must be a string' })
  domains!: string[];
}
