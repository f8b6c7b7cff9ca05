import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AuthGuard } from './auth.guard';
import { TokenService } from './token.service';

/** Registers the global AuthGuard; needs AUTH_MIGRATION_SET among the process's database sets. */
@Global()
@Module({
  providers: [
    { provide: TokenService, inject: [DataSource], useFactory: (ds: DataSource) => new TokenService(ds) },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [TokenService],
})
export class AuthModule {}
