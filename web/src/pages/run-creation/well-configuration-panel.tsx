import type { SampleType } from '@amplio/domain';
import { Button, Card, Col, Flex, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Lot, Run } from '../../api/types';
import { useConfirm } from '../../components/common/confirm';
import { PlateGrid, type PlateWellView } from '../../components/plate/plate-grid';
import { SAMPLE_TYPE_COLOURS, SAMPLE_TYPES } from '../../components/plate/sample-types';
import { kitOptionsOf } from '../../view-models/lot-view-model';
import { lotChoiceOf } from '../../view-models/run-view-model';
import {
  autoAssign,
  holdsDifferentValues,
  missingItems,
  type MissingItem,
  type WellConfig,
  withKit,
  withSampleType,
} from './well-configuration-rules';
import { type OfferedSampleTypes, sampleTypesFor, withLotMatchingSampleType } from './sample-type-offer';

type WellConfigurationPanelProps = {
  run: Run;
  positions: string[];
  wells: Record<string, WellConfig>;
  onWellsChange: (wells: Record<string, WellConfig>) => void;
  selected: ReadonlySet<string>;
  onSelectionChange: (selection: Set<string>) => void;
  /** The lots chosen at step 1. */
  lots: Lot[];
  /** The sample types each chosen lot's kit version offers (null: not known, all are offered). */
  offered: OfferedSampleTypes;
  disabled: boolean;
};

export function missingText(items: MissingItem[], t: TFunction): string {
  return items.map((item) => t(`runCreation.missing.${item}`)).join(` ${t('runCreation.and')} `);
}

/** The plate of run creation: sample type colour and initial; incomplete wells marked with what they miss. */
function creationPlateWells(
  run: Run,
  positions: string[],
  wells: Record<string, WellConfig>,
  t: TFunction,
): Record<string, PlateWellView> {
  const plate: Record<string, PlateWellView> = {};
  for (const position of positions) {
    const well = wells[position];
    const sampleType = well?.sampleType;
    const missing = missingItems(well);
    const name = well?.name ?? run.wells[position]?.name;
    plate[position] = {
      color: sampleType ? SAMPLE_TYPE_COLOURS[sampleType] : undefined,
      label: missing.length > 0 ? '!' : sampleType ? t(`sampleTypeInitial.${sampleType}`) : '',
      tooltip: [
        position,
        name,
        sampleType ? t(`sampleType.${sampleType}`) : t('runCreation.notConfigured'),
        missing.length > 0 ? t('runCreation.missingHover', { items: missingText(missing, t) }) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    };
  }
  return plate;
}

/** Run creation step 2: the plate and the panel giving the selected wells kit, lot, sample type and name. */
export function WellConfigurationPanel({
  run,
  positions,
  wells,
  onWellsChange,
  selected,
  onSelectionChange,
  lots,
  offered,
  disabled,
}: WellConfigurationPanelProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const selectedList = [...selected];
  const first = selectedList.length > 0 ? wells[selectedList[0]] : undefined;
  const same = (field: keyof WellConfig) => !holdsDifferentValues(wells, selectedList, field);
  const kitId = same('kitId') ? first?.kitId : undefined;
  const [chosenType, setChosenType] = useState<SampleType>('SAMPLE');
  // The sample types the selected wells' kit versions all offer; the choice falls back to the first.
  const versionOf = new Map(lots.map((lot) => [lot.id, lot.kitVersion.id]));
  const offeredTypes = sampleTypesFor(
    selectedList.flatMap((position) => versionOf.get(wells[position]?.lotId ?? '') ?? []),
    offered,
  );
  const sampleType = offeredTypes.includes(chosenType) ? chosenType : offeredTypes[0];

  /** SPEC 4: selected wells holding different values need a yes/no confirmation first. */
  const applyToSelected = async (field: keyof WellConfig, change: (well: WellConfig) => WellConfig) => {
    if (
      holdsDifferentValues(wells, selectedList, field) &&
      !(await confirm({ title: t('runCreation.mixedTitle'), content: t('runCreation.mixedFieldMessage') }))
    )
      return;
    const next = { ...wells };
    for (const position of selectedList) {
      const changed = change(next[position] ?? {});
      if (changed.kitId || changed.lotId || changed.sampleType || changed.name) next[position] = changed;
      else delete next[position];
    }
    // SPEC 4: with exactly one kit or lot available, wells with a sample type get it.
    onWellsChange(autoAssign(next, lots.map(lotChoiceOf)));
  };

  return (
    <Row gutter={24}>
      <Col xs={24} xl={14}>
        <PlateGrid
          plateType={run.plateType}
          wells={creationPlateWells(run, positions, wells, t)}
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
            <Typography.Text>{t('runCreation.kit')}</Typography.Text>
            <Select<string>
              allowClear
              data-testid="well-kit-select"
              disabled={selected.size === 0 || disabled}
              value={kitId}
              options={kitOptionsOf(lots)}
              onChange={(value) => void applyToSelected('kitId', (well) => withKit(well, value))}
            />
            <Typography.Text>{t('runCreation.lot')}</Typography.Text>
            <Select<string>
              allowClear
              data-testid="well-lot-select"
              disabled={selected.size === 0 || disabled}
              value={same('lotId') ? first?.lotId : undefined}
              options={lots
                .filter((lot) => !kitId || lot.kit.id === kitId)
                .map((lot) => ({
                  value: lot.id,
                  label: `${lot.name} (${lot.kit.name} ${lot.kitVersion.version})`,
                }))}
              onChange={(value) => {
                const lot = lots.find((candidate) => candidate.id === value);
                void applyToSelected('lotId', (well) =>
                  withLotMatchingSampleType(well, lot ? lotChoiceOf(lot) : undefined, offered),
                );
              }}
            />
            <Typography.Text>{t('runCreation.sampleType')}</Typography.Text>
            <Select<SampleType>
              data-testid="sample-type-select"
              disabled={disabled}
              value={sampleType}
              options={offeredTypes.map((type) => ({ value: type, label: t(`sampleType.${type}`) }))}
              onChange={setChosenType}
            />
            <Space wrap>
              <Button
                type="primary"
                disabled={selected.size === 0 || disabled}
                onClick={() => void applyToSelected('sampleType', (well) => withSampleType(well, sampleType))}
                data-testid="apply-sample-type"
              >
                {t('runCreation.apply')}
              </Button>
              <Button
                disabled={selected.size === 0 || disabled}
                onClick={() => void applyToSelected('sampleType', (well) => withSampleType(well, undefined))}
                data-testid="clear-sample-type"
              >
                {t('runCreation.clear')}
              </Button>
            </Space>
            <Typography.Text>{t('runCreation.wellName')}</Typography.Text>
            <Input
              data-testid="well-name-input"
              disabled={selected.size !== 1 || disabled}
              value={selected.size === 1 ? (first?.name ?? '') : ''}
              maxLength={200}
              onChange={(event) => {
                const position = selectedList[0];
                onWellsChange({
                  ...wells,
                  [position]: { ...(wells[position] ?? {}), name: event.target.value || undefined },
                });
              }}
            />
            <div data-testid="captions-legend">
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
                <Tag>{t('runCreation.incompleteCaption')}</Tag>
              </Flex>
            </div>
            <Typography.Text type="secondary">
              {t('runCreation.configuredCount', {
                count: Object.values(wells).filter((well) => well.sampleType).length,
              })}
            </Typography.Text>
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}
