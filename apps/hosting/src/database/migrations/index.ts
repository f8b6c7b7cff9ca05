import { CreateHosting1795600000000 } from './1795600000000-create-hosting';
import { CreateSecrets1795600000100 } from './1795600000100-create-secrets';
import { CreateImports1795600000200 } from './1795600000200-create-imports';
import { CreateAppLogs1795600000300 } from './1795600000300-create-app-logs';
import { CreateDeployments1795600000400 } from './1795600000400-create-deployments';
import { CreateWorkers1795600000500 } from './1795600000500-create-workers';
import { AddSubscriptionReferences1795600000600 } from './1795600000600-add-subscription-references';
import { AddRuntimeEgress1795600000700 } from './1795600000700-add-runtime-egress';
import { AddOperationFailures1795600000800 } from './1795600000800-add-operation-failures';
import { CreateWebhooks1795600000900 } from './1795600000900-create-webhooks';
import { CreateReleases1795600001000 } from './1795600001000-create-releases';
import { AddInstancesAndHealthChecks1795600001100 } from './1795600001100-add-instances-and-health-checks';
import { CreateAppDomains1795600001200 } from './1795600001200-create-app-domains';
import { AddAppDomainsActiveCheckIndex1795600001300 } from './1795600001300-add-app-domains-active-check-index';
import { AddRuntimeUsage1795600001400 } from './1795600001400-add-runtime-usage';

/** Every migration of schema `hosting`, oldest first. Append new ones at the end. */
export const HOSTING_MIGRATIONS = [
  CreateHosting1795600000000,
  CreateSecrets1795600000100,
  CreateImports1795600000200,
  CreateAppLogs1795600000300,
  CreateDeployments1795600000400,
  CreateWorkers1795600000500,
  AddSubscriptionReferences1795600000600,
  AddRuntimeEgress1795600000700,
  AddOperationFailures1795600000800,
  CreateWebhooks1795600000900,
  CreateReleases1795600001000,
  AddInstancesAndHealthChecks1795600001100,
  CreateAppDomains1795600001200,
  AddAppDomainsActiveCheckIndex1795600001300,
  AddRuntimeUsage1795600001400,
];
