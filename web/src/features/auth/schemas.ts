import { z } from 'zod';
import { MINIMUM_AGE } from '@/lib/company';
import { isAtLeastAge, todayInTallinn } from '@/lib/dates';
import { errorCodeKey } from '@/lib/api-client';
import { validateEstonianId } from '@/lib/estonian-id';
import { signatureError } from './signature';

/*
 * Messages are keys of the `common` namespace (validation.*, and errors.codes.* where the server names the
 * same rule by that code). Their English texts are exactly those of spec §5; FieldError translates them
 * into the current language.
 */

/** The Estonian ID code check (spec §5): the message names the first rule the code breaks. */
export const estonianIdCodeSchema = z.string().superRefine((value, context) => {
  const { error } = validateEstonianId(value);
  if (error) context.addIssue({ code: 'custom', message: errorCodeKey(error) });
});

export const loginSchema = z.object({
  username: z.string().min(1, 'validation.usernameRequired'),
  password: z.string().min(1, 'validation.passwordRequired'),
});

export type LoginValues = z.infer<typeof loginSchema>;

const mustBeTrue = (message: string) => z.boolean().refine((value) => value, { message });

export const registerSchema = z
  .object({
    username: z.string().min(4, 'validation.usernameMin'),
    fullName: z.string().min(2, 'validation.fullNameMin'),
    email: z.email('validation.email'),
    phone: z.string().min(7, 'validation.phoneMin'),
    // Age counted by the exact birthday, in Tallinn's calendar (spec §5: at least 21).
    dateOfBirth: z.string().refine((value) => isAtLeastAge(value, MINIMUM_AGE, todayInTallinn()), {
      message: 'validation.age',
    }),
    idCode: estonianIdCodeSchema,
    city: z.string().min(2, 'validation.city'),
    // Optional with eID (issue 34): checked below.
    password: z.string(),
    confirmPassword: z.string(),
    consentTerms: mustBeTrue('validation.consentTerms'),
    consentPrivacy: mustBeTrue('validation.consentPrivacy'),
    employmentContract: mustBeTrue('validation.employmentContract'),
    // Filled by the contract dialog when the applicant signs.
    contractSignedName: z.string(),
    contractSignedIdCode: z.string(),
    // Issue 34: the eID session whose certificate gave the name, ID code and date of birth ('' when typed).
    eidSessionId: z.string(),
  })
  .refine((values) => values.password.length >= 8 || (values.eidSessionId !== '' && values.password === ''), {
    message: 'validation.passwordMin',
    path: ['password'],
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'validation.passwordsMatch',
    path: ['confirmPassword'],
  })
  .superRefine((values, context) => {
    // Issue 13: the date of birth is the one the ID code carries, so the age rule holds for the code too.
    const { birthDate } = validateEstonianId(values.idCode);
    if (birthDate && values.dateOfBirth && values.dateOfBirth !== birthDate) {
      context.addIssue({ code: 'custom', message: errorCodeKey('date_of_birth_mismatch'), path: ['dateOfBirth'] });
    }
    // A name or ID code changed in the form after signing: the signature is someone else's now.
    if (!values.employmentContract) return;
    const error = signatureError(
      { name: values.contractSignedName, idCode: values.contractSignedIdCode },
      { name: values.fullName, idCode: values.idCode },
    );
    if (error) context.addIssue({ code: 'custom', message: error, path: ['employmentContract'] });
  });

export type RegisterValues = z.infer<typeof registerSchema>;

export const REGISTER_DEFAULTS: RegisterValues = {
  username: '',
  fullName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  idCode: '',
  city: '',
  password: '',
  confirmPassword: '',
  consentTerms: false,
  consentPrivacy: false,
  employmentContract: false,
  contractSignedName: '',
  contractSignedIdCode: '',
  eidSessionId: '',
};

/*
 * Issue 14: password reset and account self-service. A new password follows registration's rules and messages.
 */
const newPasswordFields = {
  password: z.string().min(8, 'validation.passwordMin'),
  confirmPassword: z.string(),
};

const passwordsMatch = {
  check: (values: { password: string; confirmPassword: string }) => values.password === values.confirmPassword,
  issue: { message: 'validation.passwordsMatch', path: ['confirmPassword'] },
};

export const forgotPasswordSchema = z.object({
  login: z.string().trim().min(1, 'validation.loginRequired'),
});

export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object(newPasswordFields).refine(passwordsMatch.check, passwordsMatch.issue);

export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'validation.passwordRequired'), ...newPasswordFields })
  .refine(passwordsMatch.check, passwordsMatch.issue);

export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  email: z.email('validation.email'),
  currentPassword: z.string().min(1, 'validation.passwordRequired'),
});

export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;
