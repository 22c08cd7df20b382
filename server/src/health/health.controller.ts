import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/access-token.guard';
import { HealthDto, ReadinessDto } from './dto/health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly healthService: HealthService) {}

  /** Liveness: the process answers. */
  @Public()
  @Get('health')
  @ApiOkResponse({ type: HealthDto })
  health(): HealthDto {
    return this.healthService.health();
  }

  /** Readiness: database, Redis (when configured) and the queue answer; 503 otherwise. */
  @Public()
  @Get('ready')
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessDto })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessDto> {
    const readiness = await this.healthService.ready();
    if (readiness.status !== 'ready') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return readiness;
  }
}
