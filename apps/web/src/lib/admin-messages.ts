import { MSG } from '@zevar/domain';

/** Dialog titles and the specification's catalogue texts, word for word. */
export const TITLE = {
  success: MSG.successTitle,
  error: MSG.errorTitle,
  validation: MSG.validationError,
} as const;
export const FILL_REQUIRED = MSG.fillAllRequired;
export const UPLOAD_FAILED = 'Failed to upload image';
