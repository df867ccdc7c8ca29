/** The register form's fields an eID certificate fills (issue 34): read-only once it has. */
const VERIFIED_FIELDS = ['fullName', 'idCode', 'dateOfBirth'] as const;
export type VerifiedField = (typeof VERIFIED_FIELDS)[number];

export function isVerifiedField(name: string): name is VerifiedField {
  return (VERIFIED_FIELDS as readonly string[]).includes(name);
}
