import {
  ERROR_TITLE,
  GENERIC_ERROR_MESSAGE,
  SERVER_NOT_RESPONDING_MESSAGE,
  SESSION_ENDED_MESSAGE,
  SUCCESS_TITLE,
} from './first-script-messages';

/** Texts from the specification, word for word. */
export const MSG = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  minChars: (n: number) => `Minimum ${n} characters required`,
  phone10: 'Please enter a valid 10-digit phone number',
  pincode6: 'Please enter a valid 6-digit pincode',
  password:
    'Password must contain at least 8 characters, one uppercase, one lowercase, one number and one special character',
  passwordsMismatch: 'Passwords do not match',
  invalidFormat: 'Invalid format',
  invalidInput: 'Invalid input',
  formValidationError: 'Form Validation Error',
  registrationSuccess: 'Registration successful! Please login with your credentials.',
  registrationFailed: 'Registration failed. Please try again.',
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed. Please check your credentials.',
  fillAllRequired: 'Please fill all required fields',
  validationError: 'Validation Error',
  contactPhone: 'Please enter a valid phone number',
  contactSuccess: "Thank you for your message! We'll get back to you soon.",
  successTitle: SUCCESS_TITLE,
  errorTitle: ERROR_TITLE,
  serverNotResponding: SERVER_NOT_RESPONDING_MESSAGE,
  genericError: GENERIC_ERROR_MESSAGE,
  sessionEnded: SESSION_ENDED_MESSAGE,
  vendorLoadFailed: 'Failed to load vendor details',
  vendorSlugMissing: 'Please enter your website name to create your vendor page',
  uploadingImage: 'Uploading Image',
} as const;
