#!/usr/bin/env bash
# Scaffolds the Nx/Jest/TS files of one project: tools/new-project.sh lib|app NAME TAGS
set -euo pipefail
kind=$1 name=$2 tags=$3
dir=$([ "$kind" = lib ] && echo libs || echo apps)/$name
mkdir -p "$dir/src"
cat > "$dir/package.json" <<JSON
{
  "name": "@platform/$name",
  "version": "0.0.0",
  "private": true
}
JSON
cat > "$dir/jest.config.ts" <<TS
export default {
  displayName: '$name',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
TS
if [ "$kind" = lib ]; then
cat > "$dir/tsconfig.lib.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "outDir": "../../dist/libs/$name", "rootDir": "../.." },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.spec.ts", "src/**/*.e2e-spec.ts"]
}
JSON
cat > "$dir/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$dir/src",
  "projectType": "library",
  "tags": [$tags],
  "targets": {
    "build": {
      "executor": "nx:run-commands",
      "options": { "command": "tsc -p $dir/tsconfig.lib.json" },
      "outputs": ["{workspaceRoot}/dist/libs/$name"]
    },
    "test": { "executor": "nx:run-commands", "options": { "command": "jest --config $dir/jest.config.ts" } },
    "lint": { "executor": "nx:run-commands", "options": { "command": "eslint $dir --max-warnings=0" } }
  }
}
JSON
else
cat > "$dir/tsconfig.app.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "outDir": "../../dist/apps/$name", "rootDir": "../.." },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.spec.ts", "src/**/*.e2e-spec.ts"]
}
JSON
cat > "$dir/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$dir/src",
  "projectType": "application",
  "tags": [$tags],
  "targets": {
    "build": {
      "executor": "nx:run-commands",
      "options": { "command": "tsc -p $dir/tsconfig.app.json && tsc-alias -p $dir/tsconfig.app.json" },
      "inputs": ["production", "^production", "{workspaceRoot}/libs/**/*.ts"],
      "outputs": ["{workspaceRoot}/dist/apps/$name"]
    },
    "serve": {
      "executor": "nx:run-commands",
      "dependsOn": ["build"],
      "options": { "command": "node dist/apps/$name/$dir/src/main.js" }
    },
    "test": { "executor": "nx:run-commands", "options": { "command": "jest --config $dir/jest.config.ts" } },
    "lint": { "executor": "nx:run-commands", "options": { "command": "eslint $dir --max-warnings=0" } }
  }
}
JSON
fi
# The generated JSON is not in the repo's Prettier style; npm test checks it.
npx prettier --write --log-level warn "$dir"
