import type { EntityManager } from 'typeorm';

/**
 * Takes the account's plans lock for the rest of `manager`'s transaction: every attach and every
 * internal provisioning of one account runs under it, so slot counting, "provision when none" and
 * "one plan per reference" never race (across API replicas too).
 */
export async function lockAccountPlans(manager: EntityManager, accountId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('hosting.subscriptions'), hashtext($1))`, [
    accountId,
  ]);
}
