import { Controller, Get } from '@nestjs/common';
import { IP_RATE_LIMIT, IpRateLimit } from './ip-rate-limit.decorator';

describe('@IpRateLimit', () => {
  it('records perMinute as route metadata', () => {
    @Controller()
    class HostingController {
      @Get()
      @IpRateLimit({ perMinute: 30 })
      list(): string {
        return 'apps';
      }
    }
    expect(Reflect.getMetadata(IP_RATE_LIMIT, HostingController.prototype.list)).toEqual({ perMinute: 30 });
  });

  it('fails when the class is defined with perMinute outside 10–120', () => {
    expect(() => {
      @Controller()
      class TooFast {
        @Get()
        @IpRateLimit({ perMinute: 121 })
        list(): string {
          return 'apps';
        }
      }
      return TooFast;
    }).toThrow(/perMinute must be an integer from 10 to 120, got 121/);
    expect(() => IpRateLimit({ perMinute: 9 })).toThrow(RangeError);
  });
});
