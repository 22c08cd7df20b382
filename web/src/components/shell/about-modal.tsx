import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import eifuUrl from '../../assets/eifu.svg';
import logoUrl from '../../assets/logo-dark.svg';
import { useSession } from '../../auth/session-context';
import { formatDate } from '../../utils/format';
import { ReleaseNoteModal, useLastRelease } from './release-note-modal';

/** About: logo, reference, UDI, version and build date, RUO notice, manufacturer, eIFU, release note. */
export function AboutModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { publicProperties } = useSession();
  const release = useLastRelease(open);
  const [showRelease, setShowRelease] = useState(false);

  const releaseMatches = Boolean(release && publicProperties && release.version === publicProperties.version);

  return (
    <>
      <Modal
        open={open}
        onCancel={onClose}
        title={t('about.title')}
        footer={<Button onClick={onClose}>{t('common.close')}</Button>}
        data-testid="about-modal"
      >
        <Flex vertical gap={16}>
          <img src={logoUrl} alt={t('app.logoAlt')} height={40} style={{ alignSelf: 'flex-start' }} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('about.reference')}>
              <span data-testid="about-reference">{publicProperties?.reference ?? ''}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('about.udi')}>
              <span data-testid="about-udi">{publicProperties?.udi ?? ''}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('about.version')}>
              <span data-testid="about-version">{publicProperties?.version ?? ''}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('about.buildDate')}>
              <span data-testid="about-build-date">
                {formatDate(publicProperties?.buildDate, i18n.language)}
              </span>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text strong data-testid="about-ruo">
            {t('about.researchUseOnly')}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary">{t('about.manufacturer')}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
              {t('about.manufacturerAddress')}
            </Typography.Paragraph>
          </div>
          <Flex align="center" gap={12}>
            <img src={eifuUrl} alt={t('about.eifuAlt')} width={40} height={40} />
            <Typography.Text>{t('about.eifu')}</Typography.Text>
          </Flex>
          {releaseMatches && (
            <Typography.Link onClick={() => setShowRelease(true)} data-testid="about-release-note">
              {t('about.releaseNoteLink', { version: release?.version ?? '' })}
            </Typography.Link>
          )}
        </Flex>
      </Modal>
      <ReleaseNoteModal release={showRelease ? release : null} onClose={() => setShowRelease(false)} />
    </>
  );
}
