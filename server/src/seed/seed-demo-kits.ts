import type { DataSource } from 'typeorm';
import {
  type KitConfigurationDocument,
  KitConfigurationRepository,
  KitRepository,
  KitVersionRepository,
  LotRepository,
} from '@amplio/db';
import { genotypingConfiguration, RESPIRATORY_BY_ANALYSER, SYBR_BY_ANALYSER } from './demo-kits';

const SEED_ACTOR = { id: null, name: 'seed', laboratoryId: null };
const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface DemoKit {
  id: string;
  name: string;
  reference: string;
  versionId: string;
  configurations: Record<string, KitConfigurationDocument>;
  /** Kit-analyser ids start here, one per analyser in the order of `configurations`. */
  firstKitAnalyser: number;
  lots: Array<{ id: string; name: string; laboratory: 'laboratory' | 'manufacturer' }>;
}

const DEMO_KITS: DemoKit[] = [
  {
    id: uuid(10),
    name: 'Amplio Demo SNP Genotyping Kit',
    reference: 'AMP-GT-001',
    versionId: uuid(11),
    configurations: {
      'thermo-quantstudio-da': genotypingConfiguration(),
      'thermo-quantstudio-rt': genotypingConfiguration(),
    },
    firstKitAnalyser: 13,
    lots: [{ id: uuid(12), name: 'LOT-2026-001', laboratory: 'laboratory' }],
  },
  {
    id: uuid(20),
    name: 'Amplio Respiratory Virus PCR Kit',
    reference: 'AMP-RV-002',
    versionId: uuid(21),
    configurations: RESPIRATORY_BY_ANALYSER,
    firstKitAnalyser: 200,
    lots: [
      { id: uuid(22), name: 'RV-2026-001', laboratory: 'laboratory' },
      { id: uuid(23), name: 'RV-2026-M01', laboratory: 'manufacturer' },
    ],
  },
  {
    id: uuid(30),
    name: 'Amplio SYBR Green Screening Kit',
    reference: 'AMP-SG-003',
    versionId: uuid(31),
    configurations: SYBR_BY_ANALYSER,
    firstKitAnalyser: 300,
    lots: [{ id: uuid(32), name: 'SG-2026-001', laboratory: 'laboratory' }],
  },
];

/**
 * The demo kits, each with a locked official version 1.0 configured for the analyser families it
 * suits, and lots in the demo laboratory. Kits already present are left as they are.
 */
export async function seedDemoKits(
  dataSource: DataSource,
  laboratories: { laboratory: string; manufacturer: string },
): Promise<void> {
  const kits = new KitRepository(dataSource);
  const versions = new KitVersionRepository(dataSource);
  const configurations = new KitConfigurationRepository(dataSource);
  const lots = new LotRepository(dataSource);
  for (const kit of DEMO_KITS) {
    if (await kits.findKit(kit.id)) continue;
    await kits.insertKit({
      id: kit.id,
      name: kit.name,
      reference: kit.reference,
      ownerLaboratoryId: laboratories.manufacturer,
    });
    await versions.insertVersion(
      { id: kit.versionId, kitId: kit.id, version: '1.0', locked: true, laboratoryId: null },
      null,
    );
    for (const [index, [analyserId, configuration]] of Object.entries(kit.configurations).entries()) {
      await configurations.insert(
        {
          id: uuid(kit.firstKitAnalyser + index),
          kitVersionId: kit.versionId,
          analyserId,
          laboratoryId: null,
          status: 'ACTIVE',
          configuration,
        },
        SEED_ACTOR,
      );
    }
    for (const lot of kit.lots) {
      await lots.insertLot({
        id: lot.id,
        name: lot.name,
        expirationDate: new Date('2028-12-31T00:00:00Z'),
        kitId: kit.id,
        kitVersionId: kit.versionId,
        laboratoryId: laboratories[lot.laboratory],
      });
    }
  }
}
