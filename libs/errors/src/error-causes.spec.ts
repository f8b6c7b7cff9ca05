import { errorCauses } from './error-causes';

describe('errorCauses', () => {
  it('lists an error and what it wraps (driverError, cause, originalError), outermost first', () => {
    const socket = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const driver = { message: 'query failed', driverError: socket };
    const outer = new Error('fetch failed', { cause: driver });
    const graphql = { message: 'wrapped', originalError: outer };
    expect(errorCauses(graphql)).toEqual([graphql, outer, driver, socket]);
  });

  it('stops at `max` errors (a wrapper of itself cannot loop), and lists nothing for a non-object', () => {
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(errorCauses(loop)).toHaveLength(6);
    expect(errorCauses(loop, 2)).toHaveLength(2);
    expect(errorCauses('text')).toEqual([]);
    expect(errorCauses(undefined)).toEqual([]);
  });
});
