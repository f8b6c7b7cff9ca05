/**
 * Which releases keep their build (docs/hosting.md, "Releases and rollback"): the newest `kept`
 * (HOSTING_RELEASES_KEPT) of each variant. Versions of a variant are 1, 2, … without gaps, so the
 * newest `kept` are those above `latest - kept`. The build pruner keeps exactly their builds (and
 * their secrets versions); an older release answers 409 RELEASE_NOT_AVAILABLE to a rollback.
 */
export function oldestKeptVersion(latestVersion: number, kept: number): number {
  return Math.max(1, latestVersion - kept + 1);
}

/** Whether the release `version` of a variant whose newest is `latestVersion` can be rolled back to. */
export function isEligibleForRollback(version: number, latestVersion: number, kept: number): boolean {
  return version >= oldestKeptVersion(latestVersion, kept) && version <= latestVersion;
}
