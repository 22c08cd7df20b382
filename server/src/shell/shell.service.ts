import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { UserRepository } from '@amplio/db';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RUNTIME_SETTINGS, type RuntimeSettings } from '../infrastructure/runtime-settings';
import type { HealthDto, MeDto, PublicPropertiesDto, ReleaseNoteDto } from './shell.controller';

/** Product identity shown in the About modal. */
export const PRODUCT = { reference: 'AMP-RUO-001', udi: '(01)00000000000000(10)AMPLIO' };

@Injectable()
export class ShellService {
  constructor(
    private readonly users: UserRepository,
    @Inject(RUNTIME_SETTINGS) private readonly settings: RuntimeSettings,
  ) {}

  async health(): Promise<HealthDto> {
    await this.users.ping();
    return { status: 'ok' };
  }

  async me(user: AuthenticatedUser): Promise<MeDto> {
    const row = await this.users.findById(user.id);
    if (!row) throw new ApiError(HttpStatus.UNAUTHORIZED, 'errorUnauthorized');
    const laboratory = row.laboratoryId ? await this.users.findLaboratory(row.laboratoryId) : null;
    return {
      id: row.id,
      login: row.login,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      roles: user.roles,
      laboratory: laboratory
        ? { id: laboratory.id, name: laboratory.name, kitManufacturer: laboratory.kitManufacturer }
        : null,
    };
  }

  publicProperties(): PublicPropertiesDto {
    return {
      'neoware.run.allowFileDownload': this.settings.allowFileDownload,
      version: this.settings.version,
      buildDate: this.settings.buildDate,
      udi: PRODUCT.udi,
      reference: PRODUCT.reference,
    };
  }

  async lastRelease(user: AuthenticatedUser): Promise<ReleaseNoteDto> {
    const note = await this.users.lastReleaseNote();
    if (!note) throw new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound', ['release']);
    return {
      version: note.version,
      date: note.date.toISOString(),
      note: note.note,
      alreadySeen: await this.users.hasSeenRelease(user.id, note.version),
    };
  }

  async markReleaseSeen(user: AuthenticatedUser, version: string): Promise<void> {
    await this.users.markReleaseSeen(user.id, version);
  }
}
