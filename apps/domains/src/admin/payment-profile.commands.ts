import { UUID_FORMAT, defineCommand } from '@platform/cli';
import type { PaymentProfileStatus } from '../modules/payment-profiles/payment-profile.entity';
import { PaymentProfilesRepository } from '../modules/payment-profiles/payment-profiles.repository';
import { PaymentProfilesService } from '../modules/payment-profiles/payment-profiles.service';
import type { DomainsAdminContext } from './admin-context';

function setProfileCommand(verb: string, status: PaymentProfileStatus, description: string) {
  return defineCommand({
    noun: 'payment-profile',
    verb,
    flags: { account: { required: true, description, format: UUID_FORMAT } },
    async run(ctx: DomainsAdminContext, flags) {
      const accountId = flags.account.toLowerCase();
      const profiles = new PaymentProfilesRepository(ctx.dataSource.manager);
      await new PaymentProfilesService(profiles).set(accountId, status);
      return { accountId, status };
    },
  });
}

/** `payment-profile add --account ID` → {"accountId","status":"ACTIVE"}: the account may order. */
export const paymentProfileAdd = setProfileCommand(
  'add',
  'ACTIVE',
  'the account whose payment profile becomes ACTIVE',
);

/** `payment-profile decline --account ID` → {"accountId","status":"DECLINED"}: its orders answer BILLING_DECLINED. */
export const paymentProfileDecline = setProfileCommand(
  'decline',
  'DECLINED',
  'the account whose payment profile becomes DECLINED',
);

/** `payment-profile add|decline --account ID` (ARCHITECTURE.md §5); both upsert. */
export const PAYMENT_PROFILE_COMMANDS = [paymentProfileAdd, paymentProfileDecline] as const;
