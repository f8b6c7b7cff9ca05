import { Injectable } from '@nestjs/common';

/** The time source of order writes (millisecond precision); tests replace it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
