import type { SampleType } from '@amplio/domain';
import { Button, Card, Col, Flex, Row, Select, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lot, Run } from '../../api/types';
import { useConfirm } from '../../components/common/confirm';
import { PlateGrid, type PlateWellView } from '../../components/plate/plate-grid';
import { SAMPLE_TYPE_COLOURS, SAMPLE_TYPES } from '../../components/plate/sample-types';

type WellConfigurationPanelProps = {
  run: Run;
  positions: string[];
  sampleTypes: Record<string, SampleType>;
  onSampleTypesChange: (sampleTypes: Record<string, SampleType>) => void;
  wellNames: Record<string, string>;
  selected: ReadonlySet<string>;
  onSelectionChange: (selection: Set<string>) => void;
  lot: Lot | undefined;
  disabled: boolean;
};

/** The plate of run creation: each well coloured and marked by its sample type. */
function creationPlateWells(
  run: Run,
  positions: string[],
  sampleTypes: Record<string, SampleType>,
  wellNames: Record<string, string>,
  t: TFunction,
): Record<string, PlateWellView> {
  const plate: Record<string, PlateWellView> = {};
  for (const position of positions) {
    const sampleType = sampleTypes[position];
    const name = wellNames[position] ?? run.wells[position]?.name;
    plate[position] = {
      color: sampleType ? SAMPLE_TYPE_COLOURS[sampleType] : undefined,
      label: sampleType ? t(`sampleTypeInitial.${sampleType}`) : '',
      tooltip: [position, name, sampleType ? t(`sampleType.${sampleType}`) : t('runCreation.notConfigured')]
        .filter(Boolean)
        .join(' · '),
    };
  }
  return plate;
}

/** Run creation step 2: the plate and the well panel that gives the selected wells a sample type. */
export function WellConfigurationPanel({
  run,
  positions,
  sampleTypes,
  onSampleTypesChange,
  wellNames,
  selected,
  onSelectionChange,
  lot,
  disabled,
}: WellConfigurationPanelProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [chosenType, setChosenType] = useState<SampleType>('SAMPLE');

  const applySampleType = async (): Promise<void> => {
    // SPEC 4: selected wells holding different values need a confirmation before one applies to all.
    const existing = new Set([...selected].map((position) => sampleTypes[position] ?? ''));
    const mixed = existing.size > 1;
    if (
      mixed &&
      !(await confirm({
        title: t('runCreation.mixedTitle'),
        content: t('runCreation.mixedMessage', { sampleType: t(`sampleType.${chosenType}`) }),
      }))
    )
      return;
    const next = { ...sampleTypes };
    for (const position of selected) next[position] = chosenType;
    onSampleTypesChange(next);
  };

  const clearSampleType = (): void => {
    const next = { ...sampleTypes };
    for (const position of selected) delete next[position];
    onSampleTypesChange(next);
  };

  return (
    <Row gutter={24}>
      <Col xs={24} xl={14}>
        <PlateGrid
          plateType={run.plateType}
          wells={creationPlateWells(run, positions, sampleTypes, wellNames, t)}
          selected={selected}
          onSelectionChange={onSelectionChange}
          disabled={disabled}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('plate.selectionHelp')}
        </Typography.Paragraph>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('runCreation.wellPanel')} data-testid="well-panel">
          <Flex vertical gap={12}>
            <Typography.Text data-testid="selected-count">
              {t('runCreation.selectedCount', { count: selected.size })}
            </Typography.Text>
            <Typography.Text>
              {t('runCreation.kitLot', { kit: lot?.kit.name ?? '', lot: lot?.name ?? '' })}
            </Typography.Text>
            <Select<SampleType>
              data-testid="sample-type-select"
              value={chosenType}
              onChange={setChosenType}
              options={SAMPLE_TYPES.map((type) => ({ value: type, label: t(`sampleType.${type}`) }))}
            />
            <Space wrap>
              <Button
                type="primary"
                disabled={selected.size === 0}
                onClick={() => void applySampleType()}
                data-testid="apply-sample-type"
              >
                {t('runCreation.apply')}
              </Button>
              <Button
                disabled={selected.size === 0}
                onClick={clearSampleType}
                data-testid="clear-sample-type"
              >
                {t('runCreation.clear')}
              </Button>
            </Space>
            <div>
              <Typography.Text type="secondary">{t('runCreation.legend')}</Typography.Text>
              <Flex wrap gap={4} style={{ marginTop: 4 }}>
                {SAMPLE_TYPES.map((type) => (
                  <Tag key={type} color={SAMPLE_TYPE_COLOURS[type]} style={{ color: 'rgba(0,0,0,0.85)' }}>
                    {t('runCreation.legendItem', {
                      initial: t(`sampleTypeInitial.${type}`),
                      label: t(`sampleType.${type}`),
                    })}
                  </Tag>
                ))}
              </Flex>
            </div>
            <Typography.Text type="secondary">
              {t('runCreation.configuredCount', { count: Object.keys(sampleTypes).length })}
            </Typography.Text>
            <Typography.Text type="secondary">{t('runCreation.templatesLater')}</Typography.Text>
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}
