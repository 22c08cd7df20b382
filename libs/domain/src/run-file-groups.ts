/**
 * Batch import: which of the chosen files belong to the same run, by the analyser's naming rules.
 * Bio-Rad CFX writes one file per result kind and fluorophore, all named "<run> -  <kind>...";
 * the LightCycler 480's Cp table is "<raw data name>_Cq.txt" (or Cp); every other analyser writes
 * one file per run. Pure, so the browser shows the groups before anything is uploaded.
 */
const BIORAD_KINDS =
  /^(.*?)[\s_-]*(Quantification (?:Amplification|Cq|Summary|Plate View)|End Point|Melt Curve|Allelic Discrimination|Standard Curve|Run Information|Gene Expression)(?![a-z])/i;
// "<raw>_Cq.txt", "<raw>Cp.txt", "<raw>-ct.txt"; its melt table "<raw>-melt.txt" (or _Tm) goes with it.
const LC480_CP_SUFFIX = /(?:[\s_-]*(?:Cq|Cp)|[\s_-]+(?:Ct|melt|Tm))(?=\.[^.]+$|$)/i;

function extensionless(name: string): string {
  return name.replace(/\.[^.]+$/, '');
}

function runKey(analyserId: string, fileName: string): string {
  switch (analyserId) {
    case 'biorad-cfx': {
      const match = BIORAD_KINDS.exec(extensionless(fileName));
      return match ? match[1].trim() : fileName;
    }
    case 'roche-lc480':
      return extensionless(fileName.replace(LC480_CP_SUFFIX, ''));
    default:
      return fileName;
  }
}

/** Groups file names into runs, keeping the order in which each run first appears. */
export function groupRunFiles(analyserId: string, fileNames: string[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const name of fileNames) {
    const key = runKey(analyserId, name);
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  return [...groups.values()];
}
