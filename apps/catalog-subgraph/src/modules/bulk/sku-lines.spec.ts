import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { getNamedType, parse, printType } from 'graphql';
import { LineErrorList } from './line-errors';
import { SkuLineValidator, skuLineOf, skuRowOf } from './sku-lines';

describe('SkuLineValidator (createSku rules)', () => {
  let validator: SkuLineValidator;
  beforeAll(() => {
    validator = new SkuLineValidator();
  });
  const refusal = async (line: string) => {
    const checked = await validator.check(line);
    return checked.ok ? undefined : checked.message;
  };

  it('coerces to the CreateSKUInput of the committed schema.graphql, its field types included', () => {
    const sdl = readFileSync(join(__dirname, '..', '..', '..', 'schema.graphql'), 'utf8');
    const served = buildSubgraphSchema(parse(sdl));
    const built = validator.inputType;
    expect(built.name).toBe('CreateSKUInput');
    for (const type of [built, ...Object.values(built.getFields()).map((f) => getNamedType(f.type))]) {
      const servedType = served.getType(type.name);
      expect(servedType && printType(servedType)).toBe(printType(type));
    }
  });

  it('accepts a line with every CreateSKUInput field and makes its stored row', async () => {
    const line = {
      name: 'Tee',
      label: 'Tee L',
      code: 'TEE-L',
      status: 'DRAFT',
      description: 'Cotton',
      price: { value: 1999, currencyCode: 'USD' },
      compareAtPrice: { value: 2499, currencyCode: 'USD' },
      weightGrams: 180,
      gtin: '00012345678905',
      taxable: false,
    };
    expect(await validator.check(JSON.stringify(line))).toEqual({
      ok: true,
      row: {
        name: 'Tee',
        label: 'Tee L',
        code: 'TEE-L',
        status: 'DRAFT',
        data: {
          description: 'Cotton',
          price: { value: 1999, currencyCode: 'USD' },
          compareAtPrice: { value: 2499, currencyCode: 'USD' },
          weightGrams: 180,
          gtin: '00012345678905',
          taxable: false,
        },
      },
    });
  });

  it('defaults status to ACTIVE and leaves null fields out of the row', async () => {
    expect(await validator.check('{"name":"A","label":null,"price":null}')).toEqual({
      ok: true,
      row: { name: 'A', label: null, code: null, status: 'ACTIVE', data: {} },
    });
  });

  it('refuses what is not a JSON object', async () => {
    expect(await refusal('{"name":')).toMatch(/^not valid JSON: /);
    expect(await refusal('[1]')).toBe('a line must be a JSON object: one SKU');
    expect(await refusal('null')).toBe('a line must be a JSON object: one SKU');
  });

  const nameMissing = 'Field "name" of required type "String!" was not provided.';
  it.each([
    ['{"code":"X"}', nameMissing],
    ['{"name":null}', nameMissing],
    ['{"name":7}', 'name: String cannot represent a non string value: 7'],
    ['{"name":"A","status":"GONE"}', 'status: Value "GONE" does not exist in "CatalogStatus" enum.'],
    ['{"name":"A","taxable":"yes"}', 'taxable: Boolean cannot represent a non boolean value: "yes"'],
    ['{"name":"A","price":5}', 'price: Expected type "SimpleMoneyInput" to be an object.'],
    [
      '{"name":"A","price":{"currencyCode":"USD"}}',
      'price: Field "value" of required type "Int!" was not provided.',
    ],
    [
      '{"name":"A","price":{"value":12.5,"currencyCode":"USD"}}',
      'price.value: Int cannot represent non-integer value: 12.5',
    ],
    [
      '{"name":"A","price":{"value":2147483648,"currencyCode":"USD"}}',
      'price.value: Int cannot represent non 32-bit signed integer value: 2147483648',
    ],
  ])(
    'refuses first what GraphQL refuses in a variable (a missing non-null field, a value of another type): %s',
    async (line, message) => {
      expect(await refusal(line)).toBe(message);
    },
  );

  it.each([
    ['{"name":""}', 'name should not be empty'],
    [`{"name":"${'n'.repeat(257)}"}`, 'name must be shorter than or equal to 256 characters'],
    ['{"name":"A","status":"ARCHIVED"}', 'status must be ACTIVE or DRAFT (archive<X> archives)'],
    ['{"name":"A","weightGrams":-1}', 'weightGrams must not be less than 0'],
  ])(
    'then refuses what CreateSKUInput’s class-validator rules refuse, naming the field: %s',
    async (line, message) => {
      expect(await refusal(line)).toBe(message);
    },
  );

  it('then refuses a currency code that is not ISO 4217, naming the field', async () => {
    expect(await refusal('{"name":"A","price":{"value":1,"currencyCode":"usd"}}')).toMatch(
      /^price\.currencyCode: currencyCode must be an ISO 4217 code/,
    );
  });

  it('refuses fields CreateSKUInput does not have', async () => {
    expect(await refusal('{"name":"A","id":"x"}')).toBe('property id should not exist');
    expect(await refusal('{"name":"A","price":{"value":1,"currencyCode":"USD","tax":1}}')).toMatch(
      /^price\.tax: /,
    );
  });
});

describe('skuLineOf', () => {
  it('writes the CreateSKUInput fields of a stored SKU in a fixed order, null ones left out', () => {
    const row = skuRowOf({
      taxable: true,
      price: { value: 5, currencyCode: 'EUR' },
      status: 'ACTIVE',
      code: 'C',
      name: 'N',
    });
    expect(skuLineOf(row)).toBe(
      '{"name":"N","code":"C","status":"ACTIVE","price":{"value":5,"currencyCode":"EUR"},"taxable":true}',
    );
  });

  it('leaves out what records.data holds beyond the kind’s fields', () => {
    expect(skuLineOf({ name: 'N', label: null, code: null, status: 'DRAFT', data: { legacy: 1 } })).toBe(
      '{"name":"N","status":"DRAFT"}',
    );
  });
});

describe('LineErrorList', () => {
  it('counts every error and keeps the first n', () => {
    const list = new LineErrorList(2);
    for (const line of [3, 5, 9]) list.add(line, `bad ${line}`);
    expect(list.count).toBe(3);
    expect(list.errors).toEqual([
      { line: 3, message: 'bad 3' },
      { line: 5, message: 'bad 5' },
    ]);
  });
});
