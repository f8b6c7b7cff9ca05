import { GraphQLSchemaFactory, TypeMetadataStorage } from '@nestjs/graphql';
import { LazyMetadataStorage } from '@nestjs/graphql/dist/schema-builder/storages/lazy-metadata.storage.js';

/**
 * Which app each GraphQL code-first type belongs to, so that one process can hold several
 * subgraphs (single mode, docs/single-mode.md) and still build each one's schema from its own
 * types only.
 *
 * Why this exists: @nestjs/graphql keeps every `@ObjectType`, `@InputType`, enum and union of the
 * process in one static registry (TypeMetadataStorage) and builds a schema from all of it. With
 * the catalog, tax and order subgraphs in one process, the tax schema would also hold the
 * catalog's types, two of them named `SKU`, and fail to build. @nestjs/graphql scopes types to a
 * schema only through each decorator's `registerIn` option (about 200 of them here, and the
 * catalog's types generated at run time); this module sets that option for every type, from
 * where the type was declared:
 * - a type declared in `apps/<app>/` belongs to that app, and so does one a library's function
 *   makes when an app calls it (`createConnectionType(SKU)`);
 * - a type a library declares for itself (`PageInfo`, `SimpleMoney`) belongs to no app and is in
 *   every schema, as before.
 * A schema built for resolvers of one app then holds that app's types and the libraries'. With one
 * app in the process (each service alone, a test), that is every type, exactly as before.
 *
 * It relies on two internals of @nestjs/graphql 13 (LazyMetadataStorage.store runs the
 * decorators' work later; GraphQLSchemaFactory.create builds each schema); the single-mode test of
 * apps/platform checks each subgraph's schema against its committed SDL, so a change there fails
 * loudly.
 */

/** The owner of the types being registered right now (while a decorator's deferred work runs). */
let registering: string | undefined;
/** Owner of each class, enum object or union seen. */
const owners = new WeakMap<object, string>();
/** One stand-in module per app, the value of `registerIn`. */
const ownerModules = new Map<string, () => void>();

function ownerModule(app: string): () => void {
  let module = ownerModules.get(app);
  if (!module) {
    module = { [`${app}GraphqlTypes`]: () => undefined }[`${app}GraphqlTypes`];
    ownerModules.set(app, module);
  }
  return module;
}

const APP_FILE = /[/\\]apps[/\\]([^/\\]+)[/\\]/;
const LIB_FILE = /[/\\]libs[/\\][^/\\]+[/\\]/;
/** Frames of module loading: Node's own, and Jest's module registry in tests. */
const MODULE_LOADING = /^node:internal\/modules|[/\\]node_modules[/\\]jest-runtime[/\\]/;

function frameFile(frame: string): string | undefined {
  const match = /\((.*):\d+:\d+\)$/.exec(frame) ?? /at (.*):\d+:\d+$/.exec(frame);
  return match?.[1];
}

/**
 * The app whose code is declaring a type now: the first frame of the call stack in an app, unless a
 * library's own module body (a frame of module loading before any app frame) declares it.
 */
function declaringApp(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  let inLibrary = false;
  for (const frame of stack.split('\n').slice(1)) {
    const file = frameFile(frame.trim());
    if (file === undefined || file === __filename) continue;
    if (MODULE_LOADING.test(file)) {
      if (inLibrary) return undefined;
      continue;
    }
    if (file.includes(`node_modules`)) continue;
    const app = APP_FILE.exec(file);
    if (app) return app[1];
    if (LIB_FILE.test(file)) inLibrary = true;
  }
  return undefined;
}

type Loader = () => void;

function ownedLoader(loader: Loader, owner: string | undefined): Loader {
  if (owner === undefined) return loader;
  return () => {
    const previous = registering;
    registering = owner;
    try {
      loader();
    } finally {
      registering = previous;
    }
  };
}

interface TypeMetadata {
  target?: object;
  enumRef?: object;
  typeFn?: unknown;
  registerIn?: () => unknown;
}

function tagging(add: (metadata: TypeMetadata) => void, keyOf: (m: TypeMetadata) => object | undefined) {
  return function (this: unknown, metadata: TypeMetadata): void {
    if (registering !== undefined && metadata.registerIn === undefined) {
      const module = ownerModule(registering);
      metadata.registerIn = () => module;
      const key = keyOf(metadata);
      if (key) owners.set(key, registering);
    }
    add.call(this, metadata);
  };
}

let installed = false;

/** Installs the hooks once per copy of @nestjs/graphql; loading this library does it. */
export function installTypeOwners(): void {
  if (installed) return;
  installed = true;
  const lazy = LazyMetadataStorage as unknown as {
    store(targetOrFn: object | Loader, func?: Loader, options?: object): void;
  };
  const original = lazy.store.bind(lazy);
  lazy.store = (targetOrFn, func, options) => {
    // A field's deferred work adds no type (the type's own does): no owner to look up, and fields
    // are most of the calls (a stack trace each cost 0.2 s of the platform's start).
    if ((options as { isField?: boolean } | undefined)?.isField) return original(targetOrFn, func, options);
    const owner = declaringApp();
    if (owner !== undefined && typeof targetOrFn === 'function' && func) owners.set(targetOrFn, owner);
    if (func) original(targetOrFn, ownedLoader(func, owner), options);
    else original(ownedLoader(targetOrFn as Loader, owner));
  };
  const storage = TypeMetadataStorage as unknown as Record<string, (metadata: TypeMetadata) => void>;
  for (const method of [
    'addObjectTypeMetadata',
    'addInputTypeMetadata',
    'addInterfaceMetadata',
    'addArgsMetadata',
  ])
    storage[method] = tagging(storage[method], (m) => m.target);
  storage.addEnumMetadata = tagging(storage.addEnumMetadata, (m) => m.enumRef);
  storage.addUnionMetadata = tagging(storage.addUnionMetadata, () => undefined);

  const create = GraphQLSchemaFactory.prototype.create as (...args: unknown[]) => Promise<unknown>;
  GraphQLSchemaFactory.prototype.create = function (this: unknown, ...args: unknown[]) {
    const [resolvers, scalarsOrOptions, maybeOptions] = args as [
      object[] | undefined,
      unknown,
      Record<string, unknown> | undefined,
    ];
    const options = (Array.isArray(scalarsOrOptions) ? maybeOptions : scalarsOrOptions) as
      (Record<string, unknown> & { orphanedTypes?: object[]; includeModules?: unknown[] }) | undefined;
    // The app of the resolvers (or of the orphaned types); else the app calling (the catalog
    // worker builds a schema of one input type to check bulk lines with).
    const owner =
      [...(resolvers ?? []), ...(options?.orphanedTypes ?? [])]
        .map((type) => owners.get(type))
        .find((app) => app !== undefined) ?? declaringApp();
    if (owner !== undefined && options && options.includeModules === undefined) {
      options.includeModules = [ownerModule(owner)];
    } else if (owner !== undefined && !options) {
      return create.call(this, resolvers, { includeModules: [ownerModule(owner)] });
    }
    return create.apply(this, args);
  } as typeof GraphQLSchemaFactory.prototype.create;
}

installTypeOwners();
