import { Injectable } from '@nestjs/common';
import { UserRepository } from '@amplio/db';
import type { HealthDto } from './dto/health.dto';

@Injectable()
export class HealthService {
  constructor(private readonly users: UserRepository) {}

  async health(): Promise<HealthDto> {
    await this.users.ping();
    return { status: 'ok' };
  }
}
