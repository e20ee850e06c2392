import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_ADMIN_MESSAGES, type ReviewStatus } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { TITLE } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';
import { reviewKeys, reviewsApi } from './reviews-api';

/** Publish or hold a review, then refresh every review list (the queue, the products, the product's reviews). */
export function useModeration() {
  const dialog = useDialog();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ReviewStatus }) => reviewsApi.moderate(id, status),
    onSuccess: async (review) => {
      await qc.invalidateQueries({ queryKey: reviewKeys.all });
      await dialog.success(
        TITLE.success,
        review.status === 'PUBLISHED' ? REVIEW_ADMIN_MESSAGES.published : REVIEW_ADMIN_MESSAGES.held,
      );
    },
    onError: (err) => dialog.error(TITLE.error, failure('Failed to update review', err)),
  });
}
