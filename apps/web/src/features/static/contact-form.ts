import { z } from 'zod';
import { MSG } from '@zevar/domain';

export const CONTACT_SENDING_MS = 1500;
export const CONTACT_SUCCESS_MS = 5000;

const required = z.string().trim().min(1, MSG.required);

/** Contact form rules (storefront spec section 5). */
export const contactFormSchema = z.object({
  name: required.min(3, MSG.minChars(3)).max(100, MSG.invalidInput),
  email: required.email(MSG.email),
  phone: required.regex(/^\d{10}$/, MSG.contactPhone),
  subject: required.max(150, MSG.invalidInput),
  message: required.min(20, MSG.minChars(20)).max(2000, MSG.invalidInput),
});
export type ContactForm = z.infer<typeof contactFormSchema>;
export const emptyContactForm: ContactForm = { name: '', email: '', phone: '', subject: '', message: '' };
