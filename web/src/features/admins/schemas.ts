import { z } from 'zod';
import { errorCodeKey } from '@/lib/api-client';

/*
 * Messages are keys of the `common` namespace (validation.*, and errors.codes.* where the server names the same
 * rule by that code), which FieldError shows in the current language.
 */

/** As long as the command line asks of an admin (identity's ADMIN_PASSWORD_MIN_LENGTH). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const inviteAdminSchema = z.object({
  fullName: z.string().trim().min(2, 'validation.fullNameMin'),
  email: z.string().trim().pipe(z.email('validation.email')),
  language: z.enum(['et', 'en']),
});

export type InviteAdminValues = z.input<typeof inviteAdminSchema>;

export const acceptInvitationSchema = z
  .object({
    username: z.string().trim().min(4, 'validation.usernameMin'),
    password: z.string().min(ADMIN_PASSWORD_MIN_LENGTH, errorCodeKey('admin_password_too_short')),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'validation.passwordsMatch',
    path: ['confirmPassword'],
  });

export type AcceptInvitationValues = z.input<typeof acceptInvitationSchema>;
