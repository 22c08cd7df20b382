import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { LaterRelease } from '../../components/common/later-release';

/**
 * /admin/configuration/kit/analyser/{kitAnalyserId?} (also entered with kitId, versionId,
 * analyserId query parameters): filled by a later issue; says so on screen.
 */
export function KitAnalyserConfigurationPage() {
  const { t } = useTranslation();
  const { kitAnalyserId } = useParams();
  const [search] = useSearchParams();
  const reference = kitAnalyserId ?? search.get('analyserId');
  return (
    <>
      <LaterRelease title={t('configuration.kitAnalyserTitle')} testId="kit-analyser-configuration-page" />
      {reference && (
        <Typography.Text type="secondary">
          {t('configuration.kitAnalyserReference', { id: reference })}
        </Typography.Text>
      )}
    </>
  );
}
