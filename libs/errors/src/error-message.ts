/** The message of anything thrown: an Error's own message, anything else as a string (for logs). */
export function errorMessage(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}
