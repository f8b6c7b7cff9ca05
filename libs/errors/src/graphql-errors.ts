import { PlatformError } from './platform-error';

/** GraphQL errors carry the machine code in extensions.code (spec, Errors rule 3). */
export interface GraphQLErrorShape {
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions: {
    code: string;
    fields?: { path: string; code: string; message: string }[];
    [k: string]: unknown;
  };
}

export function toGraphQLExtensions(err: PlatformError): GraphQLErrorShape['extensions'] {
  const extensions: GraphQLErrorShape['extensions'] = { code: err.code };
  if (err.violations.length) {
    extensions.fields = err.violations.map((v) => ({
      path: v.path.map(String).join('.'),
      code: v.code,
      message: v.message,
    }));
  }
  return extensions;
}
