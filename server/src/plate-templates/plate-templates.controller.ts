import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PlatePlanTypeDto } from '../runs/dto/run-requests.dto';
import { RunFilesService } from '../runs/run-files.service';

/** Plate templates (SPEC 7); the templates themselves arrive with the well-configuration issue. */
@ApiTags('plate-templates')
@ApiBearerAuth()
@Controller('plate-template')
export class PlateTemplatesController {
  constructor(private readonly runFiles: RunFilesService) {}

  @Get('plateplans')
  @ApiOkResponse({ type: [PlatePlanTypeDto] })
  platePlans(): PlatePlanTypeDto[] {
    return this.runFiles.platePlanTypes();
  }
}
