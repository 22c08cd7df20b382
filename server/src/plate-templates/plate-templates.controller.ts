import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PlatePlanTypeDto } from './dto/plate-plan-type.dto';
import { PLATE_PLAN_TYPES } from './plate-plan-types';

/** Plate templates and plate plan types (SPEC 7 "Plate templates"). */
@ApiTags('plate-templates')
@ApiBearerAuth()
@Controller('plate-template')
export class PlateTemplatesController {
  @Get('plateplans')
  @ApiOkResponse({ type: [PlatePlanTypeDto] })
  platePlans(): PlatePlanTypeDto[] {
    return PLATE_PLAN_TYPES;
  }
}
