import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController } from '@platform/service-kit';
import { CountriesErrors } from './countries.errors';
import { CountryKeyParams, MarketQuery } from './countries.request';
import { CountryDetailResponse, CountryResponse } from './countries.response';
import { Country, CountryCatalog, CountryDetail } from './country-catalog.service';
import { parseMarketId } from './market-id';

/** Any valid token may read countries (ARCHITECTURE.md §6); rate limited per credential. */
@ApiBearerController({ tag: 'countries' })
@RateLimited()
@Controller('v1/countries')
export class CountriesController {
  constructor(private readonly catalog: CountryCatalog) {}

  @Get()
  @ApiOperation({ summary: 'Every country, labelled and sorted for the market' })
  @ApiOkResponse({ type: [CountryResponse] })
  list(@Query() query: MarketQuery): readonly Country[] {
    return this.catalog.list(localeOf(query));
  }

  @Get(':countryKey')
  @ApiOperation({ summary: 'One country with its states (ISO 3166-2 subdivisions)' })
  @ApiOkResponse({ type: [CountryDetailResponse] })
  detail(@Param() params: CountryKeyParams, @Query() query: MarketQuery): readonly CountryDetail[] {
    const country = this.catalog.detail(params.countryKey, localeOf(query));
    if (!country) throw CountriesErrors.countryNotFound(params.countryKey.toUpperCase());
    return [country];
  }
}

function localeOf(query: MarketQuery): string {
  const parsed = parseMarketId(query.marketId);
  // The DTO already validated marketId; this narrows the type.
  if (!parsed.ok) throw new Error('unreachable: marketId validated at the edge');
  return parsed.locale;
}
