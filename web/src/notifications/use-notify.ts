import { App } from 'antd';
import { useMemo } from 'react';
import { errorDetail } from './error-detail';

/** SPEC 8 / 9 durations in milliseconds. */
export const NOTIFICATION_MS = {
  error: 5000,
  errorInList: 3000,
  success: 3000,
  info: 3000,
  diagnosticSuccess: 6000,
} as const;

export type Notify = {
  error: (title: string, error: unknown, options?: { inList?: boolean; key?: string }) => void;
  /** `durationMs`: SPEC 9's longer durations (a diagnostic updated: 6 s); SPEC 8's 3 s otherwise. */
  success: (title: string, description?: string, durationMs?: number) => void;
  info: (title: string, description?: string, durationMs?: number) => void;
};

/** For `.catch(...)` in a query function: reports the error, then lets the query fail with it. */
export function reportAndRethrow(report: (error: unknown) => void): (error: unknown) => never {
  return (error) => {
    report(error);
    throw error;
  };
}

/** Bottom-left toasts with the SPEC 8 rules; titles are already translated. */
export function useNotify(): Notify {
  const { notification } = App.useApp();
  return useMemo<Notify>(() => {
    const toast =
      (kind: 'success' | 'info') =>
      (title: string, description?: string, durationMs: number = NOTIFICATION_MS[kind]): void =>
        notification[kind]({
          title,
          description,
          placement: 'bottomLeft',
          duration: durationMs / 1000,
        });
    return {
      error: (title, error, options) =>
        notification.error({
          key: options?.key,
          title,
          description: errorDetail(error),
          placement: 'bottomLeft',
          duration: (options?.inList ? NOTIFICATION_MS.errorInList : NOTIFICATION_MS.error) / 1000,
        }),
      success: toast('success'),
      info: toast('info'),
    };
  }, [notification]);
}
