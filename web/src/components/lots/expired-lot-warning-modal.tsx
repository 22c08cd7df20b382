import { Modal, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLots } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { isExpired } from '../configuration/lot-list';

const DISMISSED_KEY = 'amplio.expiredLotsDismissed';

/** Warns once per session that active lots of the laboratory have expired (SPEC 2 shell). */
export function ExpiredLotWarningModal() {
  const { t, i18n } = useTranslation();
  const lots = useQuery({ queryKey: queryKeys.lots, queryFn: getLots });
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === 'yes');
  const expired = (lots.data ?? []).filter((lot) => lot.active && isExpired(lot));
  const close = () => {
    sessionStorage.setItem(DISMISSED_KEY, 'yes');
    setDismissed(true);
  };
  return (
    <Modal
      open={!dismissed && expired.length > 0}
      title={t('lotChanges.expiredTitle')}
      onOk={close}
      onCancel={close}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="expired-lot-modal"
    >
      <Typography.Paragraph>{t('lotChanges.expiredIntro')}</Typography.Paragraph>
      <ul>
        {expired.map((lot) => (
          <li key={lot.id}>
            {t('lotChanges.expiredLine', {
              lot: lot.name,
              kit: lot.kit.name,
              date: new Date(lot.expirationDate).toLocaleDateString(i18n.language),
            })}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
