import type { Page } from 'playwright-core';

const LIMIT = 400;
const FRAME_CHARS = 160;
/** A JSON Web Token inside a frame (the handshake and auth.refresh carry the access token). */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;

const frame = (payload: string | Buffer): string =>
  String(payload).replace(JWT, '<token>').slice(0, FRAME_CHARS);

/**
 * What a page did, with times, for a failing spec to print: console warnings and errors, page
 * errors, failed requests, and the live connection (WebSocket opened, closed, each frame's start).
 * A spec waiting for a live change can then tell a missed event from a late job.
 */
export interface PageTimeline {
  /** What was recorded, one line per row, after a heading. */
  format(heading: string): string;
}

const timelines = new WeakMap<Page, PageTimeline>();

/** The page's timeline, recorded from its creation when `newSignedInPage` opened it. */
export function pageTimeline(page: Page): PageTimeline {
  return timelines.get(page) ?? recordPageTimeline(page);
}

export function recordPageTimeline(page: Page): PageTimeline {
  const started = Date.now();
  const lines: string[] = [];
  const add = (text: string): void => {
    lines.push(`+${((Date.now() - started) / 1000).toFixed(2)}s ${text}`);
    if (lines.length > LIMIT) lines.splice(0, lines.length - LIMIT);
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      add(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => add(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) =>
    add(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const length = response.headers()['content-length'] ?? '?';
    add(`${response.status()} ${response.request().method()} ${url.pathname}${url.search} (${length} bytes)`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) add(`navigated: ${frame.url()}`);
  });
  page.on('websocket', (socket) => {
    add(`websocket open: ${socket.url()}`);
    socket.on('framereceived', ({ payload }) => add(`ws <- ${frame(payload)}`));
    socket.on('framesent', ({ payload }) => add(`ws -> ${frame(payload)}`));
    socket.on('socketerror', (error) => add(`websocket error: ${error}`));
    socket.on('close', () => add('websocket closed'));
  });
  const timeline: PageTimeline = {
    format: (heading) => `----- ${heading} -----\n${lines.join('\n') || '(nothing recorded)'}`,
  };
  timelines.set(page, timeline);
  return timeline;
}
