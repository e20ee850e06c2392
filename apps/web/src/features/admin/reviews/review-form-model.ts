import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from '@zevar/domain';

export type ReviewDraft = { name: string; rating: number; comment: string; photos: string[] };

export type ReviewDraftErrors = Partial<Record<'name' | 'comment' | 'rating' | 'photos', string>>;

export const emptyDraft = (): ReviewDraft => ({ name: '', rating: 0, comment: '', photos: [] });

/** Review forms (admin): rating 1 to 5, name and comment required, at most five photos. */
export function validateDraft(d: ReviewDraft): ReviewDraftErrors {
  const errors: ReviewDraftErrors = {};
  if (!d.name.trim()) errors.name = REVIEW_MESSAGES.nameRequired;
  if (!d.comment.trim()) errors.comment = REVIEW_MESSAGES.commentRequired;
  if (!Number.isInteger(d.rating) || d.rating < 1 || d.rating > 5) errors.rating = 'Please choose a rating';
  if (d.photos.length > MAX_REVIEW_PHOTOS) errors.photos = `At most ${MAX_REVIEW_PHOTOS} photos`;
  return errors;
}

export const isValidDraft = (d: ReviewDraft) => Object.keys(validateDraft(d)).length === 0;

export const toBody = (d: ReviewDraft) => ({
  name: d.name.trim(),
  rating: d.rating,
  comment: d.comment.trim(),
  photos: d.photos,
});
