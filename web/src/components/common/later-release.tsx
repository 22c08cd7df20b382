import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen whose content a later issue fills: its title and a plain statement saying so. */
export function LaterRelease({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card data-testid={testId}>
      <Result
        icon={<ClockCircleOutlined />}
        title={<span data-testid="page-title">{title}</span>}
        subTitle={<span data-testid="later-release">{t('common.laterRelease')}</span>}
      />
    </Card>
  );
}
