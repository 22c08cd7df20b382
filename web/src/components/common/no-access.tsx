import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown on a screen the user's roles do not open. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('common.noAccessTitle')}
      subTitle={t('common.noAccess')}
      data-testid="no-access"
    />
  );
}
