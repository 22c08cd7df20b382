import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Progress, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportRun } from '../../api/exports-api';
import { useLiveEvent } from '../../live/live-context';
import { useNotify } from '../../notifications/use-notify';
import {
  DEFAULT_EXPORT_FORM,
  EXPORT_FORMAT_OPTIONS,
  type ExportForm,
  exportDownloadName,
  exportFormError,
  exportRequest,
  nextExportProgress,
  SHOW_PROGRESS_AFTER_MS,
} from './export-rules';

type ExportWindowProps = {
  runId: string;
  businessId: string;
  plateId: string | null;
  /** Ids of the wells selected on the plate. */
  selectedWellIds: string[];
  onClose: () => void;
};

/** Saves a blob under a name through a temporary link. */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The export window of SPEC 2: format, data scope, options (separator for CSV, PDF as plate for PDF). */
export function ExportWindow({ runId, businessId, plateId, selectedWellIds, onClose }: ExportWindowProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form, setForm] = useState<ExportForm>(DEFAULT_EXPORT_FORM);
  const error = exportFormError(form, selectedWellIds);
  const change = (patch: Partial<ExportForm>): void => setForm((current) => ({ ...current, ...patch }));
  /** This export's id in the export.progress events of the run's room, and its percent. */
  const [progress, setProgress] = useState<{ id: string | null; percent: number }>({ id: null, percent: 0 });
  const [slow, setSlow] = useState(false);
  useLiveEvent('export.progress', (event) =>
    setProgress((current) => ({
      ...current,
      percent: nextExportProgress(current.percent, event, current.id),
    })),
  );
  const exporting = useMutation({
    mutationFn: () => {
      const progressId = crypto.randomUUID();
      setProgress({ id: progressId, percent: 0 });
      const fallbackName = exportDownloadName(businessId, plateId, form.format, new Date());
      return exportRun(runId, { ...exportRequest(form, selectedWellIds), progressId }, fallbackName);
    },
    onSuccess: ({ blob, fileName }) => {
      download(blob, fileName);
      notify.success(t('exportWindow.done'));
    },
    onError: (failure) => notify.error(t('exportWindow.errorTitle'), failure),
  });
  // The bar appears only for an export that takes longer than a second.
  useEffect(() => {
    if (!exporting.isPending) return undefined;
    const timer = setTimeout(() => setSlow(true), SHOW_PROGRESS_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [exporting.isPending]);

  return (
    <Card size="small" title={t('exportWindow.title')} data-testid="export-window">
      <Form layout="vertical">
        <Form.Item label={t('exportWindow.formatLabel')}>
          <Radio.Group
            value={form.format}
            onChange={(event) => change({ format: event.target.value as ExportForm['format'] })}
            data-testid="export-format"
          >
            {EXPORT_FORMAT_OPTIONS.map((format) => (
              <Radio.Button key={format} value={format} data-testid={`export-format-${format}`}>
                {t(`exportWindow.format.${format}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('exportWindow.scopeLabel')}>
          <Radio.Group
            value={form.scope}
            onChange={(event) => change({ scope: event.target.value as ExportForm['scope'] })}
          >
            <Radio value="plate" data-testid="export-scope-plate">
              {t('exportWindow.scope.plate')}
            </Radio>
            <Radio value="selection" data-testid="export-scope-selection">
              {t('exportWindow.scope.selection', { count: selectedWellIds.length })}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {form.format === 'csv' && (
          <Form.Item label={t('exportWindow.separator')} help={t('exportWindow.separatorHelp')}>
            <Input
              value={form.separator}
              maxLength={2}
              style={{ width: 80 }}
              onChange={(event) => change({ separator: event.target.value })}
              data-testid="export-separator"
            />
          </Form.Item>
        )}
        {form.format === 'pdf' && (
          <Form.Item>
            <Checkbox
              checked={form.isExportAsPlate}
              onChange={(event) => change({ isExportAsPlate: event.target.checked })}
              data-testid="export-as-plate"
            >
              {t('exportWindow.asPlate')}
            </Checkbox>
          </Form.Item>
        )}
        {error && <Alert type="warning" showIcon title={t(error)} data-testid="export-error" />}
        {exporting.isPending && slow && (
          <div data-testid="export-progress">
            {t('exportWindow.progress')}
            <Progress percent={progress.percent} size="small" status="active" />
          </div>
        )}
        <Flex justify="end" gap={8} style={{ marginTop: 12 }}>
          <Button onClick={onClose} data-testid="export-close">
            {t('exportWindow.close')}
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={error !== null}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            data-testid="export-download"
          >
            {t('exportWindow.download')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
