import { IsDefined, IsInt, IsString, getMetadataStorage, validateSync } from 'class-validator';
import { installValidationMetadataCache } from './validation-metadata-cache';

class Parent {
  @IsString()
  name!: unknown;
}

class Child extends Parent {
  @IsInt()
  count!: unknown;
}

const failed = (value: object): string[] =>
  validateSync(value)
    .map((e) => `${e.property}:${Object.keys(e.constraints ?? {}).join(',')}`)
    .sort();

describe("class-validator's rule lookup, remembered per class", () => {
  beforeAll(() => installValidationMetadataCache());

  it('applies the same rules as without it, inherited ones included, looking them up once per class', () => {
    const storage = getMetadataStorage();
    installValidationMetadataCache(); // twice is once
    const child = Object.assign(new Child(), { name: 1, count: 'x' });
    expect(failed(child)).toEqual(['count:isInt', 'name:isString']);
    // The scan over every validated class (for inherited rules) runs no more for a class seen.
    const scans = jest.spyOn(
      (storage as unknown as { validationMetadatas: Map<object, unknown> }).validationMetadatas,
      'entries',
    );
    expect(failed(Object.assign(new Child(), { name: 'ok', count: 2 }))).toEqual([]);
    expect(scans).not.toHaveBeenCalled();
    scans.mockRestore();
    expect(storage).toBe(getMetadataStorage());
  });

  it('sees a rule added later (a decorator applied after the first validation)', () => {
    expect(failed(Object.assign(new Child(), { name: 'ok', count: 2 }))).toEqual([]);
    IsDefined()(Parent.prototype, 'extra');
    expect(failed(Object.assign(new Child(), { name: 'ok', count: 2 }))).toEqual(['extra:isDefined']);
  });
});
