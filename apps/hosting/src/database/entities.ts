import { AppLogLineEntity } from '../modules/app-logs/app-log-line.entity';
import { AppEnvironmentEntity } from '../modules/apps/app-environment.entity';
import { AppOperationEntity } from '../modules/apps/app-operation.entity';
import { AppEntity } from '../modules/apps/app.entity';
import { DeploymentOperationEntity } from '../modules/deployments/deployment-operation.entity';
import { BuildLogLineEntity } from '../modules/build-logs/build-log-line.entity';
import { ImportOperationEntity } from '../modules/imports/import-operation.entity';
import { ReleaseEntity } from '../modules/releases/release.entity';
import { AppSecretSnapshotEntity } from '../modules/secret-store/app-secret-snapshot.entity';
import { RestartOperationEntity } from '../modules/restarts/restart-operation.entity';
import { AppSecretEntity } from '../modules/secret-store/app-secret.entity';
import { AppSubscriptionEntity } from '../modules/subscriptions/app-subscription.entity';
import { SubscriptionEntity } from '../modules/subscriptions/subscription.entity';
import { WebhookDeliveryAttemptEntity } from '../modules/webhooks/webhook-delivery-attempt.entity';
import { WebhookEventEntity } from '../modules/webhooks/webhook-event.entity';
import { WebhookMessageEntity } from '../modules/webhooks/webhook-message.entity';
import { WebhookEntity } from '../modules/webhooks/webhook.entity';
import { WorkerEntity } from '../modules/worker-leases/worker.entity';

/** Every entity of schema `hosting` (explicit list, no globs). Keep it sorted. */
export const HOSTING_ENTITIES = [
  AppEntity,
  AppEnvironmentEntity,
  AppLogLineEntity,
  AppOperationEntity,
  AppSecretEntity,
  AppSecretSnapshotEntity,
  AppSubscriptionEntity,
  BuildLogLineEntity,
  DeploymentOperationEntity,
  ImportOperationEntity,
  ReleaseEntity,
  RestartOperationEntity,
  SubscriptionEntity,
  WebhookDeliveryAttemptEntity,
  WebhookEntity,
  WebhookEventEntity,
  WebhookMessageEntity,
  WorkerEntity,
];
