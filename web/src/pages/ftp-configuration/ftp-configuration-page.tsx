import { useTranslation } from 'react-i18next';
import { LaterRelease } from '../../components/common/later-release';

/** /admin/configuration/ftp (configuration-ftp): filled by a later issue; says so on screen. */
export function FtpConfigurationPage() {
  const { t } = useTranslation();
  return <LaterRelease title={t('configuration.ftpTitle')} testId="ftp-configuration-page" />;
}
