import type { ContractStatus } from '@/types/api';

/** Spec §4's contract statuses, in their natural order (the API's own union is ContractStatus). */
export const CONTRACT_STATUSES = ['pending', 'sent', 'signed', 'expired', 'cancelled'] as const satisfies readonly ContractStatus[];
