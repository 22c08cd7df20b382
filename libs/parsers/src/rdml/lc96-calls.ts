import { invalidFile } from '../common/run-file-errors';
import { decodeXmlEntities, hasDoctype } from './xml-tree';

/**
 * Roche's own calls (Positive / Negative / Invalid) from the calculated_data.xml a LightCycler 96
 * writes into its .rdml zip. Layout, as read from roche-lc96/lc96_bACTXY.rdml:
 *
 *   rocheLC96CalculatedData / experiment[@id] / run[@id] / react[@id] / factGraph[@id, @targetId] / call
 *   .../moduleCalculatedData/.../absQuantDataSource / graphId (= factGraph/@id), call, editedCall
 *
 * The absQuant call is the analysis module's final call (a user may have edited it: editedCall);
 * when present it wins over the factGraph call.
 *
 * The document is 2.5 MB, nearly all of it normalised fluorescence we do not use, so it is scanned
 * for the few elements above instead of being built into a tree (5x less time and garbage).
 */
export type Lc96Calls = Map<string, string>;

export function lc96CallKey(experimentId: string, runId: string, reactId: string, targetId: string): string {
  return `${experimentId}\u0000${runId}\u0000${reactId}\u0000${targetId}`;
}

const TOKENS =
  /<(?:[\w.-]+:)?(experiment|run|react|factGraph)\b([^>]*)>|<(?:[\w.-]+:)?(call|graphId)>([^<]*)<\/(?:[\w.-]+:)?(?:call|graphId)>|<(?:[\w.-]+:)?(absQuantDataSource)\b[^>]*>/g;
const ID = /\bid\s*=\s*"([^"]*)"/;
const TARGET_ID = /\btargetId\s*=\s*"([^"]*)"/;

export function readLc96Calls(fileName: string, xml: string): Lc96Calls {
  if (hasDoctype(xml)) {
    throw invalidFile(
      `${fileName} (calculated_data.xml)`,
      'XML with a DOCTYPE or ENTITY declaration is refused (no DTD processing)',
    );
  }
  const calls: Lc96Calls = new Map();
  const keyByGraph = new Map<string, string>();
  let experimentId = '';
  let runId = '';
  let reactId = '';
  /** Key of the factGraph whose <call> comes next, or null. */
  let pendingGraph: string | null = null;
  /** Inside an absQuantDataSource: the graphId seen, and whether its call came. */
  let inSource = false;
  let sourceGraph: string | null = null;
  for (const match of xml.matchAll(TOKENS)) {
    const element = match[1];
    if (element !== undefined) {
      const attributes = match[2];
      const id = decodeXmlEntities(ID.exec(attributes)?.[1] ?? '');
      if (element === 'experiment') experimentId = id;
      else if (element === 'run') runId = id;
      else if (element === 'react') reactId = id;
      else {
        const targetId = TARGET_ID.exec(attributes)?.[1];
        pendingGraph = targetId
          ? lc96CallKey(experimentId, runId, reactId, decodeXmlEntities(targetId))
          : null;
        if (pendingGraph && id) keyByGraph.set(id, pendingGraph);
      }
      continue;
    }
    if (match[5] !== undefined) {
      inSource = true;
      sourceGraph = null;
      continue;
    }
    const value = decodeXmlEntities(match[4].trim());
    if (match[3] === 'graphId') {
      sourceGraph = inSource ? value : null;
    } else if (inSource && sourceGraph !== null) {
      const key = keyByGraph.get(sourceGraph);
      if (key && value !== '') calls.set(key, value);
      inSource = false;
      sourceGraph = null;
    } else if (pendingGraph !== null) {
      if (value !== '') calls.set(pendingGraph, value);
      pendingGraph = null;
    }
  }
  return calls;
}
