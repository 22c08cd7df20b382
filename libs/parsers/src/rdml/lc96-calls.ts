import { childOf, childrenOf, parseXmlTree, textOf, type XmlElement } from './xml-tree';

/**
 * Roche's own calls (Positive / Negative / Invalid) from the calculated_data.xml a LightCycler 96
 * writes into its .rdml zip. Layout, as read from roche-lc96/lc96_bACTXY.rdml:
 *
 *   rocheLC96CalculatedData / experiment[@id] / run[@id] / react[@id] / factGraph[@id, @targetId] / call
 *   .../moduleCalculatedData/.../absQuantDataSource / graphId (= factGraph/@id), call, editedCall
 *
 * The absQuant call is the analysis module's final call (a user may have edited it: editedCall);
 * when present it wins over the factGraph call.
 */
export type Lc96Calls = Map<string, string>;

export function lc96CallKey(experimentId: string, runId: string, reactId: string, targetId: string): string {
  return `${experimentId}\u0000${runId}\u0000${reactId}\u0000${targetId}`;
}

function collect(element: XmlElement, name: string, found: XmlElement[], depth = 0): void {
  if (depth > 64) return;
  for (const child of element.children) {
    if (child.name === name) found.push(child);
    else collect(child, name, found, depth + 1);
  }
}

export function readLc96Calls(fileName: string, xml: string): Lc96Calls {
  const root = parseXmlTree(`${fileName} (calculated_data.xml)`, xml);
  const calls: Lc96Calls = new Map();
  const keyByGraph = new Map<string, string>();
  for (const experiment of childrenOf(root, 'experiment')) {
    const experimentId = experiment.attributes.id ?? '';
    for (const run of childrenOf(experiment, 'run')) {
      const runId = run.attributes.id ?? '';
      for (const react of childrenOf(run, 'react')) {
        const reactId = react.attributes.id ?? '';
        for (const graph of childrenOf(react, 'factGraph')) {
          const targetId = graph.attributes.targetId;
          const call = textOf(childOf(graph, 'call'));
          if (!targetId) continue;
          const key = lc96CallKey(experimentId, runId, reactId, targetId);
          if (graph.attributes.id) keyByGraph.set(graph.attributes.id, key);
          if (call !== '') calls.set(key, call);
        }
      }
    }
    const sources: XmlElement[] = [];
    collect(experiment, 'absQuantDataSource', sources);
    for (const source of sources) {
      const key = keyByGraph.get(textOf(childOf(source, 'graphId')));
      const call = textOf(childOf(source, 'call'));
      if (key && call !== '') calls.set(key, call);
    }
  }
  return calls;
}
