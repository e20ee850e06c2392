import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldChrome {
  label: string;
  /** Validation message; marks the control aria-invalid and is announced. */
  error?: string;
  /** Helper or status text under the control. */
  hint?: ReactNode;
  /** Shows the required mark (the asterisk is CSS, so the accessible name stays the plain label). */
  required?: boolean;
  className?: string;
}

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, errorId: `${controlId}-error`, hintId: `${controlId}-hint` };
}

function describedBy(ids: { errorId: string; hintId: string }, error?: string, hint?: ReactNode) {
  return [error ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean).join(' ') || undefined;
}

function Chrome({
  label,
  error,
  hint,
  required,
  className = '',
  ids,
  children,
}: FieldChrome & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={ids.controlId} className={`label ${required ? 'label-required' : ''}`}>
        {label}
      </label>
      {children}
      {hint && (
        <div id={ids.hintId} className="mt-1 text-xs text-taupe">
          {hint}
        </div>
      )}
      {error && (
        <p id={ids.errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'required'> & { ref?: Ref<HTMLInputElement> };

/** Labelled input; spread react-hook-form's register() result into it. */
export function TextField({ label, error, hint, required, className, id, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Chrome label={label} error={error} hint={hint} required={required} className={className} ids={ids}>
      <input
        ref={ref}
        id={ids.controlId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, error, hint)}
        {...input}
      />
    </Chrome>
  );
}

type TextAreaFieldProps = FieldChrome &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'required'> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

export function TextAreaField({
  label,
  error,
  hint,
  required,
  className,
  id,
  ref,
  ...input
}: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Chrome label={label} error={error} hint={hint} required={required} className={className} ids={ids}>
      <textarea
        ref={ref}
        id={ids.controlId}
        rows={4}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, error, hint)}
        {...input}
      />
    </Chrome>
  );
}

type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'required'> & {
    ref?: Ref<HTMLSelectElement>;
    options: readonly string[];
    placeholder?: string;
  };

export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  id,
  ref,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Chrome label={label} error={error} hint={hint} required={required} className={className} ids={ids}>
      <select
        ref={ref}
        id={ids.controlId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, error, hint)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Chrome>
  );
}
