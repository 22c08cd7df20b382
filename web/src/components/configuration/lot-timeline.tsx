import { Empty, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configurationKeys, getLotChanges } from '../../api/configuration-api';

/** The lot's history: kit version and field changes merged, newest first (the server's audit log). */
export function LotTimeline(props: { lotId: string }) {
  const { t, i18n } = useTranslation();
  const changes = useQuery({
    queryKey: configurationKeys.lotChanges(props.lotId),
    queryFn: () => getLotChanges(props.lotId),
  });
  if (changes.isError)
    return <Typography.Text type="danger">{t('lotConfiguration.timelineError')}</Typography.Text>;
  if (!changes.data?.length)
    return <Empty description={t('lotConfiguration.noChanges')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="lot-timeline"
      items={changes.data.map((change) => ({
        color: change.type === 'INSERT' ? 'green' : 'blue',
        content: (
          <>
            <Typography.Text strong>
              {change.type === 'INSERT'
                ? t('lotConfiguration.created')
                : t('lotConfiguration.changed', {
                    fields: change.modifications
                      .map((field) => t(`lotConfiguration.field.${field}`))
                      .join(', '),
                  })}
            </Typography.Text>
            {change.kitVersion && (
              <div>{t('lotConfiguration.versionBadge', { version: change.kitVersion.version })}</div>
            )}
            <Typography.Text type="secondary">
              {t('lotConfiguration.by', {
                user: change.userName,
                date: new Date(change.modificationDate).toLocaleString(i18n.language),
              })}
            </Typography.Text>
          </>
        ),
      }))}
    />
  );
}
