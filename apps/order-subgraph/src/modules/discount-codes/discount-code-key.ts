/** A code as stored and looked up: trimmed, upper case (codes are case-insensitive per store). */
export const codeKeyOf = (code: string) => code.trim().toUpperCase();
