import { createAdminToken, runAdminJson } from '@platform/testing';

/** What a storefront's merchant needs: the catalog, order and tax graphs, read and write. */
export const STOREFRONT_MERCHANT_SCOPES = [
  'commerce.product:read',
  'commerce.product:write',
  'commerce.order:read',
  'commerce.order:create',
  'commerce.order:update',
  'commerce.tax:read',
  'commerce.tax:write',
] as const;

/** An account with a store, a channel and a merchant token, made with the admin CLI against `env`. */
export async function createStorefrontShop(
  env: NodeJS.ProcessEnv,
  names: { readonly account: string; readonly channel: string },
): Promise<{ accountId: string; storeId: string; channelId: string; token: string }> {
  const { accountId } = await runAdminJson(env, 'account', 'create', '--name', names.account);
  const { storeId } = await runAdminJson(env, 'store', 'create', '--account', accountId);
  const { channelId } = await runAdminJson(
    env,
    'channel',
    'create',
    '--store',
    storeId,
    '--name',
    names.channel,
  );
  const { token } = await createAdminToken(env, accountId, STOREFRONT_MERCHANT_SCOPES);
  return { accountId, storeId, channelId, token };
}
