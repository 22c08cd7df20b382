import { Card, Flex, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { positional } from '../../i18n/i18n';
import { useLiveEvent } from '../../live/live-context';
import { applyImportProgress, expireImports, type InFlightImport } from './in-flight-imports';

const EXPIRY_TICK_MS = 500;

/**
 * Imports of the laboratory in flight (any user, any browser), from `import.progress` on the
 * laboratory room: file names, state and progress. READY refetches the run list (live-queries.ts) so
 * the new run appears; FAILED shows the error for as long as an error toast.
 */
export function InFlightImportsPanel() {
  const { t } = useTranslation();
  const [imports, setImports] = useState<InFlightImport[]>([]);

  useLiveEvent('import.progress', (event) => {
    setImports((current) => applyImportProgress(current, event, Date.now()));
  });

  const active = imports.length > 0;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(
      () => setImports((current) => expireImports(current, Date.now())),
      EXPIRY_TICK_MS,
    );
    return () => window.clearInterval(timer);
  }, [active]);

  if (!active) return null;
  return (
    <Card
      size="small"
      title={t('runList.inFlightTitle', { count: imports.length })}
      style={{ marginBottom: 16 }}
      data-testid="import-in-flight"
    >
      <Flex vertical gap={8}>
        {imports.map((item) => (
          <div key={item.key} data-testid={`import-in-flight-${item.key}`} data-state={item.state}>
            <Typography.Text ellipsis={{ tooltip: item.fileNames.join(', ') }} style={{ maxWidth: '100%' }}>
              {item.fileNames.join(', ')}
            </Typography.Text>
            <Flex align="center" gap={12}>
              <Progress
                size="small"
                style={{ flex: 1, marginBottom: 0 }}
                percent={item.progress}
                status={item.state === 'FAILED' ? 'exception' : item.state === 'READY' ? 'success' : 'active'}
              />
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {t(`importState.${item.state}`)}
              </Typography.Text>
            </Flex>
            {item.state === 'FAILED' && item.error && (
              <Typography.Text type="danger">
                {t(item.error.message, {
                  ...positional(item.error.params),
                  defaultValue: item.error.message,
                })}
              </Typography.Text>
            )}
          </div>
        ))}
      </Flex>
    </Card>
  );
}
