import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configurationKeys, getKits } from '../../api/configuration-api';
import { useLoadErrorNotice } from '../../notifications/use-load-error';

/** The kit dropdown of the configuration screens; non-admins see only kits linked to a lot (SPEC 2). */
export function KitPicker(props: {
  value: string | null;
  onChange: (kitId: string | null) => void;
  linkedToLots: boolean;
}) {
  const { t } = useTranslation();
  const kits = useQuery({
    queryKey: configurationKeys.kits(props.linkedToLots),
    queryFn: () => getKits(props.linkedToLots),
  });
  useLoadErrorNotice(kits, t('kitPicker.loadError'));
  return (
    <Select
      data-testid="kit-picker"
      style={{ minWidth: 280 }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('kitConfiguration.pickKit')}
      loading={kits.isLoading}
      value={props.value ?? undefined}
      onChange={(value: string | undefined) => props.onChange(value ?? null)}
      options={(kits.data ?? []).map((kit) => ({ value: kit.id, label: `${kit.name} (${kit.reference})` }))}
    />
  );
}
