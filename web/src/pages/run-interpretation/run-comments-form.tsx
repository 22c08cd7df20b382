import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommentInput } from './comment-input';
import { CommentList } from './comment-list';
import { useRunComments } from './use-run-comments';

type RunCommentsProps = { runId: string; canUpdate: boolean };

/** The run's own comments (not a well's) and a field for a new one (SPEC 2, 5). */
export function RunComments({ runId, canUpdate }: RunCommentsProps) {
  const { t } = useTranslation();
  const { comments, addRun, edit } = useRunComments(runId);
  return (
    <Flex vertical data-testid="run-comments">
      <Typography.Text strong>{t('runReview.runComments')}</Typography.Text>
      <CommentList
        comments={comments.filter((comment) => comment.wellId === null)}
        canUpdate={canUpdate}
        onEdit={(id, value) => edit.mutateAsync({ id, value })}
      />
      {canUpdate && (
        <CommentInput
          testId="run-comment"
          saving={addRun.isPending}
          onSave={(value) => addRun.mutateAsync(value)}
        />
      )}
    </Flex>
  );
}

/** The run comments form of run interpretation's right-hand side (SPEC 2). */
export function RunCommentsForm(props: RunCommentsProps) {
  return (
    <Card>
      <RunComments {...props} />
    </Card>
  );
}
