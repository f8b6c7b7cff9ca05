import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("gives an Error's message and anything else as a string", () => {
    expect(errorMessage(new TypeError('bad input'))).toBe('bad input');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
