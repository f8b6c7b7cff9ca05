import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deploy webhooks (docs/hosting.md, "Webhooks"): the account's webhooks (`webhooks`, the signing
 * secret sealed), the events of its apps (`webhook_events`, numbered per app), one message per event
 * and subscribed webhook (`webhook_messages`, what the worker delivers in order) and every delivery
 * attempt (`webhook_delivery_attempts`).
 *
 * Events are written by the database, in the transaction of the change they report:
 * `hosting.record_webhook_event(account, app, type, data)` numbers the app's event under a
 * transaction-scoped advisory lock on the app (so an app's sequence order is its commit order),
 * fans it out to the account's webhooks that subscribe to the type, and notifies
 * `hosting_webhook_events` (delivered at commit) so a worker delivers at once. It does nothing,
 * and takes no lock, when no webhook of the account subscribes. The deployment statuses reach it
 * through a constraint trigger on `deployment_operations`, deferred to commit so that it sees the
 * row as the transaction leaves it (no_op and failure are written after the status): every
 * transition is covered, whoever writes it (the API's insert, the runner's completion,
 * OperationRunner's failure, the orphan scan's JOB_FAILED). Later features (rollback, instances,
 * domains) call the function from their own transactions.
 */
export class CreateWebhooks1795600000900 implements MigrationInterface {
  name = 'CreateWebhooks1795600000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."webhooks" ("id" uuid NOT NULL, "account_id" uuid NOT NULL, "url" text NOT NULL, "events" character varying(64) array NOT NULL, "sealed_secret" bytea NOT NULL, "key_id" character varying(32) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "webhooks_account_keyset_idx" ON "hosting"."webhooks" ("account_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE TABLE "hosting"."webhook_events" ("id" uuid NOT NULL, "account_id" uuid NOT NULL, "app_id" character varying(64) NOT NULL, "type" character varying(64) NOT NULL, "sequence" bigint NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4cba37e6a0acb5e1fc49c34ebfd" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "webhook_events_app_sequence_key" ON "hosting"."webhook_events" ("app_id", "sequence")`,
    );
    await q.query(
      `CREATE TABLE "hosting"."webhook_messages" ("webhook_id" uuid NOT NULL, "event_id" uuid NOT NULL, "app_id" character varying(64) NOT NULL, "sequence" bigint NOT NULL, "status" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "delivered_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bbd982228e62b30991f7e59ba7f" PRIMARY KEY ("webhook_id", "event_id"))`,
    );
    await q.query(
      `CREATE INDEX "webhook_messages_pending_idx" ON "hosting"."webhook_messages" ("webhook_id", "app_id", "sequence") WHERE status = 'PENDING'`,
    );
    await q.query(
      `CREATE TABLE "hosting"."webhook_delivery_attempts" ("id" uuid NOT NULL, "webhook_id" uuid NOT NULL, "event_id" uuid NOT NULL, "event_type" character varying(64) NOT NULL, "app_id" character varying(64) NOT NULL, "sequence" bigint NOT NULL, "attempt" integer NOT NULL, "outcome" character varying(16) NOT NULL, "status_code" integer, "error" text, "duration_ms" integer NOT NULL, "next_retry_at" TIMESTAMP(3) WITH TIME ZONE, "attempted_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_59ef9124585b56c18b98548a0c6" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "webhook_delivery_attempts_keyset_idx" ON "hosting"."webhook_delivery_attempts" ("webhook_id", "attempted_at", "id")`,
    );
    await q.query(`
      CREATE FUNCTION "hosting"."record_webhook_event"(p_account uuid, p_app varchar, p_type varchar, p_data jsonb)
      RETURNS uuid LANGUAGE plpgsql AS $$
      DECLARE
        v_at timestamptz := clock_timestamp();
        v_sequence bigint;
        v_id uuid;
      BEGIN
        IF NOT EXISTS (
          SELECT 1 FROM "hosting"."webhooks" w WHERE w.account_id = p_account AND p_type = ANY (w.events)
        ) THEN
          RETURN NULL;
        END IF;
        -- Held until commit: the app's next event waits, so its sequence order is its commit order.
        PERFORM pg_advisory_xact_lock(hashtextextended('hosting.webhook_events:' || p_app, 0));
        SELECT coalesce(max(e.sequence), 0) + 1 INTO v_sequence
          FROM "hosting"."webhook_events" e WHERE e.app_id = p_app;
        v_id := gen_random_uuid();
        INSERT INTO "hosting"."webhook_events" (id, account_id, app_id, type, sequence, payload, created_at)
        VALUES (v_id, p_account, p_app, p_type, v_sequence, jsonb_build_object(
          'type', p_type,
          'timestamp', to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'data', coalesce(p_data, '{}'::jsonb) || jsonb_build_object('appId', p_app, 'sequence', v_sequence)
        ), v_at);
        INSERT INTO "hosting"."webhook_messages" (webhook_id, event_id, app_id, sequence, status, attempts, next_attempt_at)
        SELECT w.id, v_id, p_app, v_sequence, 'PENDING', 0, v_at
          FROM "hosting"."webhooks" w WHERE w.account_id = p_account AND p_type = ANY (w.events);
        PERFORM pg_notify('hosting_webhook_events', p_app);
        RETURN v_id;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION "hosting"."deployment_webhook_event"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        v_type varchar;
        v_row jsonb;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.status = 'EXECUTING' THEN v_type := 'deployment.started'; END IF;
        ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
          v_type := CASE NEW.status
            WHEN 'COMPLETED' THEN 'deployment.succeeded'
            WHEN 'FAILED' THEN 'deployment.failed'
          END;
        END IF;
        IF v_type IS NULL THEN
          RETURN NULL;
        END IF;
        -- Deferred to commit: the row as the transaction leaves it (to_jsonb: a column a later
        -- migration drops reads as null instead of breaking deployments). Null fields are left out.
        SELECT to_jsonb(d) INTO v_row FROM "hosting"."deployment_operations" d WHERE d.id = NEW.id;
        v_row := coalesce(v_row, to_jsonb(NEW));
        PERFORM "hosting"."record_webhook_event"(NEW.account_id, NEW.app_id, v_type, jsonb_strip_nulls(jsonb_build_object(
          'deploymentId', NEW.id,
          'importId', v_row -> 'import_id',
          'status', NEW.status,
          'noOp', CASE WHEN v_type = 'deployment.succeeded' THEN v_row -> 'no_op' END,
          'error', CASE WHEN v_type = 'deployment.failed' THEN jsonb_build_object(
            'code', v_row -> 'failure_code', 'message', v_row -> 'failure_message') END,
          'failure', CASE WHEN v_type = 'deployment.failed' THEN v_row -> 'failure' END
        )));
        RETURN NULL;
      END
      $$`);
    await q.query(
      `CREATE CONSTRAINT TRIGGER "deployment_operations_webhook_events" AFTER INSERT OR UPDATE OF "status" ON "hosting"."deployment_operations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "hosting"."deployment_webhook_event"()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "deployment_operations_webhook_events" ON "hosting"."deployment_operations"`);
    await q.query(`DROP FUNCTION "hosting"."deployment_webhook_event"()`);
    await q.query(`DROP FUNCTION "hosting"."record_webhook_event"(uuid, varchar, varchar, jsonb)`);
    await q.query(`DROP TABLE "hosting"."webhook_delivery_attempts"`);
    await q.query(`DROP TABLE "hosting"."webhook_messages"`);
    await q.query(`DROP TABLE "hosting"."webhook_events"`);
    await q.query(`DROP TABLE "hosting"."webhooks"`);
  }
}
