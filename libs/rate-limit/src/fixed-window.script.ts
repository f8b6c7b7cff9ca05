// No imports: scripts/bench/reference-servers.js loads the compiled file to run the same script.

/**
 * A fixed window anchored at its first hit, in one round trip: the increment, the expiry of a new
 * window and the read of the remaining time happen atomically, so concurrent requests from any
 * number of processes are counted exactly. The TTL repair covers a key that lost its expiry
 * (a PERSIST by hand), which would otherwise block a credential for ever.
 */
export const FIXED_WINDOW_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
