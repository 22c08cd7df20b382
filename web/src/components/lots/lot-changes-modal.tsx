import { Button, List, Modal, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  configurationKeys,
  getLotChangesSinceSeen,
  type LotChange,
  type LotChangesSummary,
  markLotChangesSeen,
} from '../../api/configuration-api';
import { useSession } from '../../auth/session-context';

const SECTIONS = ['newLots', 'versionChangedLots', 'disabledLots', 'activatedLots'] as const;

export function hasLotChanges(summary: LotChangesSummary | undefined): boolean {
  return Boolean(summary && SECTIONS.some((section) => summary[section].length > 0));
}

/** "Changes in lot since last login", for non-admins: four sections; OK marks them seen (SPEC 2 shell). */
export function LotChangesModal() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const client = useQueryClient();
  const enabled = !permissions.isAdmin;
  const summary = useQuery({
    queryKey: configurationKeys.lotChangesSinceSeen,
    queryFn: getLotChangesSinceSeen,
    enabled,
    staleTime: Infinity,
  });
  const seen = useMutation({
    mutationFn: markLotChangesSeen,
    onSettled: () => client.setQueryData(configurationKeys.lotChangesSinceSeen, undefined),
  });
  const open = enabled && hasLotChanges(summary.data) && !seen.isPending && !seen.isSuccess;
  const line = (change: LotChange) =>
    t('lotChanges.line', {
      lot: change.lot.name,
      kit: change.kit?.name ?? '',
      version: change.kitVersion?.version ?? '',
      user: change.userName,
      date: new Date(change.modificationDate).toLocaleString(i18n.language),
    });
  return (
    <Modal
      open={open}
      title={t('lotChanges.title')}
      closable={false}
      data-testid="lot-changes-modal"
      footer={
        <Button type="primary" data-testid="lot-changes-ok" onClick={() => seen.mutate()}>
          {t('lotChanges.ok')}
        </Button>
      }
    >
      {SECTIONS.filter((section) => (summary.data?.[section].length ?? 0) > 0).map((section) => (
        <List
          key={section}
          size="small"
          data-testid={`lot-changes-${section}`}
          header={<Typography.Text strong>{t(`lotChanges.${section}`)}</Typography.Text>}
          dataSource={summary.data?.[section] ?? []}
          renderItem={(change) => <List.Item>{line(change)}</List.Item>}
        />
      ))}
    </Modal>
  );
}
