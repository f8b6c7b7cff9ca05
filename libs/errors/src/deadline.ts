/**
 * `work`, or a rejection with `new Error(message)` once `ms` have passed without it settling. The
 * work itself is not cancelled (a Redis command, a shutdown): the caller stops waiting for it.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const overtime = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, overtime]);
  } finally {
    clearTimeout(timer);
  }
}
