/** Injection token of the process's PlatformConfig (provided by the service kit). */
export const PLATFORM_CONFIG = Symbol.for('platform.config');
