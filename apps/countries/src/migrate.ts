import 'reflect-metadata';
import { runMigrateEntry } from '@platform/service-kit';
import { loadCountriesConfig } from './config/countries.config';

// Countries keeps no tables of its own; it migrates the shared auth schema it reads tokens from.
runMigrateEntry(() => loadCountriesConfig(), []);
