import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommentInput } from './comment-input';
import { CommentList } from './comment-list';
import { useRunComments } from './use-run-comments';

type WellCommentsProps = {
  runId: string;
  canUpdate: boolean;
  /** Selected wells (position -> id): their comments are shown, a new comment goes to each. */
  selectedWells: ReadonlyMap<string, string>;
};

/** The well comments of the well interpretation panel (SPEC 2): the selected wells' comments, and a new one for them. */
export function WellComments({ runId, canUpdate, selectedWells }: WellCommentsProps) {
  const { t } = useTranslation();
  const { comments, addWells, edit } = useRunComments(runId);
  const positionById = new Map([...selectedWells.entries()].map(([position, id]) => [id, position]));
  const shown = comments.filter((comment) => comment.wellId !== null && positionById.has(comment.wellId));
  return (
    <Flex vertical data-testid="well-comments">
      <Typography.Text strong>{t('runReview.wellComments')}</Typography.Text>
      <CommentList
        comments={shown}
        canUpdate={canUpdate}
        wellLabel={(comment) => (comment.wellId ? positionById.get(comment.wellId) : undefined)}
        onEdit={(id, value) => edit.mutateAsync({ id, value })}
      />
      {canUpdate && selectedWells.size > 0 && (
        <CommentInput
          testId="well-comment"
          placeholder={t('runReview.wellCommentPlaceholder', { count: selectedWells.size })}
          saving={addWells.isPending}
          onSave={(value) => addWells.mutateAsync({ wellIds: [...selectedWells.values()], value })}
        />
      )}
    </Flex>
  );
}
