import { Module } from '@nestjs/common';
import { CountriesController } from './countries.controller';
import { CountryCatalog } from './country-catalog';

@Module({
  controllers: [CountriesController],
  providers: [CountryCatalog],
})
export class CountriesModule {}
