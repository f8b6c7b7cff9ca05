import { maskGovernmentId } from './government-id-mask';

describe('maskGovernmentId', () => {
  it.each([
    ['123456789', '*****6789'],
    ['12-3456789', '******6789'],
    ['12345', '*2345'],
    ['1234', '****'],
    ['1', '*'],
    ['AB€12345', '****2345'],
  ])('masks %s as %s', (id, masked) => {
    expect(maskGovernmentId(id)).toBe(masked);
  });
});
