import { Type } from 'class-transformer';
import { IsDefined, IsEmail, IsInt, IsString, Max, ValidateNested } from 'class-validator';
import { PlatformError } from './platform-error';
import { PlatformValidationPipe } from './validation.pipe';

class Consent {
  @IsString()
  type!: string;
}

class Body {
  @IsDefined()
  @IsEmail()
  emailAddress!: string;

  @IsInt()
  @Max(10)
  count!: number;

  @ValidateNested({ each: true })
  @Type(() => Consent)
  consents!: Consent[];
}

async function violationsOf(value: unknown, type: 'body' | 'query' = 'body') {
  try {
    await new PlatformValidationPipe().transform(value, { type, metatype: Body });
  } catch (e) {
    if (e instanceof PlatformError) return e;
    throw e;
  }
  throw new Error('expected a validation error');
}

describe('PlatformValidationPipe', () => {
  it('reports one violation per failed constraint with nested paths and codes', async () => {
    const err = await violationsOf({ emailAddress: 'nope', count: 11, consents: [{ type: 1 }] });
    expect(err.status).toBe(400);
    expect(err.kind).toBe('validation');
    expect(err.violations.map((v) => [v.path.join('.'), v.code])).toEqual(
      expect.arrayContaining([
        ['emailAddress', 'INVALID_FORMAT'],
        ['count', 'OUT_OF_RANGE'],
        ['consents.0.type', 'INVALID_FORMAT'],
      ]),
    );
    expect(err.violations.find((v) => v.path[0] === 'consents')?.path).toEqual(['consents', 0, 'type']);
  });

  it('rejects unknown fields and missing required ones', async () => {
    const err = await violationsOf({ count: 1, consents: [], extra: true });
    expect(err.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['extra'], code: 'UNKNOWN_FIELD' }),
        expect.objectContaining({ path: ['emailAddress'], code: 'REQUIRED' }),
      ]),
    );
  });

  it('marks the location of query parameters', async () => {
    const err = await violationsOf({ count: 'x' }, 'query');
    expect(err.violations.every((v) => v.location === 'query')).toBe(true);
  });

  it('passes and transforms a valid value', async () => {
    const out = await new PlatformValidationPipe().transform(
      { emailAddress: 'a@example.com', count: 3, consents: [{ type: 'X' }] },
      { type: 'body', metatype: Body },
    );
    expect(out).toBeInstanceOf(Body);
  });
});
