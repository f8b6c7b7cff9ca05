import { GraphQLError } from 'graphql';
import { formatGraphQLError } from './graphql-errors';
import { Errors } from './platform-error';

describe('formatGraphQLError', () => {
  it('keeps the code and message of a PlatformError thrown in a resolver, with its fields', () => {
    const thrown = Errors.validation([
      { location: 'body', path: ['input', 'label'], code: 'REQUIRED', message: 'label is required' },
    ]);
    const wrapped = new GraphQLError(thrown.message, { originalError: thrown, path: ['createRate'] });
    expect(formatGraphQLError({ message: wrapped.message, path: ['createRate'] }, wrapped)).toEqual({
      message: 'the request has invalid fields',
      path: ['createRate'],
      locations: undefined,
      extensions: {
        code: 'INVALID_BODY',
        fields: [{ path: 'input.label', code: 'REQUIRED', message: 'label is required' }],
      },
    });
  });

  it('passes malformed-document codes through', () => {
    const formatted = {
      message: 'Cannot query field "nope"',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    };
    expect(formatGraphQLError(formatted, new GraphQLError(formatted.message)).extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
    });
  });

  it('hides unexpected errors behind INTERNAL_SERVER_ERROR', () => {
    const boom = new Error('relation "orders" does not exist at query.ts:12');
    const wrapped = new GraphQLError(boom.message, { originalError: boom });
    const out = formatGraphQLError(
      { message: boom.message, extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['x'] } },
      wrapped,
    );
    expect(out).toEqual({
      message: 'an unexpected error occurred',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });
});
