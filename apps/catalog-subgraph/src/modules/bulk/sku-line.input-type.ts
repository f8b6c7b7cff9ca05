import { Type } from '@nestjs/common';
import { TypeMetadataStorage } from '@nestjs/graphql';
import { getFieldsAndDecoratorForType } from '@nestjs/graphql/dist/schema-builder/utils/get-fields-and-decorator.util.js';
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  GraphQLString,
  isScalarType,
} from 'graphql';
import type { GraphQLInputFieldConfigMap, GraphQLInputType } from 'graphql';

/**
 * An @InputType class (CreateSKUInput) as a graphql-js input type, read from its own @Field
 * metadata: the same names, types, nullability and descriptions the API's schema has, without
 * building a schema (the worker has no GraphQL module). Only what SKU lines use is mapped: String,
 * Int, Float, Boolean, registered enums, nested input classes and lists of them.
 */
export function inputTypeOf(input: Type<unknown>): GraphQLInputObjectType {
  const made = new Map<Type<unknown>, GraphQLInputObjectType>();
  return objectType(input, made);
}

function objectType(
  input: Type<unknown>,
  made: Map<Type<unknown>, GraphQLInputObjectType>,
): GraphQLInputObjectType {
  const existing = made.get(input);
  if (existing) return existing;
  const { fields } = getFieldsAndDecoratorForType(input);
  const metadata = TypeMetadataStorage.getInputTypeMetadataByTarget(input);
  if (!metadata) throw new Error(`${input.name} is not an @InputType`);
  const type = new GraphQLInputObjectType({
    name: metadata.name,
    description: metadata.description,
    fields: () => {
      const config: GraphQLInputFieldConfigMap = {};
      for (const field of fields) {
        const options = field.options as {
          nullable?: boolean | string;
          isArray?: boolean;
          arrayDepth?: number;
        };
        let fieldType: GraphQLInputType = namedType(field.typeFn(), made);
        if (options.isArray) {
          for (let depth = 0; depth < (options.arrayDepth ?? 1); depth++) {
            // Nest's default: list items are non-null unless nullable says 'items'.
            if (options.nullable !== 'items' && options.nullable !== 'itemsAndList')
              fieldType = new GraphQLNonNull(fieldType);
            fieldType = new GraphQLList(fieldType);
          }
        }
        if (!options.nullable || options.nullable === 'items') fieldType = new GraphQLNonNull(fieldType);
        config[field.schemaName] = { type: fieldType, description: field.description };
      }
      return config;
    },
  });
  made.set(input, type);
  return type;
}

const ENUMS = new Map<object, GraphQLEnumType>();

function namedType(ref: unknown, made: Map<Type<unknown>, GraphQLInputObjectType>): GraphQLInputType {
  if (ref === String) return GraphQLString;
  if (ref === Boolean) return GraphQLBoolean;
  if (ref === Number) return GraphQLFloat;
  if (ref instanceof GraphQLScalarType && isScalarType(ref)) return ref;
  if (typeof ref === 'function') return objectType(ref as Type<unknown>, made);
  const registered = TypeMetadataStorage.getEnumsMetadata().find((e) => e.ref === ref);
  if (!registered)
    throw new Error('an input field type that is not String, Int, Float, Boolean, an enum or an input');
  let type = ENUMS.get(registered.ref);
  if (!type) {
    type = new GraphQLEnumType({
      name: registered.name,
      description: registered.description,
      values: Object.fromEntries(
        Object.entries(registered.ref as Record<string, string>)
          .filter(([key]) => Number.isNaN(Number(key)))
          .map(([key, value]) => [key, { value, description: registered.valuesMap?.[key]?.description }]),
      ),
    });
    ENUMS.set(registered.ref, type);
  }
  return type;
}
