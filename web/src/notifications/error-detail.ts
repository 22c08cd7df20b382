import i18next from 'i18next';
import { ApiError } from '../api/api-client';
import { positional } from '../i18n/positional';

const NO_MESSAGE_AVAILABLE = 'No message available';

/** One step of a field path: `conditions[0]` reads as `Condition 1`, `color` as `Colour`. */
function segmentLabel(segment: string): string {
  const match = /^(\w+)\[(\d+)\]$/.exec(segment);
  const name = match ? match[1] : segment;
  const key = `field.${name}`;
  const label = i18next.exists(key) ? i18next.t(key) : name;
  return match ? `${label} ${Number(match[2]) + 1}` : label;
}

/**
 * A parameter naming a request field reads as its label: `analyserId` as `Analyser`, and a path
 * into a kit configuration (`diagnostics[2].conditions[0].expressions[1].rightVariable`) as
 * `Diagnostic 3 › Condition 1 › Expression 2 › Right variable` (SPEC 5: the first offending field).
 */
function fieldLabel(param: string): string {
  const key = `field.${param}`;
  if (i18next.exists(key)) return i18next.t(key);
  if (!/^\w+(\[\d+\])?(\.\w+(\[\d+\])?)+$|^\w+\[\d+\]$/.test(param)) return param;
  return param.split('.').map(segmentLabel).join(' › ');
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
