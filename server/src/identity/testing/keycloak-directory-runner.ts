/**
 * Test-only child process: runs KeycloakUserDirectory (ESM client, so outside Jest) against the
 * fake Keycloak whose URL is in KEYCLOAK_TEST_URL, with an in-memory mirror, and prints what each
 * step answered as one JSON line. Driven by keycloak-user-directory.spec.ts. Not used in production.
 */
import './workspace-aliases';
import type { AuditRecord } from '@amplio/db';
import type { DirectoryUser } from '../../users/user-directory';
import { KeycloakUserDirectory, type LocalUserMirror } from '../keycloak-user-directory';

const LAB = '0b7d2f7e-9a43-4d1e-8c0e-2f8a1f7d3c12';

async function main(): Promise<void> {
  const saved: DirectoryUser[] = [];
  const removed: string[] = [];
  const audits: AuditRecord[] = [];
  const mirror: LocalUserMirror = {
    laboratoryKitManufacturer: () => Promise.resolve(true),
    save: (user) => Promise.resolve(void saved.push(user)),
    remove: (id) => Promise.resolve(void removed.push(id)),
    audit: (record) => Promise.resolve(void audits.push(record)),
  };
  const directory = await KeycloakUserDirectory.create(
    {
      baseUrl: process.env.KEYCLOAK_TEST_URL ?? '',
      realm: 'amplio',
      clientId: 'amplio-admin',
      clientSecret: 's3cret',
    },
    mirror,
  );
  const audit = (action: string): AuditRecord => ({
    actorId: null,
    actorName: 'Test',
    laboratoryId: LAB,
    entity: 'user',
    entityId: 'pending',
    action,
    oldValue: null,
    newValue: { login: 'nurse' },
  });
  const base = {
    firstname: 'Nina',
    lastname: 'Nurse',
    email: 'nina@lab.example',
    enabled: true,
    oneTimePassword: 'otp-123456789012',
  };
  const created = await directory.create(
    LAB,
    { ...base, id: 'ignored', login: 'nurse', admin: false, doctor: true },
    audit('CREATE'),
  );
  await directory.create(
    LAB,
    { ...base, id: 'ignored-2', login: 'boss', admin: true, doctor: false },
    audit('CREATE'),
  );
  let duplicate = 'none';
  try {
    await directory.create(
      LAB,
      { ...base, id: 'x', login: 'nurse', admin: false, doctor: false },
      audit('CREATE'),
    );
  } catch (error) {
    duplicate = error instanceof Error ? error.name : String(error);
  }
  const page = await directory.list(LAB, { page: 0, size: 6, sort: 'login', direction: 'asc' });
  const otherLab = await directory.find('00000000-0000-4000-8000-0000000000ff', created.id);
  const updated = await directory.update(
    LAB,
    created.id,
    { enabled: false, admin: true, doctor: false },
    audit('UPDATE'),
  );
  const deleted = await directory.delete(LAB, created.id, audit('DELETE'));
  const afterDelete = await directory.find(LAB, created.id);
  // Nothing listens on port 1: the directory is unavailable.
  const down = await KeycloakUserDirectory.create(
    { baseUrl: 'http://127.0.0.1:1', realm: 'amplio', clientId: 'amplio-admin', clientSecret: 's3cret' },
    mirror,
  );
  const unavailable = await down.list(LAB, { page: 0, size: 6, sort: 'login', direction: 'asc' }).then(
    () => 'none',
    (error: unknown) => (error instanceof Error ? error.name : String(error)),
  );
  process.stdout.write(
    `${JSON.stringify({ created, duplicate, page, otherLab, updated, deleted, afterDelete, saved, removed, audits, unavailable })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
