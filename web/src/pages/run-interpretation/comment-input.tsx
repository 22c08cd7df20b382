import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '../../api/runs-api';
import { canSaveComment } from './review-rules';

type CommentInputProps = {
  testId: string;
  placeholder?: string;
  saving: boolean;
  /** Saves the text; the field empties once it is saved. */
  onSave: (value: string) => Promise<unknown>;
};

/** A comment's text field and its Add button, disabled while the text is empty (SPEC 5). */
export function CommentInput({ testId, placeholder, saving, onSave }: CommentInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <Flex gap={8} style={{ marginBottom: 16 }}>
      <Input.TextArea
        data-testid={`${testId}-input`}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
      />
      <Button
        data-testid={`${testId}-save`}
        disabled={!canSaveComment(text)}
        loading={saving}
        onClick={() =>
          void onSave(text).then(
            () => setText(''),
            () => undefined,
          )
        }
      >
        {t('runReview.addComment')}
      </Button>
    </Flex>
  );
}
