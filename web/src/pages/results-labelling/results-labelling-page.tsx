import { Button, Empty, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  configurationKeys,
  getKitConfiguration,
  getKits,
  getNextKitConfiguration,
  getLaboratoryVersions,
  getOfficialVersions,
  type KitConfiguration,
  type KitVersion,
  saveKitConfiguration,
} from '../../api/configuration-api';
import { useSession } from '../../auth/session-context';
import { useNotify } from '../../notifications/use-notify';
import {
  canLabel,
  type LabelledResult,
  labelledResults,
  missingForLabelling,
  relabel,
} from './results-labelling';

const ALL_VERSIONS = { page: 0, size: 200, sort: 'createdDate,desc' };

/**
 * /admin/configuration/labelling: the laboratory names the results of its kit versions (SPEC 2
 * "Results labelling", 5). Kits, then results of their editable versions, then the label; Save
 * renames the results in every analyser configuration of the version.
 */
export function ResultsLabellingPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const { permissions } = useSession();
  const [kitIds, setKitIds] = useState<string[]>([]);
  const [keys, setKeys] = useState<string[]>([]);
  const [label, setLabel] = useState('');
  const kits = useQuery({
    queryKey: configurationKeys.kits(!permissions.isAdmin),
    queryFn: () => getKits(!permissions.isAdmin),
  });
  const versionLists = useQueries({
    queries: kitIds.flatMap((kitId) =>
      (['official', 'laboratory'] as const).map((kind) => {
        const query = { ...ALL_VERSIONS, kitId };
        return {
          queryKey:
            kind === 'official'
              ? configurationKeys.officialVersions(query)
              : configurationKeys.laboratoryVersions(query),
          queryFn: () => (kind === 'official' ? getOfficialVersions(query) : getLaboratoryVersions(query)),
        };
      }),
    ),
  });
  const versions: KitVersion[] = versionLists
    .flatMap((list) => list.data?.content ?? [])
    .filter((version) => canLabel(version, permissions));
  // Each analyser of each version: its saved configuration, or (a laboratory version not configured
  // yet on it) the one it starts from.
  const sources = versions.flatMap((version) =>
    version.analysers.map((analyser) => ({
      key: analyser.kitAnalyserId ?? `${version.id}:${analyser.analyserId}`,
      load: () =>
        analyser.kitAnalyserId
          ? getKitConfiguration(analyser.kitAnalyserId)
          : getNextKitConfiguration(version.id, analyser.analyserId),
    })),
  );
  const configurationQueries = useQueries({
    queries: sources.map((source) => ({
      queryKey: configurationKeys.kitConfiguration(source.key),
      queryFn: source.load,
    })),
  });
  const configurations = configurationQueries.flatMap((query) => (query.data ? [query.data] : []));
  const loading =
    versionLists.some((list) => list.isLoading) || configurationQueries.some((query) => query.isLoading);
  const results = labelledResults(configurations);
  const chosen = results.filter((result) => keys.includes(result.key));
  const missing = missingForLabelling(
    kitIds,
    chosen.map((result) => result.key),
    label,
  );

  const save = useMutation({
    mutationFn: async (): Promise<KitConfiguration[]> => {
      const editor = permissions.isAdmin ? 'admin' : 'doctor';
      const saved: KitConfiguration[] = [];
      for (const configuration of relabel(configurations, chosen, label)) {
        saved.push(
          await saveKitConfiguration(
            {
              ...(configuration.kitAnalyser.kitAnalyserId
                ? {
                    kitAnalyserId: configuration.kitAnalyser.kitAnalyserId,
                    configurationVersion: configuration.kitAnalyser.configurationVersion,
                  }
                : {
                    kitVersionId: configuration.kitAnalyser.kitVersionId,
                    analyserId: configuration.kitAnalyser.analyserId,
                  }),
              cqMethod: configuration.cqMethod,
              ratio: configuration.ratio,
              kitAnalyserChannels: configuration.kitAnalyserChannels,
              diagnostics: configuration.diagnostics,
            },
            editor,
          ),
        );
      }
      return saved;
    },
    onSuccess: (saved) => {
      for (const configuration of saved)
        client.setQueryData(
          configurationKeys.kitConfiguration(configuration.kitAnalyser.kitAnalyserId ?? ''),
          configuration,
        );
      // New laboratory configurations now have an id: the versions list says so.
      void client.invalidateQueries({ queryKey: configurationKeys.versions });
      setKeys([]);
      setLabel('');
      notify.success(t('resultsLabelling.saved'));
    },
    onError: (error) => {
      void client.invalidateQueries({ queryKey: configurationKeys.all });
      notify.error(t('resultsLabelling.saveError'), error);
    },
  });

  const columns = [
    { title: t('resultsLabelling.kit'), dataIndex: 'kitName', key: 'kit' },
    {
      title: t('resultsLabelling.version'),
      key: 'version',
      render: (_: unknown, row: LabelledResult) =>
        row.laboratoryName ? `${row.version} (${row.laboratoryName})` : row.version,
    },
    {
      title: t('resultsLabelling.label'),
      key: 'label',
      render: (_: unknown, row: LabelledResult) => (
        <Space>
          {row.colours.map((colour) => (
            <span
              key={colour}
              style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: colour }}
            />
          ))}
          <span data-testid={`labelled-result-${row.label}`}>{row.label}</span>
        </Space>
      ),
    },
    {
      title: t('resultsLabelling.analysers'),
      key: 'analysers',
      render: (_: unknown, row: LabelledResult) => row.analysers.join(', '),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="results-labelling-page">
      <Typography.Paragraph type="secondary">{t('resultsLabelling.help')}</Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item label={t('resultsLabelling.kits')} required>
          <Select
            mode="multiple"
            data-testid="labelling-kits"
            placeholder={t('kitConfiguration.pickKit')}
            loading={kits.isLoading}
            value={kitIds}
            onChange={(value: string[]) => {
              setKitIds(value);
              setKeys([]);
            }}
            showSearch={{ optionFilterProp: 'label' }}
            options={(kits.data ?? []).map((kit) => ({
              value: kit.id,
              label: `${kit.name} (${kit.reference})`,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('resultsLabelling.diagnostics')} required>
          <Select
            mode="multiple"
            data-testid="labelling-diagnostics"
            loading={loading}
            disabled={kitIds.length === 0}
            value={keys}
            onChange={(value: string[]) => setKeys(value)}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={t('resultsLabelling.noResults')}
            options={results.map((result) => ({
              value: result.key,
              label: `${result.kitName} ${result.version}: ${result.label}`,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('resultsLabelling.label')} required>
          <Input
            data-testid="labelling-label"
            value={label}
            maxLength={255}
            onChange={(event) => setLabel(event.target.value)}
          />
        </Form.Item>
        <Space>
          {missing && (
            <Typography.Text type="secondary" data-testid="labelling-missing">
              {t(`resultsLabelling.missing.${missing}`)}
            </Typography.Text>
          )}
          <Button
            type="primary"
            disabled={missing !== null}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="labelling-save"
          >
            {t('resultsLabelling.save')}
          </Button>
        </Space>
      </Form>
      {kitIds.length === 0 ? (
        <Empty description={t('resultsLabelling.pickKits')} />
      ) : (
        <Table
          size="small"
          rowKey="key"
          loading={loading}
          dataSource={results}
          columns={columns}
          pagination={{ pageSize: 10 }}
          locale={{ emptyText: t('resultsLabelling.noResults') }}
          data-testid="labelled-results"
        />
      )}
    </Space>
  );
}
