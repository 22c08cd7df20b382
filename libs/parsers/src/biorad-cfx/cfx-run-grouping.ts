/**
 * Which CFX export files belong to one run, told by their content, not their names. No Node API:
 * takes bytes (Uint8Array) or text, so the browser groups files before uploading them.
 *
 * A CFX run's files share no run id (only "Run Information" names the .pcrd), but they share the
 * plate's loaded wells: the amplification table's columns, the Cq Results / Summary / End Point
 * rows and the plate view's filled cells all list the same wells. The grouping key is the plate
 * size and that well set. Two runs of the same layout share a key; groupCfxRunFiles then separates
 * them by their CFX file names when a role appears twice, and keeps them together otherwise (the
 * parser drops a copied table and refuses other reads of a well with a clear message). An
 * amplification table of one well group joins the run whose files list all its wells.
 */
import { formatPosition, groupRunFiles, parsePosition } from '@amplio/domain';
import { cellText } from '../common/table';
import { decodeText, guessDelimiter, splitDelimited } from '../common/text';
import { classifyBioRadTable, type BioRadTableKind } from './biorad-classify';

export interface CfxFileIdentity {
  /** The table's role (amplification, cq-results, summary, end-point, run-information, plate-view, other). */
  role: BioRadTableKind;
  /** The run grouping key ("cfx96:<hash of the well set>"), or null when the file lists no wells (Run Information, Standard Curve). */
  key: string | null;
  /** Loaded wells the file lists. */
  wells: number;
  /** Those wells, in A1 form. */
  positions: string[];
  /** Fluorophores the file names in its rows (Cq Results, Summary, End Point), [] when it names none. */
  fluors: string[];
}

const ZIP_OR_OLE2 = (bytes: Uint8Array): boolean =>
  (bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf);

function position(text: string): string | null {
  const coordinates = /^[A-Za-z]\d{1,2}$/.test(text.trim()) ? parsePosition(text.trim()) : null;
  return coordinates ? formatPosition(coordinates) : null;
}

/** 32-bit FNV-1a, hex: a short, stable digest of the well list. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function rowsOf(text: string): string[][] {
  const lines = text.split(/\r\n|\n|\r/);
  const first = lines.find((line) => line.trim() !== '') ?? '';
  const delimiter = guessDelimiter(first);
  return lines
    .slice(lines.indexOf(first))
    .map((line) => splitDelimited(line, delimiter).map((cell) => cell.trim()));
}

function wellsOf(role: BioRadTableKind, rows: string[][]): Set<string> {
  const wells = new Set<string>();
  const header = rows[0] ?? [];
  if (role === 'amplification' || (role === 'other' && header.some((cell) => position(cell)))) {
    for (const cell of header) {
      const found = position(cell);
      if (found) wells.add(found);
    }
    return wells;
  }
  if (role === 'plate-view') {
    // ",,1,2,...": rows "A,Content,Unkn,..." name the content of each loaded well.
    for (const row of rows.slice(1)) {
      if (cellText(row[1]).toLowerCase() !== 'content') continue;
      row.slice(2).forEach((cell, column) => {
        const found = cell ? position(`${row[0]}${header[column + 2]}`) : null;
        if (found) wells.add(found);
      });
    }
    return wells;
  }
  const wellColumn = header.findIndex((cell) => cell.toLowerCase() === 'well');
  if (wellColumn < 0) return wells;
  for (const row of rows.slice(1)) {
    const found = position(row[wellColumn] ?? '');
    if (found) wells.add(found);
  }
  return wells;
}

/** The role, grouping key and fluorophores of one CFX text export file, or null when it is not one. */
export function cfxFileIdentity(content: Uint8Array | string): CfxFileIdentity | null {
  if (typeof content !== 'string' && ZIP_OR_OLE2(content)) return null;
  const text = typeof content === 'string' ? content.replace(/^\uFEFF/, '') : decodeText(content);
  const rows = rowsOf(text);
  const role = classifyBioRadTable(rows);
  if (!role) return null;
  const wells = wellsOf(role, rows);
  const fluorColumn = (rows[0] ?? []).findIndex((cell) => cell.toLowerCase() === 'fluor');
  const fluors =
    fluorColumn < 0
      ? []
      : [
          ...new Set(
            rows
              .slice(1)
              .map((row) => row[fluorColumn] ?? '')
              .filter(Boolean),
          ),
        ];
  if (wells.size === 0) return { role, key: null, wells: 0, positions: [], fluors };
  const sorted = [...wells].sort((left, right) => {
    const a = parsePosition(left);
    const b = parsePosition(right);
    return a && b ? a.row - b.row || a.column - b.column : 0;
  });
  const plate = sorted.some((well) => {
    const coordinates = parsePosition(well);
    return coordinates !== null && (coordinates.row > 7 || coordinates.column > 11);
  })
    ? 'cfx384'
    : 'cfx96';
  return { role, key: `${plate}:${digest(sorted.join(','))}`, wells: wells.size, positions: sorted, fluors };
}

