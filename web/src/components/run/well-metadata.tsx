import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Run, WellInterpretation } from '../../api/types';
import { useSession } from '../../auth/session-context';
import { reasonText, resultText } from '../../view-models/well-interpretation-view-model';

/** Metadata of the one selected well: name, sample type, kit (its version for doctors and admins, SPEC 6), lot, result. */
export function WellMetadata({
  run,
  selected,
  interpretation,
}: {
  run: Run;
  selected: ReadonlySet<string>;
  interpretation: WellInterpretation[];
}) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  if (selected.size !== 1) {
    return (
      <Typography.Paragraph type="secondary" data-testid="well-metadata-hint">
        {t('wellMetadata.selectOne')}
      </Typography.Paragraph>
    );
  }
  const [position] = [...selected];
  const well = run.wells[position];
  const result = interpretation.find((item) => item.position === position);
  const reason = result ? reasonText(result, t) : null;
  return (
    <Descriptions size="small" column={1} bordered data-testid="well-metadata">
      <Descriptions.Item label={t('wellMetadata.position')}>{position}</Descriptions.Item>
      <Descriptions.Item label={t('wellMetadata.name')}>{well?.name ?? result?.name ?? ''}</Descriptions.Item>
      <Descriptions.Item label={t('wellMetadata.sampleType')}>
        {well?.sampleType ? t(`sampleType.${well.sampleType}`) : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('wellMetadata.kit')}>{well?.kitName ?? ''}</Descriptions.Item>
      {(permissions.isDoctor || permissions.isAdmin) && (
        <Descriptions.Item label={t('wellMetadata.kitVersion')}>
          <span data-testid="well-metadata-kit-version">{well?.kitVersion ?? ''}</span>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('wellMetadata.lot')}>{well?.lotName ?? ''}</Descriptions.Item>
      <Descriptions.Item label={t('wellMetadata.suggestedResult')}>
        {result ? resultText(result, t) : ''}
      </Descriptions.Item>
      {reason && (
        <Descriptions.Item label={t('wellMetadata.reason')}>
          <span data-testid="well-metadata-reason">{reason}</span>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
