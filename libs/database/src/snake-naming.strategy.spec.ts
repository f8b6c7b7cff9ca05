import { SnakeNamingStrategy } from './snake-naming.strategy';

describe('SnakeNamingStrategy', () => {
  const naming = new SnakeNamingStrategy();

  it('turns class and property names into snake_case', () => {
    expect(naming.tableName('AccessTokenEntity', undefined)).toBe('access_token_entity');
    expect(naming.tableName('X', 'custom_name')).toBe('custom_name');
    expect(naming.columnName('createdAt', undefined, [])).toBe('created_at');
    expect(naming.columnName('HTTPStatus', undefined, [])).toBe('http_status');
    expect(naming.columnName('id', undefined, ['paymentDetails'])).toBe('payment_details_id');
    expect(naming.columnName('anything', 'given_name', [])).toBe('given_name');
  });

  it('names join columns after the relation and the referenced column', () => {
    expect(naming.joinColumnName('account', 'id')).toBe('account_id');
  });
});
