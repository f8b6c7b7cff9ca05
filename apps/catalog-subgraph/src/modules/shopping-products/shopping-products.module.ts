import { Module } from '@nestjs/common';
import { CatalogInventoryModule } from '../inventory/inventory.module';
import { ShoppingProductsController } from './shopping-products.controller';
import { ShoppingReservationsController } from './shopping-reservations.controller';
import { ShoppingReservationsRepository } from './shopping-reservations.repository';
import { ShoppingReservationsService } from './shopping-reservations.service';
import { StoreProductsRepository } from './store-products.repository';
import { StoreProductsService } from './store-products.service';

/**
 * The catalog's internal routes for the Shopping API (apps/shopping): product search and lookup
 * over SKU groups, and reservations through the inventory's commit and release.
 */
@Module({
  imports: [CatalogInventoryModule],
  controllers: [ShoppingProductsController, ShoppingReservationsController],
  providers: [
    ShoppingReservationsRepository,
    ShoppingReservationsService,
    StoreProductsRepository,
    StoreProductsService,
  ],
})
export class ShoppingProductsModule {}
