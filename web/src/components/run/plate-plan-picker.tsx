import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { getPlatePlanTypes } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import type { PlatePlanType, RunWell } from '../../api/types';
import { reportAndRethrow, useNotify } from '../../notifications/use-notify';

/** An optional plate plan: its type and its file, both or neither (SPEC 5). */
export type PlatePlanChoice = { type?: string; file?: File };

export function isPlatePlanIncomplete(choice: PlatePlanChoice): boolean {
  return Boolean(choice.type) !== Boolean(choice.file);
}

export function isPlatePlanChosen(choice: PlatePlanChoice): choice is { type: string; file: File } {
  return Boolean(choice.type && choice.file);
}

/** Wells a plate plan filled, carried from the import step to run creation (navigation state). */
export type PlatePlanState = { platePlanWells: Record<string, RunWell> };

export function platePlanWellsFrom(state: unknown): Record<string, RunWell> | null {
  if (typeof state !== 'object' || state === null) return null;
  const wells = (state as Partial<PlatePlanState>).platePlanWells;
  return typeof wells === 'object' && wells !== null ? wells : null;
}

/** GET /api/plate-template/plateplans, with the SPEC 8 dropdown-loading error. */
export function usePlatePlanTypes(): { types: PlatePlanType[]; loading: boolean } {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useQuery({
    queryKey: queryKeys.platePlanTypes,
    queryFn: () =>
      getPlatePlanTypes().catch(reportAndRethrow((error) => notify.error(t('platePlan.loadError'), error))),
  });
  return { types: query.data ?? [], loading: query.isPending && query.isFetching };
}

type PlatePlanPickerProps = {
  value: PlatePlanChoice;
  onChange: (value: PlatePlanChoice) => void;
  types: PlatePlanType[];
  loading: boolean;
  disabled?: boolean;
};

/** Plate plan type and file pickers, with a link to the template file. */
export function PlatePlanPicker({ value, onChange, types, loading, disabled }: PlatePlanPickerProps) {
  const { t } = useTranslation();
  const chosenType = types.find((type) => type.plateName === value.type);
  const accept = (chosenType ? [chosenType] : types).map((type) => type.extension).join(',');
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Select
          allowClear
          style={{ minWidth: 220 }}
          data-testid="plate-plan-type"
          loading={loading}
          disabled={disabled}
          placeholder={t('platePlan.typePlaceholder')}
          value={value.type}
          options={types.map((type) => ({
            value: type.plateName,
            label: t(`platePlan.type.${type.plateName}`, { defaultValue: type.plateName }),
          }))}
          onChange={(type?: string) => onChange({ ...value, type })}
        />
        <div data-testid="plate-plan-file">
          <Upload
            maxCount={1}
            accept={accept || undefined}
            disabled={disabled}
            beforeUpload={() => false}
            fileList={
              value.file ? [{ uid: 'plate-plan', name: value.file.name, status: 'done' as const }] : []
            }
            onChange={({ fileList }) => {
              const last = fileList[fileList.length - 1];
              onChange({ ...value, file: last?.originFileObj });
            }}
            onRemove={() => {
              onChange({ ...value, file: undefined });
              return true;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={disabled}>
              {t('platePlan.choose')}
            </Button>
          </Upload>
        </div>
      </Flex>
      <Typography.Link href="/plate-plan-template.csv" download data-testid="plate-plan-template">
        {t('platePlan.template')}
      </Typography.Link>
    </Flex>
  );
}
