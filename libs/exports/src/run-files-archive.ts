import { zipSync, type Zippable } from 'fflate';

/** A zip of the run's original files, byte for byte (names made unique if two files share one). */
export function zipRunFiles(files: Array<{ name: string; content: Uint8Array }>): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) {
    let name = file.name.replace(/[\\/]/g, '_');
    for (let copy = 2; name in entries; copy += 1) name = file.name.replace(/(\.[^.]*)?$/, ` (${copy})$1`);
    entries[name] = [file.content, { level: 6 }];
  }
  return zipSync(entries);
}
