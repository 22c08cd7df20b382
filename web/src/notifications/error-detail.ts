import i18next from 'i18next';
import { ApiError } from '../api/api-client';
import { positional } from '../i18n/positional';

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
