import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../notifications/error-detail';
import { LoadingBlock } from '../common/loading-block';

type StartupScreenProps = { state: 'signingIn' } | { state: 'failed'; error: unknown };

/** What the page shows before the app mounts: signing in, or why start-up failed. */
export function StartupScreen(props: StartupScreenProps) {
  const { t } = useTranslation();
  if (props.state === 'signingIn') {
    return (
      <div
        style={{ display: 'grid', placeItems: 'center', height: '100vh' }}
        data-testid="startup-signing-in"
      >
        <LoadingBlock text={t('startup.signingIn')} />
      </div>
    );
  }
  const retry = (): void => {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('oidc.')) window.localStorage.removeItem(key);
    }
    window.location.replace('/');
  };
  return (
    <Result
      status="error"
      title={t('startup.failed')}
      subTitle={errorDetail(props.error)}
      data-testid="startup-failed"
      extra={
        <Button type="primary" onClick={retry}>
          {t('startup.retry')}
        </Button>
      }
    />
  );
}
