import {
  ArrowLeftOutlined,
  CheckOutlined,
  CloseOutlined,
  ExportOutlined,
  ReloadOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Button, Card, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ReviewStatus } from '../../api/types';
import type { RunActions } from './use-run-actions';

/** Reject, then approve (SPEC 4 review by a physician). */
const REVIEW_BUTTONS: {
  status: ReviewStatus;
  icon: React.ReactNode;
  testId: string;
  label: string;
  primary: boolean;
}[] = [
  {
    status: 'REJECTED',
    icon: <CloseOutlined />,
    testId: 'run-reject',
    label: 'runInterpretation.reject',
    primary: false,
  },
  {
    status: 'APPROVED',
    icon: <CheckOutlined />,
    testId: 'run-approve',
    label: 'runInterpretation.approve',
    primary: true,
  },
];

type RunActionsPanelProps = {
  actions: RunActions;
  canReinterpret: boolean;
  reinterpreting: boolean;
  canSubmit: boolean;
  interpreted: boolean;
  canReview: boolean;
  /** Shows the export window in the right-hand panel; null while there is nothing to export. */
  onExport: (() => void) | null;
  /** The buttons after approve: delete run, send file. */
  children?: ReactNode;
};

/**
 * The footer of run interpretation (SPEC 2): cancel-run (back to the run list), interpret again,
 * export, submit, reject, approve, then the children (delete run, send file).
 */
export function RunActionsPanel({
  actions,
  canReinterpret,
  reinterpreting,
  canSubmit,
  interpreted,
  canReview,
  onExport,
  children,
}: RunActionsPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy } = actions;
  return (
    <Card size="small" data-testid="run-footer">
      <Flex justify="flex-end" align="center" wrap gap={8}>
        <Space wrap>
          {/* SPEC 2 footer "cancel-run": leave the run as it is and go back to the run list. */}
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/')} data-testid="run-cancel">
            {t('runInterpretation.cancelRun')}
          </Button>
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
          {onExport && (
            <Button icon={<ExportOutlined />} onClick={onExport} data-testid="run-export">
              {t('exportWindow.open')}
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
          {canReview &&
            REVIEW_BUTTONS.map(({ status, icon, testId, label, primary }) => (
              <Button
                key={status}
                type={primary ? 'primary' : undefined}
                danger={!primary}
                icon={icon}
                onClick={() => actions.review(status)}
                loading={busy}
                data-testid={testId}
              >
                {t(label)}
              </Button>
            ))}
          {children}
        </Space>
      </Flex>
    </Card>
  );
}
