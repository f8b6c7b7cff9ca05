import { InFlightRequests } from './in-flight-requests';

describe('InFlightRequests', () => {
  it('picks endpoints in round robin per variant, skipping the one that just failed', () => {
    const traffic = new InFlightRequests();
    const endpoints = ['http://a', 'http://b', 'http://c'];
    expect([1, 2, 3, 4].map(() => traffic.pick('app/PUBLISH', endpoints))).toEqual([
      'http://a',
      'http://b',
      'http://c',
      'http://a',
    ]);
    expect(traffic.pick('app/PREVIEW', endpoints)).toBe('http://a');
    expect(traffic.pick('app/PUBLISH', endpoints, 'http://b')).not.toBe('http://b');
    expect(traffic.pick('app/PUBLISH', ['http://a'], 'http://a')).toBeNull();
    expect(traffic.pick('app/PUBLISH', [])).toBeNull();
  });

  it('counts requests per endpoint; ending one twice counts once', () => {
    const traffic = new InFlightRequests();
    const first = traffic.begin('http://a');
    const second = traffic.begin('http://a');
    expect(traffic.inFlight('http://a')).toBe(2);
    first();
    first();
    expect(traffic.inFlight('http://a')).toBe(1);
    second();
    expect(traffic.inFlight('http://a')).toBe(0);
  });

  it('resolves whenIdle once the endpoints have nothing in flight, or at the timeout', async () => {
    const traffic = new InFlightRequests();
    const end = traffic.begin('http://a');
    let idle = false;
    // Resolves when whenIdle has looked and found 'http://a' busy: from then on it keeps waiting.
    let sawBusy!: () => void;
    const busySeen = new Promise<void>((resolve) => (sawBusy = resolve));
    const count = traffic.inFlight.bind(traffic);
    jest.spyOn(traffic, 'inFlight').mockImplementation((endpoint) => {
      const n = count(endpoint);
      if (n > 0) sawBusy();
      return n;
    });
    const waiting = traffic.whenIdle(['http://a', 'http://b'], 10_000, 5).then(() => (idle = true));
    await busySeen;
    expect(idle).toBe(false);
    end();
    await waiting;
    expect(idle).toBe(true);

    traffic.begin('http://b');
    await traffic.whenIdle(['http://b'], 50, 5); // resolves at the timeout, never ended
    expect(traffic.inFlight('http://b')).toBe(1);
  });
});
