import type { DataSource } from 'typeorm';
import { KitRepository, UserRepository } from '@amplio/db';
import { hashPassword } from '../identity/password';
import { ANALYSERS } from './analysers';
import { seedDemoKits } from './seed-demo-kits';

export const DEMO_PASSWORD = 'amplio-demo';

/** Fixed ids so that the demo data is the same on every machine. */
const ID = {
  laboratory: '00000000-0000-4000-8000-000000000001',
  manufacturer: '00000000-0000-4000-8000-000000000002',
};

export const DEMO_ACCOUNTS = [
  {
    login: 'technician',
    role: 'technician',
    firstname: 'Tess',
    lastname: 'Technician',
    laboratoryId: ID.laboratory,
  },
  {
    login: 'physician',
    role: 'physician (WRITE_DIAGNOSTIC)',
    firstname: 'Paul',
    lastname: 'Physician',
    laboratoryId: ID.laboratory,
    doctor: true,
  },
  {
    login: 'labadmin',
    role: 'laboratory admin',
    firstname: 'Lea',
    lastname: 'Admin',
    laboratoryId: ID.laboratory,
    admin: true,
  },
  {
    login: 'manufacturer',
    role: 'manufacturer admin',
    firstname: 'Max',
    lastname: 'Maker',
    laboratoryId: ID.manufacturer,
    admin: true,
  },
  {
    login: 'superadmin',
    role: 'super admin',
    firstname: 'Sam',
    lastname: 'Super',
    laboratoryId: ID.laboratory,
    admin: true,
    superAdmin: true,
  },
] as const;

/** Distinct from the migration (data-source.ts) and audit-chain (738214502) advisory lock keys. */
const SEED_LOCK_KEY = 738_214_510;

/** Analysers always; the demo laboratory, users and kit on the first start only. */
export async function seedDatabase(dataSource: DataSource, withDemoData: boolean): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    const kits = new KitRepository(dataSource);
    const users = new UserRepository(dataSource);
    await kits.upsertAnalysers(ANALYSERS);
    await users.upsertReleaseNote({
      version: '0.1.0',
      date: new Date('2026-11-21T00:00:00Z'),
      note: 'First release: import of QuantStudio Design & Analysis runs, interpretation, review and live status.',
    });
    if (!withDemoData) return;
    if (await users.findLaboratory(ID.laboratory)) {
      await seedDemoKits(dataSource, ID);
      return;
    }
    await users.insertLaboratory({
      id: ID.laboratory,
      name: 'Amplio Demo Laboratory',
      kitManufacturer: false,
    });
    await users.insertLaboratory({
      id: ID.manufacturer,
      name: 'Amplio Kits (manufacturer)',
      kitManufacturer: true,
    });
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      // One hash per account: every demo user has its own random salt.
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      await users.insertUser({
        id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
        login: account.login,
        passwordHash,
        firstname: account.firstname,
        lastname: account.lastname,
        email: `${account.login}@demo.amplio.local`,
        emailVerified: true,
        enabled: true,
        admin: 'admin' in account ? account.admin : false,
        doctor: 'doctor' in account ? account.doctor : false,
        superAdmin: 'superAdmin' in account ? account.superAdmin : false,
        laboratoryId: account.laboratoryId,
      });
    }
    await seedDemoKits(dataSource, ID);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}
