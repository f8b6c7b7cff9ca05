import 'reflect-metadata';
import { runMigrateEntry } from '@platform/service-kit';
import { loadOrderConfig } from './config/order.config';
import { ORDERS_MIGRATION_SET } from './database/orders.migration-set';

runMigrateEntry(() => loadOrderConfig().platform, [ORDERS_MIGRATION_SET]);
