import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { RegistryCa } from './registry-ca.service';

/** Loads (on the very first start: creates) the CA at boot, so a wrong key fails the start, not a request. */
@Injectable()
export class RegistryCaBootstrap implements OnApplicationBootstrap {
  constructor(private readonly ca: RegistryCa) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ca.load();
  }
}
