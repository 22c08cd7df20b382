import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { UserRepository } from '@amplio/db';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RUNTIME_SETTINGS, type RuntimeSettings } from '../infrastructure/runtime-settings';
import type { PublicPropertiesDto } from './dto/public-properties.dto';
import type { ReleaseNoteDto } from './dto/release-note.dto';

/** Product identity shown in the About modal. */
export const PRODUCT = { reference: 'AMP-RUO-001', udi: '(01)00000000000000(10)AMPLIO' };

/** The product's version, public properties and release notes (SPEC 2 "About", "Release note modal"). */
@Injectable()
export class ReleasesService {
  constructor(
    private readonly users: UserRepository,
    @Inject(RUNTIME_SETTINGS) private readonly settings: RuntimeSettings,
  ) {}

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