/** The grouping key of one CFX file from its content (see cfxFileIdentity), or null. */
export function cfxRunGroupingKey(content: Uint8Array | string): string | null {
  return cfxFileIdentity(content)?.key ?? null;
}

/** Two files of one group that hold the same table (same role and fluorophores, or two amplification tables of equal fluor-less content) mean two runs. */
function roleSignature(identity: CfxFileIdentity): string | null {
  if (identity.role === 'amplification' || identity.role === 'other' || identity.role === 'plate-view')
    return null;
  return `${identity.role}|${identity.fluors.join(',')}`;
}

/**
 * CFX exports one amplification table per well group: a group of amplification tables only whose
 * wells all belong to exactly one other group (the run's Cq Results list every well) joins it.
 */
function mergeWellGroups(
  groups: Map<string, string[]>,
  wellSets: Map<string, Set<string>>,
  amplificationOnly: Map<string, boolean>,
): void {
  for (const [key, names] of [...groups]) {
    if (!amplificationOnly.get(key)) continue;
    const wells = [...(wellSets.get(key) ?? [])];
    const holders = [...groups.keys()].filter((other) => {
      const set = wellSets.get(other);
      return (
        other !== key && set !== undefined && set.size > wells.length && wells.every((well) => set.has(well))
      );
    });
    if (holders.length !== 1) continue;
    groups.set(holders[0], [...(groups.get(holders[0]) ?? []), ...names]);
    groups.delete(key);
  }
}

/**
 * Groups CFX export files into runs by content: files with the same well set are one run; files
 * that list no wells (Run Information) join the only run, or the run whose files share their CFX
 * name prefix; workbooks and files that are not CFX tables are runs of their own.
 */
export function groupCfxRunFiles(files: Array<{ name: string; content: Uint8Array | string }>): string[][] {
  const groups = new Map<string, string[]>();
  const others: string[][] = [];
  const unkeyed: string[] = [];
  const signatures = new Map<string, Set<string>>();
  const wellSets = new Map<string, Set<string>>();
  const amplificationOnly = new Map<string, boolean>();
  let split = false;
  for (const file of files) {
    const identity = cfxFileIdentity(file.content);
    if (!identity) others.push([file.name]);
    else if (!identity.key) unkeyed.push(file.name);
    else {
      groups.set(identity.key, [...(groups.get(identity.key) ?? []), file.name]);
      wellSets.set(identity.key, new Set(identity.positions));
      amplificationOnly.set(
        identity.key,
        (amplificationOnly.get(identity.key) ?? true) && identity.role === 'amplification',
      );
      const signature = roleSignature(identity);
      if (signature) {
        const seen = signatures.get(identity.key) ?? new Set<string>();
        if (seen.has(signature)) split = true;
        seen.add(signature);
        signatures.set(identity.key, seen);
      }
    }
  }
  mergeWellGroups(groups, wellSets, amplificationOnly);
  let runs = [...groups.values()];
  // The same table twice in one well set: two runs of one layout; their CFX names tell them apart.
  // Names that are not CFX names (every file its own group) cannot tell them apart: keep the group.
  if (split) {
    runs = runs.flatMap((names) => {
      const byName = groupRunFiles('biorad-cfx', names);
      return byName.every((group) => group.length > 1) ? byName : [names];
    });
  }
  const nameGroups = (names: string[]): number => groupRunFiles('biorad-cfx', names).length;
  for (const name of unkeyed) {
    const match =
      runs.length === 1 ? runs[0] : runs.find((names) => nameGroups([...names, name]) === nameGroups(names));
    if (match) match.push(name);
    else runs.push([name]);
  }
  return [...runs, ...others];
}
