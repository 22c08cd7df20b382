import { Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The screen's heading; also sets the document title. */
export function PageTitle({ title, extra }: { title: string; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {title}
      </Typography.Title>
      {extra}
    </div>
  );
}
