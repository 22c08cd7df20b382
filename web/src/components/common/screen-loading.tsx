import { useTranslation } from 'react-i18next';
import { LoadingBlock } from './loading-block';

/** Shown while a screen's code loads on first visit. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return <LoadingBlock text={t('common.loadingScreen')} testId="screen-loading" />;
}
