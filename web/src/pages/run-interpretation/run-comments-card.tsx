import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addRunComment,
  addWellsComment,
  COMMENT_MAX_LENGTH,
  getRunComments,
  type RunComment,
  updateRunComment,
} from '../../api/runs-api';
import { queryKeys } from '../../api/query-keys';
import { formatDateTime } from '../../utils/format';
import { useNotify } from '../../notifications/use-notify';
import { canSaveComment } from './review-rules';
import { useLoadErrorNotice } from '../../notifications/use-load-error';

type RunCommentsCardProps = {
  runId: string;
  canUpdate: boolean;
  /** Selected wells (position -> id): well comments go to them. */
  selectedWells: ReadonlyMap<string, string>;
};

/** Run comments and well comments (SPEC 2, 4): plain text, only the author edits, save disabled when empty. */
export function RunCommentsCard({ runId, canUpdate, selectedWells }: RunCommentsCardProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const key = [...queryKeys.run.results(runId), 'comments'];
  const comments = useQuery({ queryKey: key, queryFn: () => getRunComments(runId) });
  useLoadErrorNotice(comments, t('runReview.commentsLoadError'));
  const [runText, setRunText] = useState('');
  const [wellText, setWellText] = useState('');
  const [editing, setEditing] = useState<{ id: string; value: string } | null>(null);
  const done = (list: RunComment[]) => client.setQueryData(key, list);
  const onError = (error: unknown) => notify.error(t('runReview.commentError'), error);
  const addRun = useMutation({
    mutationFn: () => addRunComment(runId, runText.trim()),
    onSuccess: (list) => (done(list), setRunText('')),
    onError,
  });
  const addWells = useMutation({
    mutationFn: () => addWellsComment(runId, [...selectedWells.values()], wellText.trim()),
    onSuccess: (list) => (done(list), setWellText('')),
    onError,
  });
  const edit = useMutation({
    mutationFn: (value: { id: string; value: string }) =>
      updateRunComment(runId, value.id, value.value.trim()),
    onSuccess: (list) => (done(list), setEditing(null)),
    onError,
  });
  const positionById = new Map([...selectedWells.entries()].map(([position, id]) => [id, position]));
  const selectedIds = new Set(selectedWells.values());
  const runComments = (comments.data ?? []).filter((comment) => comment.wellId === null);
  const wellComments = (comments.data ?? []).filter(
    (comment) => comment.wellId && selectedIds.has(comment.wellId),
  );

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
            comment.wellId ? positionById.get(comment.wellId) : null,
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
              onClick={() => edit.mutate(editing)}
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
    <Card title={t('runReview.comments')} data-testid="run-comments">
      <Typography.Text strong>{t('runReview.wellComments')}</Typography.Text>
      <List
        size="small"
        dataSource={wellComments}
        renderItem={renderComment}
        locale={{ emptyText: t('runReview.noComment') }}
      />
      {canUpdate && selectedWells.size > 0 && (
        <Flex gap={8} style={{ marginBottom: 16 }}>
          <Input.TextArea
            data-testid="well-comment-input"
            value={wellText}
            maxLength={COMMENT_MAX_LENGTH}
            placeholder={t('runReview.wellCommentPlaceholder', { count: selectedWells.size })}
            onChange={(event) => setWellText(event.target.value)}
          />
          <Button
            data-testid="well-comment-save"
            disabled={!canSaveComment(wellText)}
            loading={addWells.isPending}
            onClick={() => addWells.mutate()}
          >
            {t('runReview.addComment')}
          </Button>
        </Flex>
      )}
      <Typography.Text strong>{t('runReview.runComments')}</Typography.Text>
      <List
        size="small"
        dataSource={runComments}
        renderItem={renderComment}
        locale={{ emptyText: t('runReview.noComment') }}
      />
      {canUpdate && (
        <Flex gap={8}>
          <Input.TextArea
            data-testid="run-comment-input"
            value={runText}
            maxLength={COMMENT_MAX_LENGTH}
            onChange={(event) => setRunText(event.target.value)}
          />
          <Button
            data-testid="run-comment-save"
            disabled={!canSaveComment(runText)}
            loading={addRun.isPending}
            onClick={() => addRun.mutate()}
          >
            {t('runReview.addComment')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
