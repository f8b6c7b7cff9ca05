import { IsDefined, IsUUID } from 'class-validator';

/** `{accountId}` of the internal account routes: a platform account id. */
export class AccountParams {
  @IsDefined({ message: 'accountId is required' })
  @IsUUID('all', { message: 'accountId must be a uuid' })
  accountId!: string;
}
