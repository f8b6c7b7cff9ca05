import { Env, WORKER_PORTS, loadPlatformConfig } from '@platform/config';
import { loadShoppingSettings, type ShoppingConfig } from './shopping.config';

/** The shopping worker's configuration: its own name and port, the same Shopping settings. */
export function loadShoppingWorkerConfig(env: Env = process.env): ShoppingConfig {
  const platform = loadPlatformConfig({
    serviceName: 'shopping-worker',
    defaultPort: WORKER_PORTS['shopping-worker'],
    env,
  });
  return { platform, shopping: loadShoppingSettings(env, platform) };
}
