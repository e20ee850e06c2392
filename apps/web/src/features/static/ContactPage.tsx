import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@zevar/domain';
import { TextAreaField, TextField } from '../../components/FormFields';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  CONTACT_SENDING_MS,
  CONTACT_SUCCESS_MS,
  contactFormSchema,
  emptyContactForm,
  type ContactForm,
} from './contact-form';

const DETAILS = [
  ['Visit us', '14 Johari Bazaar, Jaipur, Rajasthan 302003, India'],
  ['Email', 'support@zevar.in'],
  ['Phone', '+91 98765 43210'],
  ['Hours', 'Monday to Saturday, 10:00 AM to 8:00 PM'],
] as const;
const SOCIAL = [
  ['Instagram', 'https://www.instagram.com/'],
  ['Facebook', 'https://www.facebook.com/'],
  ['YouTube', 'https://www.youtube.com/'],
] as const;

/** Contact details and a form; nothing is sent to a server (storefront spec section 4). */
export default function ContactPage() {
  useDocumentTitle('Contact Us');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  const form = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema),
    mode: 'onTouched',
    defaultValues: emptyContactForm,
  });
  const { errors, isValid } = form.formState;

  const onSubmit = () => {
    setSending(true);
    timers.current.push(
      window.setTimeout(() => {
        setSending(false);
        form.reset(emptyContactForm);
        setSent(true);
        timers.current.push(window.setTimeout(() => setSent(false), CONTACT_SUCCESS_MS));
      }, CONTACT_SENDING_MS),
    );
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-[2fr_3fr]">
      <section aria-labelledby="contact-title" className="space-y-6">
        <div>
          <p className="eyebrow">We are here to help</p>
          <h1 id="contact-title" className="mt-2 text-3xl sm:text-4xl">
            Contact Us
          </h1>
        </div>
        <dl className="space-y-4">
          {DETAILS.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm font-semibold">{label}</dt>
              <dd className="text-taupe">{value}</dd>
            </div>
          ))}
        </dl>
        <ul className="flex gap-3" aria-label="Social links">
          {SOCIAL.map(([label, href]) => (
            <li key={label}>
              <a href={href} target="_blank" rel="noopener noreferrer" className="link text-sm">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        className="card space-y-4 p-6"
        aria-label="Contact form"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            required
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label="Email"
            required
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Phone"
            required
            inputMode="numeric"
            maxLength={10}
            autoComplete="tel-national"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField label="Subject" required error={errors.subject?.message} {...form.register('subject')} />
        </div>
        <TextAreaField
          label="Message"
          required
          rows={5}
          error={errors.message?.message}
          {...form.register('message')}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={!isValid || sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
        {sent && (
          <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800">
            {MSG.contactSuccess}
          </p>
        )}
      </form>
    </div>
  );
}
