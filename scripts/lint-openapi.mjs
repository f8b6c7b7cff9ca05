#!/usr/bin/env node
// Lints the committed OpenAPI documents (docs/openapi/*.json) with Redocly's `recommended` rules,
// errors and warnings alike; part of `npm run lint`, so of `npm test`. A finding fails the run
// unless EXCEPTIONS lists it with the reason the document must say what it says; an exception that
// no longer matches a finding fails too, so the list only shrinks with the documents.
// Redocly's library rather than its CLI: the same rules, without the CLI's dependencies.
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The documents' folder: docs/openapi, or the one named on the command line (tests use that). */
const DOCS = process.argv[2] ? resolve(process.argv[2]) : join(ROOT, 'docs', 'openapi');

/** Paths the spec fixes: a static segment beside a parameter, which routers resolve static first. */
const SPEC_PATHS =
  "the spec fixes these paths; Fastify's router matches the static segment first, so the 'jobs' " +
  "and 'orders' segments cannot be taken for an app id or a domain (docs/openapi/README.md)";

/** Findings the documents keep on purpose: `file rule pointer` → why. */
const EXCEPTIONS = {
  'agent-registry.json operation-4xx-response #/paths/~1v1~1agents~1ca/get/responses':
    "the registry CA's certificate is public, takes no input and always answers 200",
  // UCP discovery (overview.md: the business profile at /.well-known/ucp, public and cacheable) and
  // the legal pages a checkout's links name (checkout.md: links for legal compliance): static.
  ...Object.fromEntries(
    ['~1.well-known~1ucp', '~1v1~1shopping~1legal~1privacy', '~1v1~1shopping~1legal~1terms'].map((path) => [
      `shopping.json operation-4xx-response #/paths/${path}/get/responses`,
      'a public page of the Shopping API (the platform’s UCP business profile, the terms, the privacy ' +
        'policy): it takes no input and always answers 200',
    ]),
  ),
  ...Object.fromEntries(
    ['records', 'renew', 'transfer'].map((tail) => [
      `domains.json no-ambiguous-paths #/paths/~1v1~1domains~1{domain}~1${tail}`,
      SPEC_PATHS,
    ]),
  ),
  ...Object.fromEntries(
    ['deployments', 'logs', 'rollback', 'secrets', 'source', 'status'].map((tail) => [
      `hosting.json no-ambiguous-paths #/paths/~1v1~1hosting~1nodejs~1apps~1{appId}~1${tail}`,
      SPEC_PATHS,
    ]),
  ),
};

const config = await createConfig({ extends: ['recommended'] });
const files = readdirSync(DOCS)
  .filter((name) => name.endsWith('.json'))
  .sort();
const unexpected = [];
const matched = new Set();
for (const file of files) {
  for (const problem of await lint({ ref: join(DOCS, file), config })) {
    const pointer = problem.location?.[0]?.pointer ?? '';
    const key = `${file} ${problem.ruleId} ${pointer}`;
    if (key in EXCEPTIONS) matched.add(key);
    else
      unexpected.push(
        `${relative(ROOT, join(DOCS, file))} ${problem.severity} ${problem.ruleId} ${pointer}: ${problem.message}`,
      );
  }
}
const stale = Object.keys(EXCEPTIONS).filter(
  (key) => !matched.has(key) && files.includes(key.slice(0, key.indexOf(' '))),
);
for (const line of unexpected) process.stderr.write(`${line}\n`);
for (const key of stale)
  process.stderr.write(`lint-openapi: exception no longer needed, remove it: ${key}\n`);
if (unexpected.length || stale.length) process.exit(1);
process.stdout.write(
  `lint-openapi: ${files.length} documents clean under Redocly's recommended rules (${matched.size} listed exceptions)\n`,
);
