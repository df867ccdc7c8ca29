import { z } from 'zod';

/*
 * Spec §5 contact rules. Messages are keys of the `common` namespace (validation.*); FieldError
 * translates them (English texts exactly as in the spec).
 */
export const contactSchema = z.object({
  name: z.string().trim().min(2, 'validation.nameMin'),
  email: z.email('validation.email'),
  subject: z.string().trim().min(2, 'validation.subjectMin'),
  message: z.string().trim().min(10, 'validation.messageMin'),
});

export type ContactValues = z.infer<typeof contactSchema>;

export const CONTACT_DEFAULTS: ContactValues = { name: '', email: '', subject: '', message: '' };

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
