#!/usr/bin/env node
// `npm run migrate`: applies every service's migrations (what the k8s migration Job does),
// building the services first when their sources changed.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT, buildIfStale, entryPath } = require('./build-if-stale');

const apps = readdirSync(join(ROOT, 'apps')).filter((app) =>
  existsSync(join(ROOT, 'apps', app, 'src', 'migrate.ts')),
);
buildIfStale(apps, { entry: 'migrate' });
for (const app of apps) {
  execFileSync(process.execPath, [entryPath(app, 'migrate')], { cwd: ROOT, stdio: 'inherit' });
}
