import { App } from 'antd';
import i18next from 'i18next';
import { useMemo } from 'react';
import { ApiError } from '../api/api-client';
import { positional } from '../i18n/i18n';

/** SPEC 8 / 9 durations in milliseconds. */
export const NOTIFICATION_MS = {
  error: 5000,
  errorInList: 3000,
  success: 3000,
  info: 3000,
  diagnosticSuccess: 6000,
} as const;

const NO_MESSAGE_AVAILABLE = 'No message available';

/** A parameter naming a request field (`analyserId`) reads as its label (`Analyser`). */
function fieldLabel(param: string): string {
  const key = `field.${param}`;
  return i18next.exists(key) ? i18next.t(key) : param;
}

/**
 * The body of an error notification: the server's message translated when it is a key (the
 * literal "No message available" as is), else the error's own message, else "No detail available".
 */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError && error.body?.message) {
    const { message } = error.body;
    if (message === NO_MESSAGE_AVAILABLE) return message;
    if (i18next.exists(message)) return i18next.t(message, positional(error.params.map(fieldLabel)));
    return message;
  }
  if (error instanceof Error && error.message) {
    return i18next.exists(error.message) ? i18next.t(error.message) : error.message;
  }
  if (typeof error === 'string' && error) return i18next.exists(error) ? i18next.t(error) : error;
  return i18next.t('notification.noDetailAvailable');
}

export type Notify = {
  error: (title: string, error: unknown, options?: { inList?: boolean; key?: string }) => void;
  success: (title: string, description?: string) => void;
  info: (title: string, description?: string) => void;
};

/** Bottom-left toasts with the SPEC 8 rules; titles are already translated. */
export function useNotify(): Notify {
  const { notification } = App.useApp();
  return useMemo<Notify>(
    () => ({
      error: (title, error, options) =>
        notification.error({
          key: options?.key,
          title,
          description: errorDetail(error),
          placement: 'bottomLeft',
          duration: (options?.inList ? NOTIFICATION_MS.errorInList : NOTIFICATION_MS.error) / 1000,
        }),
      success: (title, description) =>
        notification.success({
          title,
          description,
          placement: 'bottomLeft',
          duration: NOTIFICATION_MS.success / 1000,
        }),
      info: (title, description) =>
        notification.info({
          title,
          description,
          placement: 'bottomLeft',
          duration: NOTIFICATION_MS.info / 1000,
        }),
    }),
    [notification],
  );
}
