import { CheckOutlined, CloseOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RunActions } from './use-run-actions';

type RunActionsPanelProps = {
  actions: RunActions;
  canReinterpret: boolean;
  reinterpreting: boolean;
  canSubmit: boolean;
  interpreted: boolean;
  canReview: boolean;
};

/** The buttons under the results: interpret again, submit, reject and approve. */
export function RunActionsPanel({
  actions,
  canReinterpret,
  reinterpreting,
  canSubmit,
  interpreted,
  canReview,
}: RunActionsPanelProps) {
  const { t } = useTranslation();
  const { busy } = actions;
  return (
    <Card size="small">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('runInterpretation.moreActionsLater')}</Typography.Text>
        <Space>
          {canReinterpret && (
            <Button
              icon={<ReloadOutlined />}
              onClick={actions.reinterpret}
              loading={busy}
              disabled={reinterpreting}
              data-testid="run-reinterpret"
            >
              {t('runInterpretation.reinterpret')}
            </Button>
          )}
          {canSubmit && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={actions.submit}
              loading={busy}
              disabled={!interpreted}
              data-testid="run-submit"
            >
              {t('runInterpretation.submit')}
            </Button>
          )}
          {canReview && (
            <>
              <Button
                danger
                icon={<CloseOutlined />}
                onClick={() => actions.review('REJECTED')}
                loading={busy}
                data-testid="run-reject"
              >
                {t('runInterpretation.reject')}
              </Button>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                onClick={() => actions.review('APPROVED')}
                loading={busy}
                data-testid="run-approve"
              >
                {t('runInterpretation.approve')}
              </Button>
            </>
          )}
        </Space>
      </Flex>
    </Card>
  );
}
