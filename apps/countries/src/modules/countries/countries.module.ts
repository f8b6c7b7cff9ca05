import { Module } from '@nestjs/common';
import { CountriesController } from './countries.controller';
import { CountryCatalog } from './country-catalog.service';

@Module({
  controllers: [CountriesController],
  providers: [CountryCatalog],
})
export class CountriesModule {}
