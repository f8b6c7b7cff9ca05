import { GraphQLError } from 'graphql';
import { formatSubgraphError, isExpectedError } from './subgraph-errors';

describe('formatSubgraphError', () => {
  it('answers graphql-js\'s "too many variable errors" as GRAPHQL_VALIDATION_FAILED, not INTERNAL_SERVER_ERROR', () => {
    const error = new GraphQLError(
      'Too many errors processing variables, error limit reached. Execution aborted.',
    );
    expect(formatSubgraphError({ message: error.message }, error)).toEqual({
      message: error.message,
      locations: undefined,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(isExpectedError(error)).toBe(true);
  });

  it('still hides an unexpected error that merely carries the same text', () => {
    const error = new GraphQLError(
      'Too many errors processing variables, error limit reached. Execution aborted.',
      {
        path: ['orders'],
        originalError: new Error('boom'),
      },
    );
    const shaped = formatSubgraphError({ message: error.message, path: ['orders'] }, error);
    expect(shaped.extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });
});
