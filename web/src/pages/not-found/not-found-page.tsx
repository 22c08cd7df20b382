import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** /404: every unknown path lands here. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<span data-testid="page-title">{t('notFound.title')}</span>}
      subTitle={t('notFound.message')}
      data-testid="not-found-page"
      extra={
        <Link to="/">
          <Button type="primary">{t('notFound.backToRuns')}</Button>
        </Link>
      }
    />
  );
}
