import { withDeadline } from './deadline';

describe('withDeadline', () => {
  it('gives the work its answer when it settles in time', async () => {
    await expect(withDeadline(Promise.resolve(7), 1000, 'late')).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('own')), 1000, 'late')).rejects.toThrow('own');
  });

  it('rejects with the message once the time has passed', async () => {
    const never = new Promise<number>(() => undefined);
    await expect(withDeadline(never, 10, 'no answer within 10 ms')).rejects.toThrow('no answer within 10 ms');
  });
});
