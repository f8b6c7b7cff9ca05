import { DynamicModule, Global, Module } from '@nestjs/common';
import type { ShoppingConfig } from './shopping.config';
import { SHOPPING_SETTINGS } from './shopping-settings';

/** The Shopping settings for every module of the API or the worker (PLATFORM_CONFIG: ServiceKitModule). */
@Global()
@Module({})
export class ShoppingConfigModule {
  static of(config: ShoppingConfig): DynamicModule {
    const providers = [{ provide: SHOPPING_SETTINGS, useValue: config.shopping }];
    return { module: ShoppingConfigModule, providers, exports: providers };
  }
}
