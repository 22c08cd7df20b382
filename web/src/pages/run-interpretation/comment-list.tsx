import { Button, Flex, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH, type RunComment } from '../../api/runs-api';
import { formatDateTime } from '../../utils/format';
import { canSaveComment } from './review-rules';

type CommentListProps = {
  comments: RunComment[];
  canUpdate: boolean;
  /** The well a comment is about (its position), shown before its author. */
  wellLabel?: (comment: RunComment) => string | undefined;
  /** Saves an edited comment; resolves once saved. */
  onEdit: (id: string, value: string) => Promise<unknown>;
};

/** Comments with author and date; the author edits their own while the run can be updated (SPEC 5). */
export function CommentList({ comments, canUpdate, wellLabel, onEdit }: CommentListProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<{ id: string; value: string } | null>(null);
  const renderComment = (comment: RunComment) => (
    <List.Item
      key={comment.id}
      data-testid={`comment-${comment.id}`}
      actions={
        comment.editable && canUpdate && editing?.id !== comment.id
          ? [
              <Button
                key="edit"
                size="small"
                onClick={() => setEditing({ id: comment.id, value: comment.value })}
              >
                {t('runReview.editComment')}
              </Button>,
            ]
          : []
      }
    >
      <Flex vertical style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {[
            wellLabel?.(comment),
            comment.technicianName,
            formatDateTime(comment.creationDateTime, i18n.language),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
        {editing?.id === comment.id ? (
          <Flex gap={8}>
            <Input.TextArea
              value={editing.value}
              maxLength={COMMENT_MAX_LENGTH}
              onChange={(event) => setEditing({ id: comment.id, value: event.target.value })}
            />
            <Button
              type="primary"
              disabled={!canSaveComment(editing.value)}
              onClick={() =>
                void onEdit(editing.id, editing.value).then(
                  () => setEditing(null),
                  () => undefined,
                )
              }
            >
              {t('runReview.saveComment')}
            </Button>
          </Flex>
        ) : (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {comment.value}
          </Typography.Paragraph>
        )}
      </Flex>
    </List.Item>
  );
  return (
    <List
      size="small"
      dataSource={comments}
      renderItem={renderComment}
      locale={{ emptyText: t('runReview.noComment') }}
    />
  );
}
