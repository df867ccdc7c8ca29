/** The profile edit's ID code rule (spec §5): only the format, 11 digits with the first one 1 to 6. */
export function isIdCodeFormatValid(code: string): boolean {
  return /^[1-6]\d{10}$/.test(code);
}
